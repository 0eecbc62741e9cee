/**
 * The sandbox's multipart parser, for tests that check an upload's parts (nock bodies): parts
 * are read by the boundary the request names, never string-matched.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseMultipart } = require('../../sandbox/lib/multipart') as {
	parseMultipart(raw: Buffer, contentType: string | undefined): MultipartForm;
};

export interface MultipartPart {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

export interface MultipartForm {
	parts: MultipartPart[];
	fields: Record<string, string[]>;
	files: MultipartPart[];
}

export { parseMultipart };

/** A nock body (hex-encoded for binary bodies, else a string) back to its bytes. */
export function bodyBytes(body: unknown): Buffer {
	if (Buffer.isBuffer(body)) return body;
	if (typeof body === 'string') {
		return /^[0-9a-f]*$/i.test(body) && body.length % 2 === 0 && body.length > 0
			? Buffer.from(body, 'hex')
			: Buffer.from(body, 'utf8');
	}
	throw new Error(`not a multipart body: ${typeof body}`);
}

/** A form's parts in order, as text: a field's name and value, a file's name, type and data. */
export const partsOf = (form: MultipartForm) =>
	form.parts.map((p) =>
		p.filename === undefined
			? { name: p.name, value: p.data.toString('utf8') }
			: { name: p.name, filename: p.filename, type: p.contentType, data: p.data.toString('utf8') },
	);
