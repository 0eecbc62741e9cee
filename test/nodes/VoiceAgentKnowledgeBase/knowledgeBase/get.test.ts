/** Knowledge Base › Get: the record as served. */
import { locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';
import { KB, RECORD } from '../../../helpers/knowledgeBases';

expectAllMocksUsed();

test('Get outputs the record as served', async () => {
	mockApi().get(`/external/kb/${KB}`).reply(200, RECORD);
	const { output } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'get', knowledgeBaseId: locator(KB) },
	});
	expect(output).toEqual([{ json: RECORD, pairedItem: { item: 0 } }]);
});
