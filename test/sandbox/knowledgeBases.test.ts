/** Knowledge bases under /external/kb, as FACTS.md describes them: multipart, a bare list, processing on the clock. */
import type { Sandbox } from '../../sandbox';
import { AGENT_1, KB_1, KB_2, UNKNOWN_UUID, type Client } from './helpers';
import { useSandbox } from '../helpers/sandbox';

let sb: Sandbox;
let api: Client;
useSandbox((started) => ({ sb, api } = started));

const FILE_1 = '0b0b0b0b-0000-4000-8000-000000000001';
const FAQ_1 = '0b0b0b0b-0000-4000-8000-000000000003';

/** Sends a multipart form; entries are [name, text] or [name, bytes, filename, type]. */
async function form(
	method: 'POST' | 'PATCH',
	entries: Array<[string, string] | [string, Buffer, string, string]>,
) {
	const data = new FormData();
	for (const entry of entries) {
		if (entry.length === 2) data.append(entry[0], entry[1]);
		else data.append(entry[0], new Blob([entry[1]], { type: entry[3] }), entry[2]);
	}
	const res = await fetch(`${sb.url}/external/kb`, {
		method,
		headers: { 'X-API-KEY': sb.apiKey },
		body: data,
	});
	return { status: res.status, body: (await res.json()) as any };
}

const SECONDS = 1000;

test('create: the documented answer, then pending -> processing -> completed with the files, URLs and FAQs', async () => {
	const created = await form('POST', [
		['kb_name', 'Support'],
		['files', Buffer.from('hello'), 'a.txt', 'text/plain'],
		['files', Buffer.from('%PDF-1.4 x'), 'b.pdf', 'application/pdf'],
		['urls', JSON.stringify(['https://example.com/docs'])],
		['faqs', JSON.stringify([{ question: 'Q?', answer: 'A.' }])],
	]);
	expect(created.status).toBe(200);
	expect(created.body).toEqual({
		message: 'Knowledge Base creation initiated',
		kb_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		processing_status: 'pending',
		files_queued: 2,
	});
	const id = created.body.kb_id;
	const status = async () => (await api.get(`/external/kb/${id}`)).body.status;
	expect(await status()).toBe('pending');
	sb.advance(2 * SECONDS);
	expect(await status()).toBe('processing');
	sb.advance(8 * SECONDS);
	const got = (await api.get(`/external/kb/${id}`)).body;
	expect(got).toEqual({
		kb_id: id,
		kb_name: 'Support',
		status: 'completed',
		created_at: expect.any(String),
		updated_at: expect.any(String),
		files: [
			{
				file_id: expect.any(String),
				file_type: 'txt',
				file_size: 5,
				filename: 'a.txt',
				file_path: expect.any(String),
			},
			{
				file_id: expect.any(String),
				file_type: 'pdf',
				file_size: 10,
				filename: 'b.pdf',
				file_path: expect.any(String),
			},
		],
		urls: [
			{
				file_id: expect.any(String),
				file_type: 'url',
				file_size: 0,
				url: 'https://example.com/docs',
				file_path: expect.any(String),
			},
		],
		faqs: [
			{
				file_id: expect.any(String),
				file_type: 'faq',
				file_size: expect.any(Number),
				content: expect.any(Object),
			},
		],
	});
	const list = (await api.get('/external/kb/all')).body;
	expect(Array.isArray(list)).toBe(true);
	expect(list).toContainEqual({
		kb_id: id,
		kb_name: 'Support',
		type: 'non_deterministic',
		created_at: got.created_at,
	});
});

test('a file named sandbox-fail ends failed', async () => {
	const created = await form('POST', [
		['kb_name', 'Broken'],
		['files', Buffer.from('x'), 'sandbox-fail.txt', 'text/plain'],
	]);
	sb.advance(10 * SECONDS);
	expect((await api.get(`/external/kb/${created.body.kb_id}`)).body.status).toBe('failed');
});

test('create refuses bad input with {detail}', async () => {
	expect(await form('POST', [['urls', '[]']])).toEqual({
		status: 400,
		body: { detail: "'kb_name' is required" },
	});
	expect(
		await form('POST', [
			['kb_name', 'x'],
			['urls', 'https://example.com'],
		]),
	).toEqual({ status: 400, body: { detail: "'urls' must be a JSON-encoded list" } });
	expect(
		await form('POST', [
			['kb_name', 'x'],
			['faqs', JSON.stringify([{ question: 'Q' }])],
		]),
	).toEqual({
		status: 400,
		body: { detail: "'faqs' must be a JSON-encoded list of {question, answer} strings" },
	});
	expect(
		await form('POST', [
			['kb_name', 'x'],
			['files', Buffer.alloc(2 * 1024 * 1024 + 1), 'big.pdf', 'application/pdf'],
		]),
	).toEqual({ status: 400, body: { detail: "File 'big.pdf' is too large (max 2 MB per file)" } });
	expect(
		await form('POST', [
			['kb_name', 'x'],
			['new_urls', '[]'],
		]),
	).toEqual({ status: 400, body: { detail: "Unexpected field 'new_urls'" } });
	const json = await api.post('/external/kb', { kb_name: 'x' });
	expect(json.status).toBe(400);
	expect(json.body).toEqual({ detail: 'Content-Type must be multipart/form-data' });
});

test('edit: removals and additions together, the documented answer, processing again', async () => {
	const edited = await form('PATCH', [
		['kb_id', KB_1],
		['files_to_remove', JSON.stringify([FILE_1])],
		['urls_to_remove', JSON.stringify(['https://clinic.example/visit'])],
		['faqs_to_remove', JSON.stringify([FAQ_1])],
		['new_files', Buffer.from('new'), 'new.txt', 'text/plain'],
		['new_urls', JSON.stringify(['https://clinic.example/prices'])],
		['new_faqs', JSON.stringify([{ question: 'Parking?', answer: 'Yes.' }])],
	]);
	expect(edited.status).toBe(200);
	expect(edited.body).toEqual({
		message: 'Knowledge Base edit initiated',
		kb_id: KB_1,
		items_removed: 3,
		new_files_queued: 1,
		new_files: [{ filename: 'new.txt', file_id: expect.any(String), processing_status: 'pending' }],
	});
	const kb = (await api.get(`/external/kb/${KB_1}`)).body;
	expect(kb.status).toBe('pending');
	expect(kb.files.map((f: any) => f.filename)).toEqual(['new.txt']);
	expect(kb.urls.map((u: any) => u.url)).toEqual(['https://clinic.example/prices']);
	expect(kb.faqs).toHaveLength(1);
	expect(kb.faqs[0].file_id).not.toBe(FAQ_1);
	sb.advance(10 * SECONDS);
	expect((await api.get(`/external/kb/${KB_1}`)).body.status).toBe('completed');
});

test('edit refuses an unknown knowledge base (404), ids it does not hold and a missing kb_id', async () => {
	expect(await form('PATCH', [['kb_id', UNKNOWN_UUID]])).toEqual({
		status: 404,
		body: { detail: 'Knowledge Base not found' },
	});
	expect(
		await form('PATCH', [
			['kb_id', KB_2],
			['files_to_remove', JSON.stringify([FILE_1])],
		]),
	).toEqual({
		status: 400,
		body: { detail: `File '${FILE_1}' is not in this knowledge base` },
	});
	expect(await form('PATCH', [['new_urls', '[]']])).toEqual({
		status: 400,
		body: { detail: "'kb_id' is required" },
	});
	expect(
		await form('PATCH', [
			['kb_id', KB_2],
			['new_files_metadata', '[]'],
		]),
	).toEqual({
		status: 400,
		body: { detail: "'new_files_metadata' must be a JSON-encoded object" },
	});
});

test('the seeded knowledge bases read completed; delete removes one; 404 after', async () => {
	const kb = (await api.get(`/external/kb/${KB_1}`)).body;
	expect(kb).toMatchObject({ kb_id: KB_1, kb_name: 'Clinic FAQ', status: 'completed' });
	expect(kb.files[0].file_id).toBe(FILE_1);
	expect(await api.del(`/external/kb/${KB_2}`)).toMatchObject({
		status: 200,
		body: { message: 'Knowledge Base deleted successfully', kb_id: KB_2 },
	});
	expect((await api.get(`/external/kb/${KB_2}`)).status).toBe(404);
	expect((await api.del(`/external/kb/${KB_2}`)).status).toBe(404);
	expect((await api.get('/external/kb/all')).body.map((k: any) => k.kb_id)).not.toContain(KB_2);
	expect((await api.get('/external/kb/not-a-uuid')).body).toEqual({
		detail: "'kb_id' must be a valid UUID, got 'not-a-uuid'",
	});
});

test('a created knowledge base can be attached to an assistant', async () => {
	const created = await form('POST', [['kb_name', 'Attach me']]);
	const res = await api.patch('/agent/v1', {
		agent_id: AGENT_1,
		operation: 'attach_kb',
		kb_id: created.body.kb_id,
	});
	expect(res.status).toBe(200);
});
