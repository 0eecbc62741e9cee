/**
 * The fuzz table: one entry per operation. A new operation is one entry: its node, resource
 * and operation, the endpoints it may call (with a good answer each) and hints for good values
 * of fields whose type alone says too little (IDs, phone numbers).
 */
import fc from 'fast-check';

import { VoiceAgentAssistant } from '../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { operations as assistantOperations } from '../../nodes/VoiceAgentAssistant/actions/assistant';
import { VoiceAgentCalling } from '../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { VoiceAgentCampaign } from '../../nodes/VoiceAgentCampaign/VoiceAgentCampaign.node';
import { VoiceAgentWorkspace } from '../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import { E164, type Endpoint, type FuzzEntry, UUID } from './driver';

const locator = (mode: string, value: fc.Arbitrary<string>) =>
	value.map((v) => ({ __rl: true, mode, value: v }));

const callRow = fc.record({
	id: UUID,
	call_id: UUID,
	status: fc.constantFrom('completed', 'registered', 'ongoing', 'failed'),
	to_number: E164,
	from_number: E164,
	agent_id: UUID,
	transcript: fc.constantFrom('', 'Agent: hello\nUser: hi'),
	created_at: fc.constant('2026-01-01T10:00:00Z'),
});

const ZIP = Buffer.from('PK\u0003\u0004fuzz-zip');

const HISTORY: Endpoint = {
	method: 'GET',
	path: /^\/calling\/history$/,
	good: fc.record({ calls: fc.array(callRow, { maxLength: 3 }), total: fc.nat(5) }),
};
const DETAILS: Endpoint = {
	method: 'GET',
	path: /^\/calling\/call-details$/,
	good: callRow.map((data) => ({ status: 'success', data })),
};

const calling = () => new VoiceAgentCalling();

export const ENTRIES: FuzzEntry[] = [
	{
		name: 'Calling › Call › Start',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'start',
		fullRuns: 20000,
		maxItems: 4,
		endpoints: [
			{
				method: 'POST',
				path: /^\/calling\/outbound\/individual$/,
				acts: true,
				good: UUID.map((call_id) => ({
					status: 'success',
					message: 'ok',
					data: { call_id, call_status: 'registered' },
				})),
			},
			HISTORY,
			DETAILS,
		],
		good: {
			assistant: locator('id', UUID),
			fromNumber: locator('number', E164),
			mobileNumber: E164,
			name: fc.constantFrom('Ada', 'Row 1', ''),
			variablesMode: fc.constantFrom('none', 'pairs', 'json', 'all'),
			variablesJson: fc.constantFrom('{"city":"Pune"}', '{}'),
			waitForCompletion: fc.boolean(),
			callStartTime: fc.constantFrom('09:00', '18:30'),
			callEndTime: fc.constantFrom('17:00', '23:59'),
			timezone: fc.constantFrom('Asia/Kolkata', 'UTC'),
			scheduledAt: fc.constantFrom('2031-01-01T10:00:00', '2031-06-01T09:30:00+05:30'),
			defaultCountryCode: fc.constantFrom('+1', '+91', ''),
			maxConcurrent: fc.integer({ min: 1, max: 5 }),
			callsPerMinute: fc.integer({ min: 1, max: 600 }),
			maxWaitSeconds: fc.integer({ min: 1, max: 600 }),
			pollIntervalSeconds: fc.integer({ min: 1, max: 60 }),
		},
	},
	{
		name: 'Calling › Call › Get',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'get',
		endpoints: [DETAILS],
		good: { callId: UUID },
	},
	{
		name: 'Calling › Call › Get Many',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'getMany',
		rows: 'many',
		endpoints: [HISTORY],
		good: {
			agentId: locator('id', UUID),
			bulkListId: UUID,
			limit: fc.integer({ min: 1, max: 10 }),
		},
	},
	{
		name: 'Calling › Call › Export History',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'exportHistory',
		endpoints: [
			{
				method: 'POST',
				path: /^\/calling\/history\/download$/,
				acts: true,
				good: fc.constantFrom<unknown>({ message: 'Export queued' }, ZIP),
			},
		],
		good: {
			agentIds: fc.array(UUID, { maxLength: 2 }),
			callId: UUID,
			fromNumber: E164,
			toNumber: E164,
			bulkListId: UUID,
			binaryPropertyName: fc.constantFrom('data', 'export'),
		},
	},
	{
		name: 'Calling › Contact List › Delete',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'contactList',
		operation: 'delete',
		endpoints: [
			{
				method: 'DELETE',
				path: /^\/calling\/contact\/[^/]+$/,
				good: fc.constant({ message: 'Bulk list deleted successfully' }),
			},
		],
		good: { listId: fc.oneof(UUID, fc.string({ minLength: 1, maxLength: 12 })) },
	},
	{
		name: 'Workspace › Phone Number › Get Many',
		type: 'voiceAgentWorkspace',
		node: () => new VoiceAgentWorkspace(),
		resource: 'phoneNumber',
		operation: 'getMany',
		rows: 'many',
		endpoints: [
			{
				method: 'GET',
				path: /^\/workspace\/numbers$/,
				good: fc.record({
					workspace_numbers: fc.array(fc.record({ id: UUID, number: E164 }), { maxLength: 3 }),
				}),
			},
		],
		good: { limit: fc.integer({ min: 1, max: 100 }) },
	},
	{
		name: 'Workspace › User › Get Many',
		type: 'voiceAgentWorkspace',
		node: () => new VoiceAgentWorkspace(),
		resource: 'user',
		operation: 'getMany',
		rows: 'many',
		endpoints: [
			{
				method: 'GET',
				path: /^\/workspace\/users$/,
				good: fc.record({
					workspace_users: fc.array(fc.record({ id: UUID, email: fc.constant('a@b.c') }), {
						maxLength: 3,
					}),
				}),
			},
		],
		good: { limit: fc.integer({ min: 1, max: 100 }) },
	},
	{
		name: 'Workspace › API Key › Regenerate',
		type: 'voiceAgentWorkspace',
		node: () => new VoiceAgentWorkspace(),
		resource: 'apiKey',
		operation: 'regenerate',
		// More than one item is refused for the whole node by design (one key, one run).
		maxItems: 1,
		endpoints: [
			{
				method: 'PATCH',
				path: /^\/workspace\/api-key$/,
				acts: true,
				good: fc.constant({ new_api_key: 'new-key-fuzz-0000' }),
			},
		],
		good: { confirm: fc.constant(true) },
		ownErrors: [
			/^The service answered without new_api_key$/,
			/^Regenerate API Key runs for one input item only/,
		],
	},
	{
		name: 'Campaign › Campaign › Get Many',
		type: 'voiceAgentCampaign',
		node: () => new VoiceAgentCampaign(),
		resource: 'campaign',
		operation: 'getMany',
		rows: 'many',
		endpoints: [
			{
				method: 'GET',
				path: /^\/campaign\/all$/,
				good: fc.record({
					campaigns: fc.array(fc.record({ id: UUID, name: fc.constant('C') }), { maxLength: 3 }),
					pagination: fc.constant({ total: 3 }),
				}),
			},
		],
		good: { limit: fc.integer({ min: 1, max: 50 }) },
	},
	// Every assistant edit: PATCH /agent/v1.
	...Object.keys(assistantOperations).map(
		(operation): FuzzEntry => ({
			name: `Assistant › ${operation}`,
			type: 'voiceAgentAssistant',
			node: () => new VoiceAgentAssistant(),
			resource: 'assistant',
			operation,
			endpoints: [
				{
					method: 'PATCH',
					path: /^\/agent\/v1$/,
					good: fc.constant({ status: 'success', message: 'Agent updated' }),
				},
			],
			good: {
				assistant: locator('id', UUID),
				numberId: locator('id', UUID),
				knowledgeBaseId: UUID,
			},
		}),
	),
];
