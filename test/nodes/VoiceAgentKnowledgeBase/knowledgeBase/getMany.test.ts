/** Knowledge Base › Get Many: a bare JSON array, one item each, up to the Limit. */
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const LIST = [
	{
		kb_id: KB,
		kb_name: 'Clinic FAQ',
		type: 'non_deterministic',
		created_at: '2026-11-26T10:00:00+00:00',
	},
	{
		kb_id: 'b1',
		kb_name: 'Prices',
		type: 'non_deterministic',
		created_at: '2026-11-25T10:00:00+00:00',
	},
];

test('Get Many takes the bare array, one item each, up to the Limit', async () => {
	mockApi().get('/external/kb/all').reply(200, LIST);
	const { output } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'getMany', returnAll: false, limit: 1 },
	});
	expect(output).toEqual([{ json: LIST[0], pairedItem: { item: 0 } }]);
});

test('Get Many refuses an answer that is no list', async () => {
	mockApi().get('/external/kb/all').reply(200, { knowledge_bases: LIST });
	const { error } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'getMany', returnAll: true },
	});
	expect(error?.message).toMatch(
		/^Unexpected answer from the service: the answer of GET \/external\/kb\/all should be a list/,
	);
});
