/** Knowledge Base › Delete: the answer; a 404 read plainly. */
import { locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';

test('Delete: the answer; a 404 read plainly', async () => {
	const parameters = {
		resource: 'knowledgeBase',
		operation: 'delete',
		knowledgeBaseId: locator(KB),
	};
	mockApi()
		.delete(`/external/kb/${KB}`)
		.reply(200, { message: 'Knowledge Base deleted successfully', kb_id: KB });
	const { output } = await runNode({ type: 'voiceAgentKnowledgeBase', parameters });
	expect(output[0].json).toEqual({
		deleted: true,
		kb_id: KB,
		message: 'Knowledge Base deleted successfully',
	});
	mockApi().delete(`/external/kb/${KB}`).reply(404, { detail: 'Knowledge Base not found' });
	const again = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters,
		continueOnFail: true,
	});
	expect(again.output[0].json.error).toBe(
		'The knowledge base does not exist, or was already deleted',
	);
});
