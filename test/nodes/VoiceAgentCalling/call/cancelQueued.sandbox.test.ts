/** Call › Cancel Queued Calls through the real engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { initBinaryData, jsonOf, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { callBody, type Client } from '../../../sandbox/helpers';

let sb: Sandbox;
let api: Client;

beforeAll(async () => {
	await initBinaryData();
});
useSandbox((started) => ({ sb, api } = started));

const CAMPAIGN_6 = 'e5e5e5e5-0000-4000-8000-000000000006';
const run = (type: string, parameters: IDataObject, more = {}) =>
	runNode({ type, credentials: sandboxCredentials(sb), parameters, ...more });

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
