/** What the Workspace node's tests share. */
import type { IDataObject } from 'n8n-workflow';

import { mockApi, runNode } from './harness';

/**
 * `resource` › Get Many when the service answers `path` with `body` of the wrong shape: the
 * run fails naming the problem (a test.each row: path, resource, body, problem).
 */
export async function expectWrongShape(
	path: string,
	resource: string,
	body: IDataObject,
	problem: string,
) {
	mockApi().get(path).query(true).reply(200, body);
	const { error } = await runNode({
		type: 'voiceAgentWorkspace',
		parameters: { resource, operation: 'getMany' },
	});
	expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
}
