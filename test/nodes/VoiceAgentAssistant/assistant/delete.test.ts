/** Assistant › Delete: DELETE /agent/{id}, a soft delete; sent once; a 404 said plainly. */
import { AGENT, locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const parameters = { resource: 'assistant', operation: 'delete', assistant: locator(AGENT) };

test('deletes by id and outputs what the service said', async () => {
	const scope = mockApi()
		.delete(`/agent/${AGENT}`)
		.reply(200, { message: 'Agent deleted successfully!' });
	const { output, error } = await runNode({ type: 'voiceAgentAssistant', parameters });
	expect(error).toBeUndefined();
	expect(output).toEqual([
		{
			json: { deleted: true, assistant_id: AGENT, message: 'Agent deleted successfully!' },
			pairedItem: { item: 0 },
		},
	]);
	scope.done();
});

test('a 404 says the assistant does not exist or was already deleted', async () => {
	const scope = mockApi().delete(`/agent/${AGENT}`).reply(404, { detail: 'Agent not found' });
	const { output } = await runNode({
		type: 'voiceAgentAssistant',
		parameters,
		continueOnFail: true,
	});
	expect(output[0].json.error).toBe('The assistant does not exist, or was already deleted');
	expect(output[0].json.httpCode).toBe('404');
	scope.done();
});

test('a 500 after sending is reported, not repeated, also under Retry On Fail', async () => {
	const scope = mockApi().delete(`/agent/${AGENT}`).once().reply(500, { detail: 'boom' });
	const { error } = await runNode({
		type: 'voiceAgentAssistant',
		parameters,
		settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
	});
	expect(error?.message).toMatch(/boom/);
	scope.done();
});
