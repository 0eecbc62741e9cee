/**
 * The new reads and actions run through the real engine against the sandbox: recordings on
 * their own origin (which records every header it received), queued calls cancelled.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { VoiceAgentAssistant } from '../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { VoiceAgentWorkspace } from '../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import { initBinaryData, jsonOf, registerNodeType, runNode } from '../helpers/harness';
import { AGENT_1, callBody, type Client } from '../sandbox/helpers';
import { sandboxCredentials, useSandbox } from '../helpers/sandbox';

registerNodeType('voiceAgentAssistant', () => new VoiceAgentAssistant());
registerNodeType('voiceAgentWorkspace', () => new VoiceAgentWorkspace());

let sb: Sandbox;
let api: Client;

beforeAll(async () => {
	await initBinaryData();
});
useSandbox((started) => ({ sb, api } = started));

const CAMPAIGN_6 = 'e5e5e5e5-0000-4000-8000-000000000006';
const run = (type: string, parameters: IDataObject, more = {}) =>
	runNode({ type, credentials: sandboxCredentials(sb), parameters, ...more });

test('Download Recording: the WAV of a finished call; the recording host never sees the key', async () => {
	const callId = (await api.post('/calling/outbound/individual', callBody())).body.data
		.call_id as string;
	sb.advance(120_000);
	expect(sb.call(callId)!.status).toBe('completed');

	const { output, error } = await run('voiceAgentCalling', {
		resource: 'call',
		operation: 'downloadRecording',
		callId,
	});
	expect(error).toBeUndefined();
	expect(output[0].json).toMatchObject({
		call_id: callId,
		file_name: `${callId}.wav`,
		mime_type: 'audio/wav',
	});
	const wav = Buffer.from(output[0].binary!.data.data, 'base64');
	expect(wav.subarray(0, 4).toString()).toBe('RIFF');

	expect(sb.recordingRequests).toHaveLength(1);
	const headers = sb.recordingRequests[0].headers;
	expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('x-api-key');
	expect(JSON.stringify(headers)).not.toContain(sb.apiKey);

	// A day later the link has expired: a clear error, or the item without the file.
	sb.advance(25 * 3600_000);
	const expired = await run('voiceAgentCalling', {
		resource: 'call',
		operation: 'downloadRecording',
		callId,
		options: { onMissing: 'outputWithoutFile' },
	});
	expect(jsonOf(expired.output)[0].recording_error).toBe(
		'The recording link has expired or is not valid any more (AccessDenied: Request has expired)',
	);
});

test('Cancel Queued Calls: by call IDs of many items, then nothing left is a result', async () => {
	const queued = sb.queueCampaignCalls(CAMPAIGN_6, {
		contacts: [
			{ mobile_number: '+14155553001' },
			{ mobile_number: '+14155553002' },
			{ mobile_number: '+14155553003' },
		],
	});
	const ongoing = (await api.post('/calling/outbound/individual', callBody())).body.data
		.call_id as string;
	const items = [
		...queued.map((c) => ({ json: { call_id: c.id } })),
		{ json: { call_id: ongoing } },
	];
	const { output } = await run(
		'voiceAgentCalling',
		{ resource: 'call', operation: 'cancelQueued', callIds: '={{ $json.call_id }}' },
		{ items },
	);
	expect(jsonOf(output).map((o) => o.cancelled)).toEqual([true, true, true, false]);
	expect(queued.map((c) => c.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
	// Already talking: not stopped.
	expect(sb.call(ongoing)!.status).toBe('ongoing');
});

test('Cancel Queued Calls: a campaign and numbers, normalised', async () => {
	const [c1, c2] = sb.queueCampaignCalls(CAMPAIGN_6, {
		contacts: [{ mobile_number: '+14155553001' }, { mobile_number: '+14155553002' }],
	});
	const { output } = await run('voiceAgentCalling', {
		resource: 'call',
		operation: 'cancelQueued',
		cancelBy: 'campaignNumbers',
		cancelCampaign: { __rl: true, mode: 'list', value: CAMPAIGN_6 },
		phoneNumbers: '(415) 555-3002',
		defaultCountryCode: '+1',
	});
	expect(jsonOf(output)).toEqual([
		{
			cancelled: true,
			message: 'Calls terminated successfully!',
			campaign_id: CAMPAIGN_6,
			mobile_numbers: ['+14155553002'],
		},
	]);
	expect([c1.status, c2.status]).toEqual(['registered', 'cancelled']);
});

test('Assistant Get / Get Many and Workspace Get read what the sandbox holds', async () => {
	const got = await run('voiceAgentAssistant', {
		resource: 'assistant',
		operation: 'get',
		assistant: { __rl: true, mode: 'id', value: AGENT_1.toUpperCase() },
	});
	expect(jsonOf(got.output)[0]).toMatchObject({ id: AGENT_1, prompt_variables: expect.any(Array) });
	const many = await run('voiceAgentAssistant', {
		resource: 'assistant',
		operation: 'getMany',
		returnAll: true,
	});
	expect(jsonOf(many.output).map((a) => a.id)).toEqual([...sb.store.agents.keys()]);
	const ws = await run('voiceAgentWorkspace', { resource: 'workspace', operation: 'get' });
	expect(jsonOf(ws.output)).toEqual([
		{
			id: '09090909-0000-4000-8000-000000000001',
			name: 'Sandbox Clinic Group',
			created_at: expect.stringMatching(/Z$/),
			credits: expect.any(Number),
			locked_credits: 0,
		},
	]);
	// The reference's older shape carried the workspace's key: it never reaches the output.
	sb.setShape('docs');
	const old = await run('voiceAgentWorkspace', { resource: 'workspace', operation: 'get' });
	expect(jsonOf(old.output)).toEqual(jsonOf(ws.output));
	expect(JSON.stringify(old.output)).not.toContain(sb.apiKey);
});
