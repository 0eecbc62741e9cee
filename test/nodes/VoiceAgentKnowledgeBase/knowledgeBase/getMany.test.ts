/** Knowledge Base › Get Many: a bare JSON array, one item each, up to the Limit. */
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';
import { LIST } from '../../../helpers/knowledgeBases';

expectAllMocksUsed();

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
