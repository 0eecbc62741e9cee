/**
 * The pieces the queue suites build their workflows from: a node (ids and positions in the
 * order made), a chain of connections, and a production Webhook trigger.
 */
let nodeId = 0;
let hookId = 0;
export const node = (
	name: string,
	type: string,
	typeVersion: number,
	parameters: object,
	extra = {},
) => ({
	id: `0b1e7f9a-0000-4000-8000-${String(++nodeId).padStart(12, '0')}`,
	name,
	type,
	typeVersion,
	position: [nodeId * 220, 0],
	parameters,
	...extra,
});
export const chain = (...names: string[]) =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((n, i) => [n, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	);

export function webhook(pathName: string, responseMode: 'lastNode' | 'onReceived') {
	return node(
		'Webhook',
		'n8n-nodes-base.webhook',
		2,
		{
			httpMethod: 'POST',
			path: pathName,
			responseMode,
			...(responseMode === 'lastNode' ? { responseData: 'allEntries' } : {}),
			options: {},
		},
		{ webhookId: `5e1e2f3a-4b5c-4d6e-8f70-${String(++hookId).padStart(12, '0')}` },
	);
}
