/**
 * Knowledge Base › Create: POST /external/kb as multipart (parsed, never string-matched), files
 * from the item's binary data with their names and types, list fields as JSON strings sent only
 * when they have entries; sent once; Wait Until Ready on a virtual clock.
 */
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';
import { readsUntilCompleted } from '../../../helpers/knowledgeBases';
import { bodyBytes, parseMultipart, partsOf as parts } from '../../../helpers/multipart';
import { virtualClock } from '../../../helpers/virtualClock';

jest.mock('n8n-workflow', () =>
	require('../../../helpers/virtualClock').n8nWorkflowWithVirtualSleep(),
);
beforeEach(() => (virtualClock.sleeps.length = 0));

expectAllMocksUsed();

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const CREATED = {
	message: 'Knowledge Base creation initiated',
	kb_id: KB,
	processing_status: 'pending',
	files_queued: 2,
};
const file = (text: string, fileName: string, mimeType: string) => ({
	data: Buffer.from(text).toString('base64'),
	fileName,
	mimeType,
});
/** Fresh items each time: Retry On Fail's memory is keyed by the item. */
const withFiles = () => [
	{
		json: {},
		binary: {
			data: file('%PDF-1.4 hours', 'hours.pdf', 'application/pdf'),
			data_1: file('Prices: 10', 'prices.txt', 'text/plain'),
		},
	},
];

/** Captures the multipart form the node sends, as parts. */
function capture(reply: object = CREATED, status = 200) {
	const seen: Array<{ type: string; form: ReturnType<typeof parseMultipart> }> = [];
	const scope = mockApi()
		.post('/external/kb')
		.reply(function (_uri, body) {
			const type = String(this.req.headers['content-type']);
			seen.push({ type, form: parseMultipart(bodyBytes(body), type) });
			return [status, reply];
		});
	return { seen, scope };
}

test('every file of the item, URLs and FAQs: the exact parts, the answer with the name', async () => {
	const { seen, scope } = capture();
	const { output, error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		items: withFiles(),
		parameters: {
			resource: 'knowledgeBase',
			operation: 'create',
			kbName: 'Clinic FAQ',
			filesFrom: 'all',
			urls: 'https://clinic.example/visit\nhttps://clinic.example/prices?a=1,2',
			faqInput: 'fields',
			faqs: { faq: [{ question: 'Sundays?', answer: 'Closed.' }] },
		},
	});
	expect(error).toBeUndefined();
	expect(seen).toHaveLength(1);
	expect(seen[0].type).toMatch(/^multipart\/form-data; boundary=/);
	expect(parts(seen[0].form)).toEqual([
		{ name: 'kb_name', value: 'Clinic FAQ' },
		{ name: 'files', filename: 'hours.pdf', type: 'application/pdf', data: '%PDF-1.4 hours' },
		{ name: 'files', filename: 'prices.txt', type: 'text/plain', data: 'Prices: 10' },
		{
			name: 'urls',
			value: JSON.stringify([
				'https://clinic.example/visit',
				'https://clinic.example/prices?a=1,2',
			]),
		},
		{ name: 'faqs', value: JSON.stringify([{ question: 'Sundays?', answer: 'Closed.' }]) },
	]);
	expect(output).toEqual([
		{ json: { ...CREATED, kb_name: 'Clinic FAQ' }, pairedItem: { item: 0 } },
	]);
	scope.done();
});

test('named binary properties only; empty lists are not sent; FAQs as JSON', async () => {
	const { seen } = capture();
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		items: withFiles(),
		parameters: {
			resource: 'knowledgeBase',
			operation: 'create',
			kbName: 'Prices',
			filesFrom: 'named',
			binaryProperties: 'data_1',
			urls: '',
			faqInput: 'json',
			faqsJson: '[]',
		},
	});
	expect(error).toBeUndefined();
	expect(parts(seen[0].form)).toEqual([
		{ name: 'kb_name', value: 'Prices' },
		{ name: 'files', filename: 'prices.txt', type: 'text/plain', data: 'Prices: 10' },
	]);
});

test.each([
	[{ kbName: ' ' }, 'Name: is required [item 0]'],
	[
		{ kbName: 'x', filesFrom: 'all' },
		'Files: the input item has no binary data (files); choose None, or feed files into this node [item 0]',
	],
	[
		{ kbName: 'x', filesFrom: 'named', binaryProperties: 'doc' },
		'Binary Properties: the input item has no binary property "doc" (it has none) [item 0]',
	],
	[
		{ kbName: 'x', filesFrom: 'none', urls: 'example.com' },
		'URLs: "example.com" is not an http(s) URL [item 0]',
	],
	[
		{ kbName: 'x', filesFrom: 'none', faqInput: 'json', faqsJson: '[{"question": "Q"}]' },
		'FAQs (JSON) › entry 1: needs an answer (text) [item 0]',
	],
	[
		{ kbName: 'x', filesFrom: 'none', faqs: { faq: [{ question: '', answer: 'A' }] } },
		'FAQ 1: needs a question (text) [item 0]',
	],
])('bad input is refused before sending: %j', async (extra, message) => {
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'create', ...extra },
	});
	expect(error?.message).toBe(message);
});

test('a 400 names the files sent; not repeated under Retry On Fail', async () => {
	const { seen } = capture({ detail: 'File too large' }, 400);
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		items: withFiles(),
		parameters: { resource: 'knowledgeBase', operation: 'create', kbName: 'Big', filesFrom: 'all' },
		settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
	});
	expect(seen).toHaveLength(1);
	expect(error?.message).toBe('File too large');
	expect(error?.description).toMatch(
		/^Sent: files hours\.pdf \(14 bytes\), prices\.txt \(10 bytes\)\. The service refused the request/,
	);
});

test('a 500 after sending is not repeated (a second knowledge base), also under Retry On Fail', async () => {
	const scope = mockApi().post('/external/kb').once().reply(500, { detail: 'boom' });
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'create', kbName: 'x', filesFrom: 'none' },
		settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
	});
	expect(error?.message).toBe('boom');
	scope.done();
});

test('a 429 with a long Retry-After is not waited for: the hourly limit and what to do', async () => {
	mockApi()
		.post('/external/kb')
		.reply(429, { detail: 'Rate limit exceeded' }, { 'Retry-After': '3600' });
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'create', kbName: 'x', filesFrom: 'none' },
	});
	expect(error?.message).toBe('Rate limit exceeded');
	expect(error?.description).toBe(
		'The service creates at most 10 knowledge bases an hour per workspace, and this workspace is over it. Nothing was changed. Try again later: run the workflow from a Schedule Trigger, or put a Wait node before this one.',
	);
	expect(virtualClock.sleeps).toEqual([]);
});

const record = (status: string) => ({
	kb_id: KB,
	kb_name: 'Clinic FAQ',
	status,
	created_at: '2026-11-26T10:00:00+00:00',
	updated_at: '2026-11-26T10:00:00+00:00',
	files: [],
	urls: [],
	faqs: [],
});
const waitParams = {
	resource: 'knowledgeBase',
	operation: 'create',
	kbName: 'Clinic FAQ',
	filesFrom: 'none',
	urls: 'https://clinic.example/visit',
	waitUntilReady: true,
	maxWait: 2,
	maxWaitUnit: 'minutes',
	pollIntervalSeconds: 30,
};

test('Wait Until Ready polls at the interval until completed and outputs the final state', async () => {
	capture();
	const reads = readsUntilCompleted(record);
	const { output, error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: waitParams,
	});
	expect(error).toBeUndefined();
	expect(virtualClock.sleeps).toEqual([30000, 30000]);
	expect(output[0].json).toEqual({ ...record('completed'), waited_seconds: expect.any(Number) });
	expect(output[0].json.waited_seconds).toBeGreaterThanOrEqual(60);
	reads.done();
});

test('failed: an error naming the knowledge base and what was sent', async () => {
	capture();
	mockApi().get(`/external/kb/${KB}`).reply(200, record('failed'));
	const { error } = await runNode({ type: 'voiceAgentKnowledgeBase', parameters: waitParams });
	expect(error?.message).toBe(`Knowledge base "Clinic FAQ" (${KB}) failed to process`);
	expect(error?.description).toMatch(/status "failed".*Sent: 1 URL\(s\)\./);
});

test('past Max Wait: still processing, how to carry on; Retry On Fail waits again without creating again', async () => {
	const { seen } = capture();
	const reads = mockApi().get(`/external/kb/${KB}`).times(6).reply(200, record('processing'));
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { ...waitParams, maxWait: 45, maxWaitUnit: 'seconds' },
		settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
	});
	expect(seen).toHaveLength(1);
	expect(error?.message).toMatch(
		new RegExp(
			`^Knowledge base "Clinic FAQ" \\(${KB}\\) is still processing after 45 s \\(Max Wait\\)$`,
		),
	);
	expect(error?.description).toMatch(/do not send it again.*Knowledge Base › Get/);
	// Two tries of the node, each: read, 30 s, read, the rest of the 45 s, read.
	expect(virtualClock.sleeps).toEqual([30000, expect.any(Number), 30000, expect.any(Number)]);
	for (const rest of [virtualClock.sleeps[1], virtualClock.sleeps[3]]) {
		expect(rest).toBeGreaterThan(13000);
		expect(rest).toBeLessThanOrEqual(15000);
	}
	reads.done();
});
