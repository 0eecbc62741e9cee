/**
 * One assistant edit run over many items with Continue On Fail: the bodies PATCH /agent/v1
 * received, in order (the node edits one item after another), and each item's output. For
 * the test of each edit operation, where a class of inputs goes through in one run.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { AGENT } from './fixtures';
import { jsonOf, mockApi, runNode } from './harness';
import { ok, params } from './assistantEdits';

export interface EditRun {
	/** The bodies sent, without the fields every edit sends (operation, agent_id). */
	sent: IDataObject[];
	/** The API operation of every body sent. */
	operations: string[];
	/** Each item's output json: the service's answer, or {error, description}. */
	out: IDataObject[];
}

/** Runs `operation` with `parameters` (expressions may read `$json`) over `items`. */
export async function editEach(
	operation: string,
	parameters: Record<string, unknown>,
	items: IDataObject[],
): Promise<EditRun> {
	const sent: IDataObject[] = [];
	const operations: string[] = [];
	const interceptor = mockApi()
		.persist()
		.matchHeader('content-type', 'application/json')
		.patch('/agent/v1');
	interceptor.reply((_uri, body) => {
		const { operation: apiOperation, agent_id, ...rest } = body as IDataObject;
		if (agent_id !== AGENT) return [400, { detail: `unexpected agent_id ${String(agent_id)}` }];
		operations.push(String(apiOperation));
		sent.push(rest);
		return [200, ok];
	});
	const { output, error } = await runNode({
		type: 'voiceAgentAssistant',
		continueOnFail: true,
		parameters: params(operation, parameters),
		items: items.map((json) => ({ json })),
	});
	// This run's answers only: the next run records into its own lists.
	nock.removeInterceptor(interceptor);
	if (error) throw error;
	return { sent, operations, out: jsonOf(output) };
}

/** The output of an item refused before any request: its message, naming the item. */
export const refused = (message: string, field: string, i: number) => ({
	error: `${message} [item ${i}]`,
	description: `Fix "${field}" in input item ${i} and run again. No request was sent for this item.`,
});

export { ok };
