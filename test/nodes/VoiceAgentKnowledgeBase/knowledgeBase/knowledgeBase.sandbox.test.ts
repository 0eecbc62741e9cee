/**
 * The Knowledge Base node against the sandbox: its multipart forms are read by the sandbox's
 * parser and Wait Until Ready runs on the sandbox's manual clock (n8n's sleep advances it).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { locator } from '../../../helpers/fixtures';
import { initBinaryData, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';

let sb: Sandbox;
const slept: number[] = [];
jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual('n8n-workflow');
	return {
		...actual,
		// The node's polls wait on the sandbox's clock, not on real time.
		sleep: async (ms: number) => {
			slept.push(ms);
			sb.advance(ms);
			await new Promise((resolve) => setImmediate(resolve));
		},
	};
});

beforeAll(async () => {
	await initBinaryData();
});
useSandbox((started) => ({ sb } = started));
beforeEach(() => (slept.length = 0));

const run = (parameters: IDataObject, items?: IDataObject[]) =>
	runNode({
		type: 'voiceAgentKnowledgeBase',
		credentials: sandboxCredentials(sb),
		parameters: { resource: 'knowledgeBase', ...parameters },
		items: items as never,
	});
const file = (text: string, fileName: string, mimeType: string) => ({
	data: Buffer.from(text).toString('base64'),
	fileName,
	mimeType,
});

test('Create with Wait Until Ready, then Update (remove a file, add a URL), then Delete', async () => {
	const created = await run(
		{
			operation: 'create',
			kbName: 'Clinic',
			filesFrom: 'all',
			urls: 'https://clinic.example/visit',
			faqs: { faq: [{ question: 'Sundays?', answer: 'Closed.' }] },
			waitUntilReady: true,
			maxWait: 1,
			maxWaitUnit: 'minutes',
			pollIntervalSeconds: 5,
		},
		[
			{
				json: {},
				binary: {
					data: file('hours', 'hours.txt', 'text/plain'),
					data_1: file('%PDF prices', 'prices.pdf', 'application/pdf'),
				},
			},
		],
	);
	expect(created.error).toBeUndefined();
	const kb = created.output[0].json as any;
	expect(kb).toMatchObject({
		kb_name: 'Clinic',
		status: 'completed',
		waited_seconds: expect.any(Number),
	});
	// pending 2 s and processing 8 s: two polls of 5 s.
	expect(slept).toEqual([5000, 5000]);
	expect(kb.files.map((f: any) => [f.filename, f.file_size])).toEqual([
		['hours.txt', 5],
		['prices.pdf', 11],
	]);
	expect(sb.store.knowledgeBases.get(kb.kb_id).files.map((f: any) => f.content_type)).toEqual([
		'text/plain',
		'application/pdf',
	]);

	const hours = kb.files.find((f: any) => f.filename === 'hours.txt').file_id;

	const updated = await run({
		operation: 'update',
		knowledgeBaseId: locator(kb.kb_id, 'list'),
		filesToRemove: [hours],
		urls: 'https://clinic.example/prices',
	});
	expect(updated.error).toBeUndefined();
	expect(updated.output[0].json).toEqual({
		message: 'Knowledge Base edit initiated',
		kb_id: kb.kb_id,
		items_removed: 1,
		new_files_queued: 0,
		new_files: [],
	});
	const record = sb.store.knowledgeBases.get(kb.kb_id);
	expect(record.files.map((f: any) => f.filename)).toEqual(['prices.pdf']);
	expect(record.urls.map((u: any) => u.url)).toEqual([
		'https://clinic.example/visit',
		'https://clinic.example/prices',
	]);

	const deleted = await run({ operation: 'delete', knowledgeBaseId: locator(kb.kb_id) });
	expect(deleted.output[0].json).toMatchObject({ deleted: true, kb_id: kb.kb_id });
	expect(sb.store.knowledgeBases.has(kb.kb_id)).toBe(false);
});

test('a file the sandbox fails: the error names the knowledge base and the file sent', async () => {
	const { error } = await run(
		{
			operation: 'create',
			kbName: 'Broken',
			filesFrom: 'all',
			waitUntilReady: true,
			maxWait: 1,
			maxWaitUnit: 'minutes',
			pollIntervalSeconds: 5,
		},
		[{ json: {}, binary: { data: file('x', 'sandbox-fail.txt', 'text/plain') } }],
	);
	expect(error?.message).toMatch(/^Knowledge base "Broken" \(.+\) failed to process$/);
	expect(error?.description).toContain('Sent: files sandbox-fail.txt (1 bytes).');
});

test('Get Many reads the bare list of the seeded knowledge bases', async () => {
	const { output } = await run({ operation: 'getMany', returnAll: true });
	expect(output.map((o) => o.json.kb_name)).toEqual([
		'Clinic FAQ',
		'Product catalogue',
		'Return policy',
	]);
});
