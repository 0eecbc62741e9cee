/**
 * What an AI agent may run unasked, over every operation of every node package.json names:
 * exactly the operations listed here need "Allow AI Agent to Run This"; every other one runs
 * as a tool without it (reads, exports, placing a call).
 */
import nock from 'nock';
import type { INode, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AGENT } from '../helpers/fixtures';
import { BASE_URL, packageNodeClasses, PACKAGE, runNode } from '../helpers/harness';
import { packageNodeTypes, resourcesOf } from '../helpers/nodes';

/** node type → resource → the operations fenced by the switch, written out on purpose. */
const FENCED: Record<string, Record<string, string[]>> = {
	voiceAgentCalling: { call: ['cancelQueued'], contactList: ['delete'] },
	voiceAgentAssistant: {
		assistant: [
			'attachInboundNumber',
			'attachKnowledgeBase',
			'delete',
			'removeInboundNumber',
			'removeKnowledgeBase',
			'updateApiSettings',
			'updateCustomVariables',
			'updateDisplayName',
			'updateDtmfSettings',
			'updateEventSubscriptions',
			'updateExtractCalleeName',
			'updateIntroMessage',
			'updateLanguage',
			'updateNoiseSettings',
			'updatePrompt',
			'updateQueryPhrases',
			'updateSecondaryLanguage',
			'updateSecondaryVoice',
			'updateVadSettings',
			'updateVocabulary',
			'updateVoice',
			'updateVoiceSpeed',
			'updateWhitelistedDomains',
		],
	},
	voiceAgentWorkspace: { apiKey: [], phoneNumber: [], user: [], workspace: [] },
	voiceAgentCampaign: { campaign: ['stop'] },
	voiceAgentAnalytics: { analytics: [] },
	voiceAgentKnowledgeBase: { knowledgeBase: ['delete', 'update'] },
	// Triggers have no operations and are not tools.
	voiceAgentTrigger: {},
	voiceAgentInstantTrigger: {},
};

/** A value n8n counts as set, by the field's type (what it is does not matter here). */
function someValue(property: INodeProperties): unknown {
	switch (property.type) {
		case 'resourceLocator':
			return { __rl: true, mode: 'id', value: AGENT };
		// Lists loaded from the service have no options here: any text counts as set.
		case 'options':
			return (property.options as Array<{ value: unknown }> | undefined)?.[0]?.value ?? 'x';
		case 'multiOptions':
			return [(property.options as Array<{ value: unknown }> | undefined)?.[0]?.value ?? 'x'];
		case 'number':
			return 1;
		case 'boolean':
			return true;
		case 'json':
			return '{}';
		default:
			return 'x';
	}
}

/** The operation's parameters with every required field set, so n8n lets the node run. */
function runnable(nodeType: INodeType, parameters: INodeParameters): INodeParameters {
	const { properties } = nodeType.description;
	let filled = { ...parameters };
	for (let round = 0; round < 5; round++) {
		const node = { parameters: filled, type: 'x', typeVersion: 1 } as unknown as INode;
		// With defaults, as n8n sees the node when it checks it.
		filled = NodeHelpers.getNodeParameters(
			properties,
			filled,
			true,
			false,
			node,
			nodeType.description,
		)!;
		node.parameters = filled;
		const issues = NodeHelpers.getNodeParametersIssues(properties, node, nodeType.description);
		const missing = Object.keys(issues?.parameters ?? {});
		if (missing.length === 0) break;
		for (const name of missing) {
			const property = properties.find(
				(p) =>
					p.name === name && NodeHelpers.displayParameter(filled, p, node, nodeType.description),
			);
			if (property) filled[name] = someValue(property) as INodeParameters[string];
		}
	}
	return filled;
}

const types = packageNodeTypes();

const REFUSAL = /^An AI agent may not run this operation/;

afterEach(() => nock.cleanAll());

test('every node package.json names is listed here', () => {
	expect([...types].sort()).toEqual(Object.keys(FENCED).sort());
});

describe.each(types)('%s', (type) => {
	const resources = resourcesOf(type);
	const operations = resources.flatMap((r) =>
		Object.keys(r.operations).map((operation) => [r.value, operation] as const),
	);

	test('the operations that need consent are exactly the listed ones', () => {
		const fenced = Object.fromEntries(
			resources.map((r) => [
				r.value,
				Object.entries<{ agentNeedsConsent?: string }>(r.operations)
					.filter(([, op]) => op.agentNeedsConsent)
					.map(([name]) => name)
					.sort(),
			]),
		);
		expect(fenced).toEqual(FENCED[type]);
		// The switch is shown for exactly those operations, per resource.
		const Class = packageNodeClasses().get(`${PACKAGE}.${type}`)!;
		const switches = new Class().description.properties.filter((p) => p.name === 'allowAgent');
		for (const p of switches) {
			const resource = String(p.displayOptions?.show?.resource?.[0]);
			expect(p.displayOptions?.show?.operation).toHaveLength(FENCED[type][resource]?.length ?? 0);
		}
		expect(switches).toEqual(
			Object.entries(FENCED[type])
				.filter(([, ops]) => ops.length > 0)
				.map(([resource, ops]) =>
					// A fixed switch (no expression, no $fromAI), off, shown only in tool mode.
					expect.objectContaining({
						type: 'boolean',
						default: false,
						noDataExpression: true,
						displayOptions: {
							show: {
								'@tool': [true],
								resource: [resource],
								// In any order.
								operation: expect.arrayContaining(ops),
							},
						},
					}),
				),
		);
	});

	if (operations.length === 0) return;

	test.each(operations)('%s → %s as a tool without the switch', async (resource, operation) => {
		// Whatever it asks, the service refuses (400 is never retried): the run stays short.
		const scope = nock(new URL(BASE_URL).origin).persist();
		for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
			scope[method](/.*/).reply(400, { error: 'refused by the test' });
		}
		const Class = packageNodeClasses().get(`${PACKAGE}.${type}`)!;
		const { output } = await runNode({
			type: `${type}Tool`,
			parameters: runnable(new Class(), { resource, operation }),
			continueOnFail: true,
		});
		const message = String(output[0]?.json.error ?? '');
		if (FENCED[type][resource].includes(operation)) {
			expect(message).toMatch(REFUSAL);
		} else {
			// It ran (and failed on its empty fields, or on the network nock keeps closed).
			expect(message).not.toMatch(REFUSAL);
		}
	});
});
