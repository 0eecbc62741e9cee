/** Knowledge Base › Update: PATCH /external/kb, removals and additions in one multipart form. */
import { locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';
import { bodyBytes, parseMultipart, partsOf as parts } from '../../../helpers/multipart';

expectAllMocksUsed();

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const EDITED = {
	message: 'Knowledge Base edit initiated',
	kb_id: KB,
	items_removed: 3,
	new_files_queued: 1,
	new_files: [{ filename: 'new.txt', file_id: 'f9', processing_status: 'pending' }],
};
const base = { resource: 'knowledgeBase', operation: 'update', knowledgeBaseId: locator(KB) };

function capture() {
	const seen: Array<ReturnType<typeof parseMultipart>> = [];
	const scope = mockApi()
		.patch('/external/kb')
		.reply(function (_uri, body) {
			seen.push(parseMultipart(bodyBytes(body), String(this.req.headers['content-type'])));
			return [200, EDITED];
		});
	return { seen, scope };
}

test('removals from the dropdowns and additions: the exact parts, the answer as output', async () => {
	const { seen, scope } = capture();
	const { output, error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		items: [
			{
				json: {},
				binary: {
					data: {
						data: Buffer.from('new').toString('base64'),
						fileName: 'new.txt',
						mimeType: 'text/plain',
					},
				},
			},
		],
		parameters: {
			...base,
			filesToRemove: ['f1'],
			urlsToRemove: ['https://clinic.example/a,b'],
			faqsToRemove: ['q1', 'q2'],
			filesFrom: 'all',
			urls: '["https://clinic.example/prices"]',
			faqs: { faq: [{ question: 'Parking?', answer: 'Yes.' }] },
		},
	});
	expect(error).toBeUndefined();
	expect(parts(seen[0])).toEqual([
		{ name: 'kb_id', value: KB },
		{ name: 'files_to_remove', value: '["f1"]' },
		{ name: 'urls_to_remove', value: '["https://clinic.example/a,b"]' },
		{ name: 'faqs_to_remove', value: '["q1","q2"]' },
		{ name: 'new_files', filename: 'new.txt', type: 'text/plain', data: 'new' },
		{ name: 'new_urls', value: '["https://clinic.example/prices"]' },
		{ name: 'new_faqs', value: '[{"question":"Parking?","answer":"Yes."}]' },
	]);
	expect(output).toEqual([{ json: EDITED, pairedItem: { item: 0 } }]);
	scope.done();
});

test('IDs from an expression (text with commas) remove only; nothing else is sent', async () => {
	const { seen } = capture();
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { ...base, filesToRemove: 'f1, f2' },
	});
	expect(error).toBeUndefined();
	expect(parts(seen[0])).toEqual([
		{ name: 'kb_id', value: KB },
		{ name: 'files_to_remove', value: '["f1","f2"]' },
	]);
});

test('nothing to change is refused before sending', async () => {
	const { error } = await runNode({ type: 'voiceAgentKnowledgeBase', parameters: base });
	expect(error?.message).toBe(
		'Knowledge Base: nothing to change: choose files, URLs or FAQs to add, or some to remove [item 0]',
	);
});

test('an ID that is no UUID is refused before sending', async () => {
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { ...base, knowledgeBaseId: 'kb-1', urls: 'https://a.example' },
	});
	expect(error?.message).toMatch(/^Knowledge Base: .* \[item 0\]$/);
});

test('a 404 is reported once, not retried', async () => {
	const scope = mockApi()
		.patch('/external/kb')
		.once()
		.reply(404, { detail: 'Knowledge Base not found' });
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { ...base, urls: 'https://a.example' },
		settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
	});
	expect(error?.message).toBe('Knowledge Base not found');
	scope.done();
});
