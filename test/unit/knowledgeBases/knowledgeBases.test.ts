/**
 * The one reader and writer of knowledge bases: each answer's shape checked, the multipart
 * forms part by part (empty lists left out), an hourly 429 explained, and what an edit can
 * remove as dropdown entries.
 */
import fc from 'fast-check';
import { NodeApiError, type INode } from 'n8n-workflow';

import {
	createKnowledgeBase,
	createParts,
	deleteKnowledgeBase,
	editKnowledgeBase,
	editParts,
	explainKbLimit,
	kbEntries,
	KB_STATUSES,
	listKnowledgeBases,
	readKnowledgeBase,
	type KbEdit,
} from '../../../nodes/shared/knowledgeBases/knowledgeBases';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';
import { bodyBytes, parseMultipart } from '../../helpers/multipart';

expectAllMocksUsed();

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const context = () => loadOptionsContext('voiceAgentKnowledgeBase', 'parameters.knowledgeBase');
const file = { filename: 'faq.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1') };
const noEdit: KbEdit = {
	kbId: KB,
	removeFiles: [],
	removeUrls: [],
	removeFaqs: [],
	files: [],
	urls: [],
	faqs: [],
};

/** The parts a form sends, as the service reads them. */
function captured(method: 'post' | 'patch', reply: object) {
	const seen: Array<Array<Record<string, string | undefined>>> = [];
	const scope = mockApi()
		[method]('/external/kb')
		.reply(function (_uri, body) {
			const form = parseMultipart(bodyBytes(body), String(this.req.headers['content-type']));
			seen.push(
				form.parts.map((p) => ({
					name: p.name,
					...(p.filename === undefined ? {} : { filename: p.filename, type: p.contentType }),
					value: p.data.toString('utf8'),
				})),
			);
			return [200, reply];
		});
	return { seen, scope };
}

test('the statuses, the last two final', () => {
	expect(KB_STATUSES).toEqual(['pending', 'processing', 'completed', 'failed']);
});

describe('readKnowledgeBase', () => {
	const record = {
		kb_id: KB,
		status: 'completed',
		files: [{ file_id: 'f1' }],
		urls: [],
		faqs: null,
	};

	test('GET /external/kb/{id}: the record as served', async () => {
		const scope = mockApi().get(`/external/kb/${KB}`).reply(200, record);
		expect(await readKnowledgeBase(context(), KB)).toEqual(record);
		scope.done();
	});

	test('the id is a path segment, encoded', async () => {
		const scope = mockApi().get('/external/kb/a%2Fb').reply(200, { status: 'pending' });
		expect(await readKnowledgeBase(context(), 'a/b')).toEqual({ status: 'pending' });
		scope.done();
	});

	test.each([
		[{ kb_id: KB }, 'the knowledge base status should be text but is a undefined'],
		[{ status: 3 }, 'the knowledge base status should be text but is a number'],
		[{ status: 'completed', urls: 'https://a.example' }, 'urls should be a list but is text'],
		[{ status: 'completed', faqs: [1] }, 'faqs[0] should be an object but is a number'],
	])('%j is refused', async (answer, problem) => {
		mockApi().get(`/external/kb/${KB}`).reply(200, answer);
		await expect(readKnowledgeBase(context(), KB)).rejects.toThrow(
			new Error(`Unexpected answer from the service: ${problem}`),
		);
	});
});

describe('listKnowledgeBases', () => {
	test('a bare JSON array of objects', async () => {
		const scope = mockApi()
			.get('/external/kb/all')
			.reply(200, [{ kb_id: KB, kb_name: 'Clinic' }]);
		expect(await listKnowledgeBases(context())).toEqual([{ kb_id: KB, kb_name: 'Clinic' }]);
		scope.done();
	});

	test.each([
		[{ kbs: [] }, 'the answer of GET /external/kb/all should be a list but is an object'],
		[[KB], 'the knowledge base list[0] should be an object but is text'],
	])('%j is refused', async (answer, problem) => {
		mockApi().get('/external/kb/all').reply(200, answer);
		await expect(listKnowledgeBases(context())).rejects.toThrow(
			new Error(`Unexpected answer from the service: ${problem}`),
		);
	});
});

describe('the forms', () => {
	test('create: kb_name, each file, then urls and faqs as JSON, in that order', () => {
		expect(
			createParts({
				name: 'Clinic',
				files: [file, file],
				urls: ['https://a.example'],
				faqs: [{ question: 'Open?', answer: 'Yes' }],
			}),
		).toEqual([
			{ name: 'kb_name', value: 'Clinic' },
			{ name: 'files', ...file },
			{ name: 'files', ...file },
			{ name: 'urls', value: '["https://a.example"]' },
			{ name: 'faqs', value: '[{"question":"Open?","answer":"Yes"}]' },
		]);
	});

	test('edit: kb_id, the removals, then what is added', () => {
		expect(
			editParts({
				kbId: KB,
				removeFiles: ['f1'],
				removeUrls: ['https://old.example'],
				removeFaqs: ['q1', 'q2'],
				files: [file],
				urls: ['https://new.example'],
				faqs: [{ question: 'Q', answer: 'A' }],
			}),
		).toEqual([
			{ name: 'kb_id', value: KB },
			{ name: 'files_to_remove', value: '["f1"]' },
			{ name: 'urls_to_remove', value: '["https://old.example"]' },
			{ name: 'faqs_to_remove', value: '["q1","q2"]' },
			{ name: 'new_files', ...file },
			{ name: 'new_urls', value: '["https://new.example"]' },
			{ name: 'new_faqs', value: '[{"question":"Q","answer":"A"}]' },
		]);
	});

	test('any empty list is left out, any other sent as its JSON', () => {
		const list = fc.array(fc.string(), { maxLength: 3 });
		fc.assert(
			fc.property(list, list, list, list, (removeFiles, removeUrls, removeFaqs, urls) => {
				const parts = editParts({ ...noEdit, removeFiles, removeUrls, removeFaqs, urls });
				const expected = [
					['files_to_remove', removeFiles],
					['urls_to_remove', removeUrls],
					['faqs_to_remove', removeFaqs],
					['new_urls', urls],
				]
					.filter(([, values]) => values.length > 0)
					.map(([name, values]) => ({ name, value: JSON.stringify(values) }));
				expect(parts).toEqual([{ name: 'kb_id', value: KB }, ...expected]);
			}),
			{ numRuns: 300, seed: 20260101 },
		);
	});
});

describe('the writes', () => {
	test('POST /external/kb sends the create form; the answer needs its kb_id', async () => {
		const { seen, scope } = captured('post', { message: 'ok', kb_id: KB, files_queued: 1 });
		expect(
			await createKnowledgeBase(
				context(),
				{ name: 'Clinic', files: [file], urls: [], faqs: [] },
				0,
			),
		).toEqual({ message: 'ok', kb_id: KB, files_queued: 1 });
		expect(seen).toEqual([
			[
				{ name: 'kb_name', value: 'Clinic' },
				{ name: 'files', filename: 'faq.pdf', type: 'application/pdf', value: '%PDF-1' },
			],
		]);
		scope.done();
	});

	test('PATCH /external/kb sends the edit form', async () => {
		const { seen, scope } = captured('patch', { message: 'ok', kb_id: KB });
		await editKnowledgeBase(context(), { ...noEdit, removeUrls: ['https://a.example'] }, 0);
		expect(seen).toEqual([
			[
				{ name: 'kb_id', value: KB },
				{ name: 'urls_to_remove', value: '["https://a.example"]' },
			],
		]);
		scope.done();
	});

	test.each([{}, { kb_id: '' }, { kb_id: 7 }])(
		'an answer %j without a kb_id is refused',
		async (answer) => {
			mockApi().post('/external/kb').reply(200, answer);
			await expect(
				createKnowledgeBase(context(), { name: 'Clinic', files: [], urls: [], faqs: [] }, 0),
			).rejects.toThrow(
				/^Unexpected answer from the service: the answer of POST \/external\/kb has no kb_id \(/,
			);
		},
	);

	test('DELETE /external/kb/{id}: the answer as served', async () => {
		const scope = mockApi()
			.delete(`/external/kb/${KB}`)
			.reply(200, { message: 'deleted', kb_id: KB });
		expect(await deleteKnowledgeBase(context(), KB, 0)).toEqual({ message: 'deleted', kb_id: KB });
		scope.done();
	});
});

describe('explainKbLimit', () => {
	const node = { name: 'Knowledge Base', type: 'x' } as INode;
	const apiError = (httpCode: string) =>
		new NodeApiError(node, { message: 'Too many' }, { httpCode, description: 'before' });

	test.each([
		['create', 'creates at most 10 knowledge bases an hour'],
		['edit', 'takes at most 20 knowledge-base edits an hour'],
		['read', 'answers at most 60 knowledge-base reads an hour'],
		['delete', 'deletes at most 10 knowledge bases a minute'],
	] as const)('a 429 on %s says the limit and what to do', (action, limit) => {
		const error = apiError('429');
		expect(explainKbLimit(error, action)).toBe(error);
		expect(error.description).toBe(
			`The service ${limit} per workspace, and this workspace is over it. Nothing was changed. Try again later: run the workflow from a Schedule Trigger, or put a Wait node before this one.`,
		);
	});

	test('anything else is returned untouched', () => {
		const error = apiError('500');
		expect(explainKbLimit(error, 'read')).toBe(error);
		expect(error.description).toBe('before');
		const plain = new Error('x');
		expect(explainKbLimit(plain, 'read')).toBe(plain);
	});
});

describe('kbEntries', () => {
	test('files by id (named by file name), URLs by themselves, FAQs by their first text', () => {
		expect(
			kbEntries({
				files: [
					{ file_id: 'f1', filename: 'faq.pdf' },
					{ file_id: 'f2' },
					{ filename: 'no-id' },
					'x',
				],
				urls: [{ url: 'https://a.example' }, { url: '' }],
				faqs: [
					{ file_id: 'q1', content: { question: '  Open on Sunday? ', answer: 'No' } },
					{ file_id: 'q2', content: { n: 1 } },
					{ file_id: 'q3', content: 'plain' },
					{ file_id: 'q4', content: { question: 'x'.repeat(100) } },
				],
			}),
		).toEqual({
			files: [
				{ name: 'faq.pdf', value: 'f1' },
				{ name: 'f2', value: 'f2' },
			],
			urls: [{ name: 'https://a.example', value: 'https://a.example' }],
			faqs: [
				{ name: 'Open on Sunday?', value: 'q1' },
				{ name: '{"n":1}', value: 'q2' },
				{ name: 'q3', value: 'q3' },
				{ name: `${'x'.repeat(79)}…`, value: 'q4' },
			],
		});
	});

	test('lists that are missing or not lists give no entries', () => {
		expect(kbEntries({ files: 'x', faqs: null })).toEqual({ files: [], urls: [], faqs: [] });
	});
});
