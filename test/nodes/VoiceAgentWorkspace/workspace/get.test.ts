/**
 * Workspace › Get, and the rules every read shares: Return All / Limit and other fields read
 * as their types ("false" is false, objects refused), answers of the wrong shape refused.
 */
import nock from 'nock';

import { VoiceAgentCampaign } from '../../nodes/VoiceAgentCampaign/VoiceAgentCampaign.node';
import { VoiceAgentWorkspace } from '../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import {
	API_KEY,
	BASE_URL,
	expectAllMocksUsed,
	jsonOf,
	registerNodeType,
	runNode,
} from '../helpers/harness';
import { CALL } from '../helpers/fixtures';

registerNodeType('voiceAgentWorkspace', () => new VoiceAgentWorkspace());
registerNodeType('voiceAgentCampaign', () => new VoiceAgentCampaign());

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const api = () => nock(BASE_URL).matchHeader('x-api-key', API_KEY);

describe('Workspace › Get', () => {
	// The service's answer (vendor reference, 2026-08).
	const workspace_info = {
		id: 'w1',
		name: 'Acme',
		created_at: '2025-01-01T00:00:00Z',
		credits: 41.5,
		locked_credits: 2.25,
	};

	test('GET /workspace: workspace_info with its credits, one item per input item', async () => {
		api().get('/workspace').times(2).reply(200, { workspace_info });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'workspace', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
		});
		expect(output).toEqual([
			{ json: workspace_info, pairedItem: { item: 0 } },
			{ json: workspace_info, pairedItem: { item: 1 } },
		]);
	});

	test('an api_key in the answer (older answers carried one) never reaches the output', async () => {
		api()
			.get('/workspace')
			.reply(200, { workspace_info: { ...workspace_info, api_key: 'ringg_live_secret' } });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'workspace', operation: 'get' },
		});
		expect(jsonOf(output)).toEqual([workspace_info]);
		expect(JSON.stringify(output)).not.toContain('ringg_live_secret');
	});

	test('also offered to an AI agent (it changes nothing)', () => {
		const resources = new VoiceAgentWorkspace().description.properties.filter(
			(p) => p.name === 'resource',
		);
		for (const r of resources) {
			expect((r.options as Array<{ value: string }>).map((o) => o.value)).toContain('workspace');
		}
	});

	test.each([
		[{ workspace_info: [] }, 'workspace_info should be an object but is a list'],
		// The shape the package once expected: an error, never an empty item.
		[{ workspace: workspace_info }, 'workspace_info is missing'],
	])('an answer without the workspace is a clear error (%j)', async (answer, problem) => {
		api().get('/workspace').reply(200, answer);
		const { error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'workspace', operation: 'get' },
		});
		expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
	});
});

describe('lists: fields read as their types', () => {
	test('Return All "false" keeps the Limit (numbers)', async () => {
		api()
			.get('/workspace/numbers')
			.query({ limit: '1', offset: '0' })
			.reply(200, { workspace_numbers: [{ id: 'n1' }] });
		const { output } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: {
				resource: 'phoneNumber',
				operation: 'getMany',
				returnAll: '={{ "false" }}',
				limit: 1,
			},
		});
		expect(jsonOf(output)).toEqual([{ id: 'n1' }]);
	});

	test.each([['0x10'], ['={{ true }}'], ['={{ [] }}']])(
		'Limit %s is refused before any request',
		async (limit) => {
			const { error } = await runNode({
				type: 'voiceAgentWorkspace',
				parameters: { resource: 'user', operation: 'getMany', limit },
			});
			expect(error?.message).toMatch(/^Limit: .* is not a whole number from 1 to 100 \[item 0\]$/);
		},
	);

	test('Include Call Counts "true" asks for the counts; "false" does not', async () => {
		api()
			.get('/campaign/all')
			.query({ call_count: 'true', limit: '1', offset: '0' })
			.reply(200, { campaigns: [{ id: 'c1' }] });
		api()
			.get('/campaign/all')
			.query({ call_count: 'false', limit: '1', offset: '0' })
			.reply(200, { campaigns: [{ id: 'c2' }] });
		const { output } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: {
				resource: 'campaign',
				operation: 'getMany',
				limit: 1,
				includeCallCounts: '={{ $json.counts }}',
			},
			items: [{ json: { counts: 'true' } }, { json: { counts: 'false' } }],
		});
		expect(jsonOf(output)).toEqual([{ id: 'c1' }, { id: 'c2' }]);
	});
});

describe('lists: answers of the wrong shape', () => {
	test.each([
		[
			'/workspace/numbers',
			'phoneNumber',
			{ workspace_numbers: [{ id: 'a' }, null] },
			'workspace_numbers[1] should be an object but is null',
		],
		[
			'/workspace/users',
			'user',
			{ workspace_users: {} },
			'workspace_users should be a list but is an object',
		],
	])('%s %j', async (path, resource, body, problem) => {
		api().get(path).query(true).reply(200, body);
		const { error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource, operation: 'getMany' },
		});
		expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
	});

	test('campaigns with a null row', async () => {
		api()
			.get('/campaign/all')
			.query(true)
			.reply(200, { campaigns: [null] });
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: { resource: 'campaign', operation: 'getMany' },
		});
		expect(error?.message).toBe(
			'Unexpected answer from the service: campaigns[0] should be an object but is null',
		);
	});

	test.each([
		[{ calls: {} }, 'calls should be a list but is an object'],
		[{ calls: [null] }, 'calls[0] should be an object but is null'],
	])('call history %j', async (body, problem) => {
		api().get('/calling/history').query(true).reply(200, body);
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany' },
		});
		expect(error?.message).toBe(`Unexpected answer from the service: ${problem}`);
	});
});

describe('call reads: fields read as their types', () => {
	test('Include Analysis "false" is false', async () => {
		api()
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { data: { id: CALL, transcription_url: '[]' } });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: {
				resource: 'call',
				operation: 'get',
				callId: CALL,
				includeAnalysis: '={{ "false" }}',
			},
		});
		expect(jsonOf(output).map((json) => [json.call_id, json.raw])).toEqual([
			[CALL, { id: CALL, transcription_url: '[]' }],
		]);
	});

	test.each([
		[{ status: '={{ { $ne: 1 } }}' }, 'Filters › Status: an object is not one of'],
		[{ bulkListId: '={{ [1, 2] }}' }, 'Filters › Contact List ID: a list is not text'],
	])('history filter %j is refused before any request', async (filters, message) => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany', filters },
		});
		expect(error?.message).toContain(message);
	});
});
