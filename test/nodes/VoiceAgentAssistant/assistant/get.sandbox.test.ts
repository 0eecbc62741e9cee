/**
 * Assistant › Get against the sandbox, for each kind of assistant the live service has
 * (plain, A/B with a clear winner, A/B split 50/50, multi_node), in both shapes the service
 * gives (versioned live, flat reference).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { jsonOf, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { AGENT_1 } from '../../../sandbox/helpers';

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

const AB = 'a1a1a1a1-0000-4000-8000-000000000005';
const SPLIT = 'a1a1a1a1-0000-4000-8000-000000000006';
const MULTI = 'a1a1a1a1-0000-4000-8000-000000000007';
const version = (n: number) => `a7a7a7a7-0000-4000-8000-00000000000${n}`;

async function get(agentId: string): Promise<IDataObject> {
	const { output, error } = await runNode({
		type: 'voiceAgentAssistant',
		credentials: sandboxCredentials(sb),
		parameters: {
			resource: 'assistant',
			operation: 'get',
			assistant: { __rl: true, mode: 'id', value: agentId },
		},
	});
	expect(error).toBeUndefined();
	return jsonOf(output)[0];
}

describe('live (versioned) shape', () => {
	test('plain: the active version', async () => {
		const a = await get(AGENT_1);
		const vid = sb.store.agents.get(AGENT_1).versions[0].version_id;
		expect(a).toMatchObject({
			id: AGENT_1,
			shape: 'versioned',
			version: { version_id: vid, version_slug: 'v1' },
			version_resolved_by: 'active',
			version_note: null,
			ab_test_live: false,
			prompt: expect.stringMatching(/^You are Maya from @\{\{clinic\}\}/),
			custom_variables: ['clinic', 'date', 'time'],
			voice: { name: 'Aria' },
			language: 'en-US',
			knowledge_bases: [{ id: '0a0a0a0a-0000-4000-8000-000000000001', name: 'Clinic FAQ' }],
			event_subscriptions: [],
			prompt_variables: ['clinic', 'callee_name', 'date', 'time'],
			prompt_variables_note: null,
		});
		expect(a.raw).toEqual(
			expect.objectContaining({
				active_agent_version_id: vid,
				version_details: expect.any(Object),
			}),
		);
	});

	test('A/B with a clear winner: the version with the traffic; variables of every version taking calls', async () => {
		const a = await get(AB);
		expect(a).toMatchObject({
			version: { version_id: version(2), version_slug: 'discount-first' },
			version_resolved_by: 'traffic',
			version_note: expect.stringContaining('control 20%, discount-first 80%'),
			ab_test_live: true,
			prompt: expect.stringMatching(/^Tell @\{\{callee_name\}\} about the @\{\{discount\}\}/),
			custom_variables: ['policy_id', 'discount'],
			// A call can land on either version: both prompts' variables.
			prompt_variables: ['callee_name', 'policy_id', 'price', 'discount'],
		});
		expect((a.versions as IDataObject[]).map((v) => [v.version_slug, v.call_traffic])).toEqual([
			['control', 20],
			['discount-first', 80],
		]);
	});

	test('A/B split 50/50: ambiguous, said and not guessed', async () => {
		const a = await get(SPLIT);
		expect(a).toMatchObject({
			version: null,
			version_resolved_by: 'ambiguous',
			version_note: expect.stringMatching(/^A\/B test split evenly \(short 50%, long 50%\)/),
			ab_test_live: true,
			prompt: null,
			language: null,
			prompt_variables: ['callee_name', 'installer'],
		});
		expect((a.versions as IDataObject[]).map((v) => v.prompt_variables)).toEqual([
			['callee_name'],
			['callee_name', 'installer'],
		]);
	});

	test('multi_node: no prompt to read, and the output says so', async () => {
		const a = await get(MULTI);
		expect(a).toMatchObject({
			orchestration_mode: 'multi_node',
			version: { version_id: version(5), version_slug: 'v1' },
			version_resolved_by: 'active',
			prompt: null,
			knowledge_bases: null,
			custom_variables: ['callee_name'],
			prompt_variables: [],
			prompt_variables_note: expect.stringContaining('multi_node assistant'),
		});
	});
});

describe('reference (flat) shape', () => {
	beforeEach(() => sb.setShape('docs'));

	test('plain: the record is the configuration', async () => {
		const a = await get(AGENT_1);
		expect(a).toMatchObject({
			shape: 'flat',
			version_resolved_by: 'flat',
			prompt: expect.stringMatching(/^You are Maya/),
			custom_variables: ['clinic', 'date', 'time'],
			language: 'en-US',
			prompt_variables: ['clinic', 'callee_name', 'date', 'time'],
		});
	});

	test('each kind reads without error in the flat shape too', async () => {
		for (const id of [AB, SPLIT, MULTI]) {
			const a = await get(id);
			expect(a).toMatchObject({ id, shape: 'flat', version_resolved_by: 'flat' });
		}
		expect((await get(AB)).custom_variables).toEqual(['policy_id', 'discount']);
	});
});
