/**
 * The fuzz table: one entry per operation. A new operation is one entry: its node, resource
 * and operation, the endpoints it may call (with a good answer each) and hints for good values
 * of fields whose type alone says too little (IDs, phone numbers).
 */
import fc from 'fast-check';

import { VoiceAgentAnalytics } from '../../nodes/VoiceAgentAnalytics/VoiceAgentAnalytics.node';
import { VoiceAgentAssistant } from '../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { assistant } from '../../nodes/VoiceAgentAssistant/actions/assistant';
import { VoiceAgentCalling } from '../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { VoiceAgentCampaign } from '../../nodes/VoiceAgentCampaign/VoiceAgentCampaign.node';
import { VoiceAgentKnowledgeBase } from '../../nodes/VoiceAgentKnowledgeBase/VoiceAgentKnowledgeBase.node';
import { VoiceAgentWorkspace } from '../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import {
	BASE_PATH,
	E164,
	type Endpoint,
	type FuzzEntry,
	ORIGIN,
	RECORDINGS,
	RECORDINGS_CDN,
	UUID,
} from './driver';

/**
 * A moment some hours from now, as UTC ISO: a scheduled call is sent only less than a day
 * ahead (further, a service ignoring scheduled_at could ring early). Local times are read in
 * the call's zone (UTC or Asia/Kolkata here): 9 hours keeps them ahead in both.
 */
const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Do Not Call in a share of runs: a list that may hold a row's own number, in any format. */
const DO_NOT_CALL = {
	doNotCall: fc.constantFrom('none', 'none', 'numbers'),
	doNotCallNumbers: fc.oneof(
		E164,
		fc.constantFrom('+14155550100\n+919876543210', '+1 (415) 555-0100, 0091 98765 43210'),
	),
};

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

const AGENT = fc.record({
	id: UUID,
	agent_name: fc.constant('A'),
	agent_prompt: fc.constantFrom('Hi @{{name}}', '', 42, null),
	agent_config: fc.constantFrom<unknown>(
		undefined,
		{ agent_prompt: 'Hello @{{ city }}' },
		null,
		[],
	),
});

const CAMPAIGN_LIST: Endpoint = {
	method: 'GET',
	path: /^\/campaign\/all$/,
	good: fc.record({
		campaigns: fc.array(
			fc.record({
				id: UUID,
				name: fc.constant('C'),
				campaign_status: fc.constantFrom('completed', 'ongoing', 'draft'),
			}),
			{ maxLength: 3 },
		),
		pagination: fc.constant({ total: 3 }),
	}),
};

const ZIP = Buffer.from('PK\u0003\u0004fuzz-zip');

/** POST /campaign/start (or v2): the campaign registered. */
const CAMPAIGN_START: Endpoint = {
	method: 'POST',
	path: /^\/campaign\/(v2\/)?start$/,
	acts: true,
	good: fc.constant({
		status: 'campaign registered successfully!',
		has_ongoing_calls: false,
	}),
};

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

// ---------------------------------------------------------------------------------------
// Recordings: the API's details point at a storage host, which may redirect.

const AUDIO = fc.constantFrom(
	Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt fuzz-audio'),
	// Over a Max Size of 0.001 MB (1,048 bytes).
	Buffer.alloc(1100, 1),
);
const API_RECORDING = `${ORIGIN}${BASE_PATH}/recordings/call.wav`;
const RECORDING_URL = fc.constantFrom<unknown>(
	`${RECORDINGS}/rec/call.wav`,
	`${RECORDINGS}/rec/a%20b.mp3`,
	API_RECORDING,
	'http://recordings.example/rec/call.wav',
	'not a url',
	'',
	null,
);
const RECORDING_ENDPOINTS: Endpoint[] = [
	{
		method: 'GET',
		origin: RECORDINGS,
		path: /^\/(rec|again)\/[^/]+$/,
		good: AUDIO,
		contentType: 'audio/wav',
		followsRedirects: true,
	},
	{
		method: 'GET',
		origin: RECORDINGS_CDN,
		path: /^\/moved\/[^/]+$/,
		good: AUDIO,
		contentType: 'audio/wav',
		followsRedirects: true,
	},
	// A recording on the API's own origin is fetched with the key (the only host that gets it).
	{
		method: 'GET',
		path: /^\/recordings\/[^/]+$/,
		good: AUDIO,
		contentType: 'audio/wav',
		followsRedirects: true,
	},
];
const DETAILS_WITH_RECORDING: Endpoint = {
	method: 'GET',
	path: /^\/calling\/call-details$/,
	good: fc
		.tuple(callRow, RECORDING_URL)
		.map(([row, recording_url]) => ({ status: 'success', data: { ...row, recording_url } })),
};
const RECORDING_HINTS = {
	binaryPropertyName: fc.constantFrom('data', 'audio', ' '),
	maxSizeMb: fc.oneof(fc.constant(0.001), fc.integer({ min: 1, max: 200 })),
	onMissing: fc.constantFrom('error', 'outputWithoutFile'),
};
const RECORDING_ERRORS = [
	/^The recording (was not found|link has expired|could not be downloaded from|host answered|is not downloaded from|host redirected)/,
	/^The call has no recording$/,
	/^The recording URL ".*" is not a valid URL$/s,
];
/** Found too large only once the host answered: not invalid input. */
const TOO_LARGE = [/Max Size \(MB\): the recording is larger than/];

// ---------------------------------------------------------------------------------------
// Start: a few call IDs shared by start answers, history rows and details, so the watcher
// finds its calls in the history as well as by details.

const CALL_IDS = [
	'0a0a0a0a-0000-4000-8000-000000000001',
	'0a0a0a0a-0000-4000-8000-000000000002',
	'0a0a0a0a-0000-4000-8000-000000000003',
];
const watchedRow = fc.record({
	id: fc.constantFrom(...CALL_IDS),
	call_status: fc.constantFrom('completed', 'registered', 'ongoing', 'failed', 'no_answer'),
	status: fc.constantFrom('completed', 'registered', 'ongoing', 'failed'),
	to_number: E164,
	agent_id: UUID,
	transcript: fc.constantFrom('', 'Agent: hello\nUser: hi'),
	created_at: fc.constant('2026-01-01T10:00:00Z'),
});

/** A call of Check Calls' Pending item: as saved before calls carried their own fields, or with them. */
const pendingCall = fc.record(
	{
		call_id: UUID,
		agent_id: UUID,
		created_at: fc.constantFrom('2026-01-01T10:00:00Z', null),
		status: fc.constantFrom('ongoing', 'completed', null),
		deadline: fc.constantFrom('2020-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z', 'soon'),
		first_checked_at: fc.constantFrom('2026-01-01T10:00:05.000Z', null),
		row: fc.constant({ name: 'Ada' }),
	},
	{ requiredKeys: ['call_id', 'agent_id', 'created_at', 'row'] },
);

export const ENTRIES: FuzzEntry[] = [
	{
		name: 'Calling › Call › Start',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'start',
		fullRuns: 20000,
		maxItems: 4,
		// About 25 fields: mostly good values, so that most runs dial (and some wait).
		goodPerHostile: 40,
		ciRuns: 40,
		// Each row's POST carries its row in the callee name, to count POSTs per row.
		fixed: { name: '={{ "row-" + $itemIndex }}' },
		rowOf: (body) => (body as { name?: string } | undefined)?.name,
		endpoints: [
			{
				method: 'POST',
				path: /^\/calling\/(v2\/)?outbound\/individual$/,
				acts: true,
				good: fc
					.record({
						call_id: fc.constantFrom(...CALL_IDS),
						initiated_at: fc.constantFrom('2026-01-01T10:00:00Z', undefined),
					})
					.map((data) => ({
						status: 'success',
						message: 'ok',
						data: { ...data, call_status: 'registered' },
					})),
			},
			{
				method: 'GET',
				path: /^\/calling\/history$/,
				good: fc.record({ calls: fc.array(watchedRow, { maxLength: 4 }), total: fc.nat(5) }),
			},
			{
				method: 'GET',
				path: /^\/calling\/call-details$/,
				good: watchedRow.map((data) => ({ status: 'success', data })),
			},
			{
				// The assistant, read once per batch for the variables its prompt uses.
				method: 'GET',
				path: /^\/agent\/[^/]+$/,
				good: fc.oneof(
					{
						weight: 4,
						arbitrary: fc
							.constantFrom(
								'Hello.',
								'Hello.',
								'Ask @{{callee_name}} about @{{city}}.',
								'@{{plan}}',
							)
							.map((prompt) => ({
								agents: { agent_config: { agent_prompt: prompt, intro_message: 'Hi' } },
							})),
					},
					{
						weight: 1,
						arbitrary: fc.constant({
							agents: {
								orchestration_mode: 'multi_node',
								active_agent_version_id: 'v1',
								version_details: { v1: { agent_config: { agent_prompt: null } } },
							},
						}),
					},
				),
			},
		],
		// Refused only once the assistant's answer is known.
		afterAnswerErrors: [/^Custom Variables: the assistant uses /],
		good: {
			assistant: locator('id', UUID),
			missingVariables: fc.constantFrom('refuse', 'warn', 'ignore'),
			fromNumber: fc.oneof(locator('number', E164), locator('id', UUID)),
			mobileNumber: fc.oneof(
				{ weight: 8, arbitrary: E164 },
				{ weight: 1, arbitrary: fc.constantFrom('98765 43210', '+1 (415) 555-0100') },
			),
			variablesMode: fc.constantFrom('none', 'none', 'none', 'pairs', 'json', 'row'),
			variablesJson: fc.constantFrom('{"city":"Pune"}', '{}', '[1]', '{"a":'),
			// Waiting in a fraction of runs; its rounds advance the virtual clock.
			waitForCompletion: fc.oneof(
				{ weight: 3, arbitrary: fc.constant(false) },
				{ weight: 1, arbitrary: fc.constant(true) },
			),
			// Always a short Max Wait: its default (30 min) would take 900 rounds of the virtual
			// clock at a 2 s poll, past the run's request budget.
			waitOptions: fc.record(
				{
					maxWaitSeconds: fc.integer({ min: 5, max: 120 }),
					pollIntervalSeconds: fc.integer({ min: 2, max: 30 }),
					includeAnalysis: fc.boolean(),
					downloadRecording: fc.boolean(),
				},
				{ requiredKeys: ['maxWaitSeconds'] },
			),
			dryRun: fc.oneof(
				{ weight: 4, arbitrary: fc.constant(false) },
				{ weight: 1, arbitrary: fc.constant(true) },
			),
			dryRunReport: fc.boolean(),
			...DO_NOT_CALL,
			callbackUrl: fc.constantFrom(
				'',
				'',
				'',
				'',
				'https://hooks.example/cb',
				'http://localhost:5678/cb',
				'http://hooks.example/cb',
				'https://user:pw@hooks.example/cb',
			),
			callbackHeaders: fc.constantFrom({}, {}, {}, { header: [{ name: 'X-Token', value: 'a' }] }),
			callStartTime: fc.constantFrom('09:00', '18:30'),
			callEndTime: fc.constantFrom('17:00', '23:59'),
			timezone: fc.constantFrom('Asia/Kolkata', 'UTC'),
			scheduledAt: fc.constantFrom(soon(9).slice(0, 19), `${soon(5).slice(0, 19)}+00:00`),
			defaultCountryCode: fc.constantFrom('+1', '+91', ''),
			maxConcurrent: fc.integer({ min: 1, max: 5 }),
			callsPerMinute: fc.integer({ min: 0, max: 600 }),
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
		fixed: { downloadRecording: false },
	},
	{
		name: 'Calling › Call › Get (Download Recording)',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'get',
		endpoints: [DETAILS_WITH_RECORDING, ...RECORDING_ENDPOINTS],
		good: { callId: UUID, ...RECORDING_HINTS },
		fixed: { downloadRecording: true },
		ownErrors: RECORDING_ERRORS,
		afterAnswerErrors: TOO_LARGE,
	},
	{
		name: 'Calling › Call › Download Recording',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'downloadRecording',
		endpoints: [DETAILS_WITH_RECORDING, ...RECORDING_ENDPOINTS],
		good: {
			recordingSource: fc.constantFrom('callId', 'url'),
			callId: UUID,
			recordingUrl: RECORDING_URL,
			...RECORDING_HINTS,
		},
		ownErrors: RECORDING_ERRORS,
		afterAnswerErrors: TOO_LARGE,
	},
	{
		name: 'Calling › Call › Call Back',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'callBack',
		endpoints: [
			DETAILS,
			HISTORY,
			{ method: 'GET', path: /^\/agent\/[^/]+$/, good: AGENT.map((agents) => ({ agents })) },
			{
				method: 'POST',
				path: /^\/calling\/outbound\/individual$/,
				acts: true,
				good: fc
					.record({
						call_id: UUID,
						initiated_at: fc.constantFrom('2026-01-01T10:00:00', undefined),
					})
					.map((data) => ({
						status: 'success',
						message: 'ok',
						data: { ...data, call_status: 'registered' },
					})),
			},
		],
		good: {
			callId: UUID,
			when: fc.constantFrom('now', 'callbackAt', 'at', 'nextWindow'),
			callAt: fc.constantFrom(soon(9).slice(0, 19), '2020-01-15T09:30:00+02:00'),
			assumedZone: fc.constantFrom('', '', 'Europe/Moscow'),
			maxAttempts: fc.integer({ min: 1, max: 5 }),
			assistantId: UUID,
			versionId: UUID,
			phoneNumber: E164,
			fromNumber: E164,
			variables: fc.constantFrom('{}', '{"name":"Ada","city":"Pune"}'),
			...DO_NOT_CALL,
		},
		goodPerHostile: 20,
		// Known only once the call is read: its callback_at, its values, its assistant's prompt.
		afterAnswerErrors: [
			// What the call's analysis says of the requested time (or does not).
			/^When: the (call has no analysis|callee asked for no call-back|analysis gives no requested|requested call-back time)/,
			/^Overrides › [A-Za-z ]+: the original call's value is not known/,
			/^Overrides › Phone Number: the original call's number /,
			/^Overrides › Variables: the (call gives no value|original call's variables are not known)/,
		],
	},
	{
		name: 'Calling › Call › Check Calls',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'checkCalls',
		endpoints: [
			{
				method: 'GET',
				path: /^\/calling\/history$/,
				good: fc.record({ calls: fc.array(callRow, { maxLength: 4 }), total: fc.nat(5) }),
			},
			{
				method: 'GET',
				path: /^\/calling\/call-details$/,
				good: fc.record({ status: fc.constant('success'), data: callRow }),
			},
		],
		good: { maxWaitMinutes: fc.integer({ min: 1, max: 600 }) },
		rows: 'many',
		// Start's items, a Pending item of an earlier round (its deadline passed or not; its
		// calls as saved before they carried their own deadline, or with it), one such call on
		// its own (a Pending item split per call), a row Start could not dial, and an item from
		// elsewhere.
		input: fc.oneof(
			fc.record({
				call_id: UUID,
				assistant: fc.record({ id: UUID }),
				created_at: fc.constantFrom('2026-01-01T10:00:00Z', null),
			}),
			fc.record({
				deadline: fc.constantFrom('2020-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z', 'soon'),
				rounds: fc.nat(9),
				pending: fc.array(pendingCall, { maxLength: 3 }),
			}),
			pendingCall,
			fc.constant({ error: 'Phone Number: is not a phone number [item 0]' }),
			fc.constant({ name: 'Ada' }),
		),
	},
	{
		name: 'Calling › Call › Cancel Queued Calls',
		type: 'voiceAgentCalling',
		node: calling,
		resource: 'call',
		operation: 'cancelQueued',
		endpoints: [
			{
				method: 'PATCH',
				path: /^\/campaign\/terminate$/,
				acts: true,
				good: fc.constantFrom({ message: 'Calls terminated' }, {}),
			},
		],
		good: {
			cancelBy: fc.constantFrom(
				'callIds',
				'assistant',
				'campaign',
				'phoneNumbers',
				'campaignNumbers',
			),
			callIds: fc.oneof(
				fc.array(UUID, { minLength: 1, maxLength: 3 }),
				fc.array(UUID, { minLength: 1, maxLength: 3 }).map((ids) => ids.join(', ')),
				fc.constant('a, , b\n'),
			),
			cancelAssistant: locator('id', UUID),
			cancelCampaign: locator('id', UUID),
			phoneNumbers: fc.oneof(
				fc.array(E164, { minLength: 1, maxLength: 3 }),
				fc.array(E164, { minLength: 1, maxLength: 3 }).map((n) => n.join('\n')),
				fc.constant('98765 43210; 98765 43211'),
			),
			defaultCountryCode: fc.constantFrom('', '+91', '91', 'x'),
		},
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
		// A 404 or 405: the list is missing, or the service withdrew the operation.
		ownErrors: [/^The contact list does not exist, or the service no longer offers deleting it$/],
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
			// A 403/404/405: the endpoint left the vendor reference; keys are made in the dashboard.
			/^Regenerate the API key in the dashboard of the voice agent service$/,
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
	{
		name: 'Campaign › Campaign › Create',
		type: 'voiceAgentCampaign',
		node: () => new VoiceAgentCampaign(),
		resource: 'campaign',
		operation: 'create',
		rows: 'all',
		maxItems: 4,
		goodPerHostile: 20,
		endpoints: [
			{ method: 'GET', path: /^\/agent\/[^/]+$/, good: fc.record({ agents: AGENT }) },
			CAMPAIGN_LIST,
			{
				method: 'POST',
				path: /^\/campaign\/save$/,
				acts: true,
				good: fc.record({
					list_id: UUID,
					total_rows: fc.nat(5),
					successful_rows: fc.nat(5),
					failed_rows: fc.nat(2),
				}),
			},
			{
				method: 'POST',
				path: /^\/campaign\/upload-csv$/,
				acts: true,
				good: fc.record({
					bulk_list_id: UUID,
					status: fc.constantFrom('draft', 'completed', 'ready'),
				}),
			},
			CAMPAIGN_START,
			{
				method: 'POST',
				path: /^\/campaign\/check-balance\/[^/]+$/,
				good: fc.constantFrom({ status: 'draft' }, { sufficient_balance: true }),
			},
			{
				method: 'POST',
				path: /^\/campaign\/make-call-async$/,
				acts: true,
				good: fc.constant({ status: 'scheduled' }),
			},
		],
		good: {
			assistant: locator('id', UUID),
			campaignName: fc.constantFrom('Reminders', 'Año nuevo'),
			mobileNumber: fc.oneof(E164, fc.constant('98765 43210')),
			countryCode: fc.constantFrom('+91', '1'),
			startAt: fc.constant('2030-01-15T09:30:00'),
			endAt: fc.constant('2030-01-15T18:00:00'),
			contactsSource: fc.constant('items'),
			largeFlow: fc.constantFrom('auto', 'never', 'always'),
			maxVerifyMinutes: fc.constant(1),
			pollSeconds: fc.constant(1),
			fromNumbers: fc.array(E164, { minLength: 1, maxLength: 2 }),
			numberPoolId: UUID,
			dryRun: fc.oneof(
				{ weight: 4, arbitrary: fc.constant(false) },
				{ weight: 1, arbitrary: fc.constant(true) },
			),
			...DO_NOT_CALL,
		},
		ownErrors: [
			/^No contact to upload/,
			/^The assistant's prompt uses /,
			/^The service accepted the upload but its answer has no /,
			/^Not enough credits to run the contact list /,
			/is still being verified/,
			/^The service could not verify the contact list /,
		],
	},
	{
		name: 'Campaign › Campaign › Start',
		type: 'voiceAgentCampaign',
		node: () => new VoiceAgentCampaign(),
		resource: 'campaign',
		operation: 'start',
		endpoints: [CAMPAIGN_START],
		good: {
			campaign: locator('id', UUID),
			assistant: locator('id', UUID),
			fromNumbers: fc.array(E164, { minLength: 1, maxLength: 2 }),
			numberPoolId: UUID,
			emailUserIds: fc.array(UUID, { maxLength: 2 }),
		},
	},
	{
		name: 'Campaign › Campaign › Get',
		type: 'voiceAgentCampaign',
		node: () => new VoiceAgentCampaign(),
		resource: 'campaign',
		operation: 'get',
		endpoints: [CAMPAIGN_LIST],
		good: { campaign: locator('id', UUID) },
		ownErrors: [/^Campaign .* is not in the workspace's campaign list$/],
	},
	{
		name: 'Campaign › Campaign › Get Results',
		type: 'voiceAgentCampaign',
		node: () => new VoiceAgentCampaign(),
		resource: 'campaign',
		operation: 'getResults',
		rows: 'many',
		endpoints: [HISTORY],
		good: { campaign: locator('id', UUID), limit: fc.integer({ min: 1, max: 50 }) },
	},
	{
		name: 'Campaign › Campaign › Stop',
		type: 'voiceAgentCampaign',
		node: () => new VoiceAgentCampaign(),
		resource: 'campaign',
		operation: 'stop',
		endpoints: [
			{
				method: 'PATCH',
				path: /^\/campaign\/terminate$/,
				acts: true,
				good: fc.constant({ message: 'Calls terminated successfully!' }),
			},
		],
		good: {
			campaign: locator('id', UUID),
			stopScope: fc.constantFrom('all', 'numbers'),
			mobileNumbers: fc.oneof(fc.constant(''), fc.array(E164, { minLength: 1, maxLength: 3 })),
		},
	},
	{
		name: 'Workspace › Workspace › Get',
		type: 'voiceAgentWorkspace',
		node: () => new VoiceAgentWorkspace(),
		resource: 'workspace',
		operation: 'get',
		endpoints: [
			{
				method: 'GET',
				path: /^\/workspace$/,
				good: fc.record({
					workspace_info: fc.record({
						id: UUID,
						name: fc.constant('W'),
						credits: fc.integer({ min: 0, max: 5000 }),
						locked_credits: fc.constant(0),
					}),
				}),
			},
		],
	},
	{
		name: 'Assistant › get',
		type: 'voiceAgentAssistant',
		node: () => new VoiceAgentAssistant(),
		resource: 'assistant',
		operation: 'get',
		endpoints: [
			{ method: 'GET', path: /^\/agent\/[^/]+$/, good: AGENT.map((agents) => ({ agents })) },
		],
		good: { assistant: locator('id', UUID) },
	},
	{
		name: 'Assistant › getMany',
		type: 'voiceAgentAssistant',
		node: () => new VoiceAgentAssistant(),
		resource: 'assistant',
		operation: 'getMany',
		rows: 'many',
		endpoints: [
			{
				method: 'GET',
				path: /^\/agent\/all$/,
				good: fc.record({
					status: fc.constant('success'),
					data: fc.record({ agents: fc.array(AGENT, { maxLength: 3 }) }),
				}),
			},
			// Each listed assistant is then read on its own.
			{
				method: 'GET',
				path: /^\/agent\/(?!all$)[^/]+$/,
				good: AGENT.map((agents) => ({ agents })),
			},
		],
		good: { limit: fc.integer({ min: 1, max: 300 }) },
	},
	// Every report: GET /analytics/*, the answer as served (inner shapes not published).
	...(
		[
			['platform', 'platform-analytics', 'performance_metrics'],
			['drillDown', 'drill-down-analytics', 'performance_metrics'],
			['numbers', 'number-analytics', 'number_analytics'],
			['durationDistribution', 'duration-distribution', 'duration_distribution'],
			['classification', 'classification-analytics', 'classification_analytics'],
		] as const
	).map(
		([operation, path, key]): FuzzEntry => ({
			name: `Analytics › ${operation}`,
			type: 'voiceAgentAnalytics',
			node: () => new VoiceAgentAnalytics(),
			resource: 'analytics',
			operation,
			rows: operation === 'numbers' ? 'many' : 'one',
			endpoints: [
				{
					method: 'GET',
					path: new RegExp(`^/analytics/${path}$`),
					good: fc.record({
						[key]:
							key === 'number_analytics'
								? fc.array(fc.record({ number: E164, calls: fc.nat(9) }), { maxLength: 3 })
								: fc.record({ calls: fc.nat(9) }),
					}),
				},
			],
			good: {
				assistant: locator('id', UUID),
				campaign: locator('id', UUID),
				startDate: fc.constantFrom('2026-01-01', '2026-01-05T10:00:00', ''),
				endDate: fc.constantFrom('2026-02-01', '2026-02-01T23:00:00+05:30', ''),
			},
		}),
	),
	// Knowledge bases: multipart create and edit (never sent twice), the wait, a bare list.
	...((): FuzzEntry[] => {
		const kb = () => new VoiceAgentKnowledgeBase();
		const record = fc.record({
			kb_id: UUID,
			kb_name: fc.constant('KB'),
			status: fc.constantFrom('completed', 'completed', 'failed', 'processing', 'pending'),
			files: fc.constant([{ file_id: 'f1', filename: 'a.pdf', file_size: 3 }]),
			urls: fc.constant([]),
			faqs: fc.constant([]),
		});
		const READ: Endpoint = { method: 'GET', path: /^\/external\/kb\/[0-9a-fA-F-]+$/, good: record };
		const content = {
			kbName: fc.constantFrom('Clinic FAQ', 'KB'),
			filesFrom: fc.constantFrom('none', 'all', 'named'),
			urls: fc.constantFrom('https://example.com/docs', '', '["https://a.example/x"]'),
			faqInput: fc.constantFrom('fields', 'json'),
			faqsJson: fc.constantFrom('[{"question": "Q?", "answer": "A."}]', '[]'),
			faq: fc.constant([{ question: 'Q?', answer: 'A.' }]),
			waitUntilReady: fc.boolean(),
			maxWait: fc.integer({ min: 1, max: 5 }),
			pollIntervalSeconds: fc.integer({ min: 5, max: 60 }),
			knowledgeBaseId: locator('id', UUID),
		};
		const waitErrors = [
			/^Knowledge base .* failed to process$/,
			/^Knowledge base .* is still .* after [\d.]+ s \(Max Wait\)$/,
		];
		return [
			{
				name: 'Knowledge Base › Create',
				type: 'voiceAgentKnowledgeBase',
				node: kb,
				resource: 'knowledgeBase',
				operation: 'create',
				endpoints: [
					{
						method: 'POST',
						path: /^\/external\/kb$/,
						acts: true,
						good: fc.record({
							message: fc.constant('Knowledge Base creation initiated'),
							kb_id: UUID,
							processing_status: fc.constant('pending'),
							files_queued: fc.nat(3),
						}),
					},
					READ,
				],
				good: content,
				goodPerHostile: 12,
				ownErrors: waitErrors,
			},
			{
				name: 'Knowledge Base › Update',
				type: 'voiceAgentKnowledgeBase',
				node: kb,
				resource: 'knowledgeBase',
				operation: 'update',
				endpoints: [
					{
						method: 'PATCH',
						path: /^\/external\/kb$/,
						acts: true,
						good: fc.record({
							message: fc.constant('Knowledge Base edit initiated'),
							kb_id: UUID,
							items_removed: fc.nat(3),
							new_files_queued: fc.nat(3),
							new_files: fc.constant([]),
						}),
					},
					READ,
				],
				good: {
					...content,
					filesToRemove: fc.constantFrom([], ['f1'], 'f1, f2'),
					urlsToRemove: fc.constantFrom([], ['https://a.example/x']),
					faqsToRemove: fc.constantFrom([], ['q1']),
				},
				goodPerHostile: 12,
				ownErrors: waitErrors,
			},
			{
				name: 'Knowledge Base › Get',
				type: 'voiceAgentKnowledgeBase',
				node: kb,
				resource: 'knowledgeBase',
				operation: 'get',
				endpoints: [READ],
				good: { knowledgeBaseId: locator('id', UUID) },
			},
			{
				name: 'Knowledge Base › Get Many',
				type: 'voiceAgentKnowledgeBase',
				node: kb,
				resource: 'knowledgeBase',
				operation: 'getMany',
				rows: 'many',
				endpoints: [
					{
						method: 'GET',
						path: /^\/external\/kb\/all$/,
						good: fc.array(
							fc.record({
								kb_id: UUID,
								kb_name: fc.constant('KB'),
								type: fc.constant('non_deterministic'),
								created_at: fc.constant('2026-01-20T10:00:00Z'),
							}),
							{ maxLength: 3 },
						),
					},
				],
				good: { limit: fc.integer({ min: 1, max: 100 }) },
			},
			{
				name: 'Knowledge Base › Delete',
				type: 'voiceAgentKnowledgeBase',
				node: kb,
				resource: 'knowledgeBase',
				operation: 'delete',
				endpoints: [
					{
						method: 'DELETE',
						path: /^\/external\/kb\/[^/]+$/,
						acts: true,
						good: fc.record({
							message: fc.constant('Knowledge Base deleted successfully'),
							kb_id: UUID,
						}),
					},
				],
				good: { knowledgeBaseId: locator('id', UUID) },
				ownErrors: [/^The knowledge base does not exist, or was already deleted$/],
			},
		];
	})(),
	// Every assistant edit (every operation but the reads): PATCH /agent/v1.
	{
		name: 'Assistant › delete',
		type: 'voiceAgentAssistant',
		node: () => new VoiceAgentAssistant(),
		resource: 'assistant',
		operation: 'delete',
		endpoints: [
			{
				method: 'DELETE',
				path: /^\/agent\/[^/]+$/,
				acts: true,
				good: fc.constant({ message: 'Agent deleted successfully!' }),
			},
		],
		good: { assistant: locator('id', UUID) },
		ownErrors: [/^The assistant does not exist, or was already deleted$/],
	},
	{
		name: 'Assistant › create',
		type: 'voiceAgentAssistant',
		node: () => new VoiceAgentAssistant(),
		resource: 'assistant',
		operation: 'create',
		endpoints: [
			{
				method: 'POST',
				path: /^\/public\/agent$/,
				acts: true,
				good: fc.record({
					success: fc.constant(true),
					data: fc.record({
						id: UUID,
						version: fc.constant('v1'),
						created_at: fc.constant('2026-09-01T10:00:00Z'),
					}),
					message: fc.constant('Agent created successfully'),
				}),
			},
		],
		good: { voiceId: locator('id', UUID) },
		goodPerHostile: 12,
		ownErrors: [/^The voice does not speak .*: choose a voice listed for it$/],
	},
	...Object.keys(assistant.operations)
		.filter((operation) => !['create', 'get', 'getMany', 'delete'].includes(operation))
		.map(
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
					// Update Voice's "Same as the Assistant" reads the assistant's language first,
					// in either shape the service answers.
					...(operation === 'updateVoice'
						? [
								{
									method: 'GET' as const,
									path: /^\/agent\/[^/]+$/,
									good: fc.constantFrom(
										{ agents: { language: 'hi-IN' } },
										{
											agents: {
												active_agent_version_id: 'v1',
												version_details: { v1: { language: 'ta-IN' } },
											},
										},
									),
								},
							]
						: []),
				],
				// An answer without a usable language is reported after that read.
				afterAnswerErrors:
					operation === 'updateVoice'
						? [
								/^Language: could not be read from the assistant/,
								/^Language: the assistant speaks ".*", which is not a supported language/,
							]
						: undefined,
				good: {
					assistant: locator('id', UUID),
					numberId: locator('id', UUID),
					// The dropdown, or the plain ID workflows saved before it.
					knowledgeBaseId: fc.oneof(locator('id', UUID), locator('list', UUID), UUID),
				},
			}),
		),
];
