/** Assistant edits (PATCH /agent/v1) as the tests of every edit operation run them. */
import type nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { AGENT } from './fixtures';
import { mockApi, runNode } from './harness';

/** The exact edit request: method, path, headers and whole body. */
export const patch = (body: IDataObject) =>
	mockApi()
		.matchHeader('content-type', 'application/json')
		.patch('/agent/v1', body as nock.DataMatcherMap);

/** The service's answer to an edit. */
export const ok = { message: 'Agent updated successfully', agent_id: AGENT };

/** An edit's parameters, on the fixtures' assistant. */
export const params = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'assistant',
	operation,
	assistant: { __rl: true, mode: 'id', value: AGENT },
	...extra,
});

/** Runs an edit on the given input items (one empty item when none). */
export const edit = (operation: string, extra: Record<string, unknown> = {}, items?: unknown[]) =>
	runNode({
		type: 'voiceAgentAssistant',
		parameters: params(operation, extra),
		items: items?.map((json) => ({ json: json as IDataObject })),
	});
