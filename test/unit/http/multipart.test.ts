import fc from 'fast-check';

import { multipartBody, type FormPart } from '../../../nodes/shared/http/multipart';
import { parseMultipart } from '../../helpers/multipart';

describe('multipartBody', () => {
	it('writes fields, repeated file parts and writer parts that the parser reads back exactly', () => {
		const csv = Buffer.from('Mobile Number,name\r\n+919876543210,"Ana ""A"""\r\n', 'utf8');
		const { body, contentType } = multipartBody([
			{ name: 'kb_name', value: 'Clinic FAQ é' },
			{
				name: 'files',
				filename: 'a.pdf',
				contentType: 'application/pdf',
				data: Buffer.from([0, 1, 13, 10, 45, 45]),
			},
			{ name: 'files', filename: 'b "q".txt', contentType: 'text/plain', data: Buffer.from('hi') },
			{
				name: 'file',
				filename: 'contacts.csv',
				contentType: 'text/csv',
				data: { byteLength: csv.length, writeInto: (t, o) => void csv.copy(t, o) },
			},
		]);
		expect(contentType).toMatch(
			/^multipart\/form-data; boundary=----VoiceAgentFormBoundary[0-9a-f]{48}$/,
		);
		const form = parseMultipart(body, contentType);
		expect(form.fields).toEqual({ kb_name: ['Clinic FAQ é'] });
		expect(
			form.files.map((f) => [f.name, f.filename, f.contentType, f.data.toString('hex')]),
		).toEqual([
			['files', 'a.pdf', 'application/pdf', '00010d0a2d2d'],
			['files', 'b "q".txt', 'text/plain', Buffer.from('hi').toString('hex')],
			['file', 'contacts.csv', 'text/csv', csv.toString('hex')],
		]);
	});

	it('uses a new boundary for every body', () => {
		const a = multipartBody([{ name: 'x', value: '1' }]).contentType;
		const b = multipartBody([{ name: 'x', value: '1' }]).contentType;
		expect(a).not.toBe(b);
	});

	it('round-trips any names, values and bytes', () => {
		const part = fc.oneof(
			fc.record({ name: fc.string({ minLength: 1 }), value: fc.string() }),
			fc.record({
				name: fc.string({ minLength: 1 }),
				filename: fc.string({ minLength: 1 }).filter((s) => !/[\r\n]/.test(s)),
				contentType: fc.constantFrom('text/csv', 'application/pdf', 'application/octet-stream'),
				data: fc.uint8Array({ maxLength: 200 }).map((u) => Buffer.from(u)),
			}),
		);
		fc.assert(
			fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
				// Line breaks in names are flattened on purpose (they cannot travel in a header).
				const clean = parts.map((p) => ({
					...p,
					name: p.name.replace(/[\r\n]+/g, ' '),
				})) as FormPart[];
				const { body, contentType } = multipartBody(clean);
				const form = parseMultipart(body, contentType);
				expect(
					form.parts.map((p) => ({
						name: p.name,
						filename: p.filename,
						data: p.data.toString('hex'),
					})),
				).toEqual(
					clean.map((p) => ({
						name: p.name,
						filename: 'filename' in p ? p.filename : undefined,
						data: ('filename' in p ? (p.data as Buffer) : Buffer.from(p.value, 'utf8')).toString(
							'hex',
						),
					})),
				);
			}),
		);
	});
});
