/** Call › Cancel Queued Calls (PATCH /campaign/terminate): exact requests and outputs. */
import nock from 'nock';

import {
	API_KEY,
	BASE_URL,
	expectAllMocksUsed,
	jsonOf,
	recordAll,
	runNode,
} from '../../../helpers/harness';
import { AGENT, locator } from '../../../helpers/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.emitter.removeAllListeners('no match'));
expectAllMocksUsed();

const CAMPAIGN = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';
const id = (n: number) => `7d0f6a3e-2b1c-4d5e-8f90-${String(n).padStart(12, '0')}`;
const OK = { message: 'Calls terminated successfully!' };
const NONE = { detail: 'No terminable calls found' };

const terminate = (body: object) =>
	nock(BASE_URL)
		.matchHeader('x-api-key', API_KEY)
		.matchHeader('content-type', 'application/json')
		.patch('/campaign/terminate', body as nock.DataMatcherMap);

const params = (extra: Record<string, unknown>) => ({
	resource: 'call',
	operation: 'cancelQueued',
	...extra,
});

describe('Call › Cancel Queued Calls', () => {
	test('by call IDs, one item per input item (e.g. the outputs of a bulk Start)', async () => {
		terminate({ call_ids: [id(1)] }).reply(200, OK);
		terminate({ call_ids: [id(2)] }).reply(400, NONE);
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ cancelBy: 'callIds', callIds: '={{ $json.call_id }}' }),
			items: [{ json: { call_id: id(1) } }, { json: { call_id: id(2) } }],
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{
				json: { cancelled: true, message: 'Calls terminated successfully!', call_ids: [id(1)] },
				pairedItem: { item: 0 },
			},
			{
				json: { cancelled: false, message: 'No terminable calls found', call_ids: [id(2)] },
				pairedItem: { item: 1 },
			},
		]);
	});

	test('250 IDs (a list and text) go in chunks of 100, 100 and 50', async () => {
		const ids = Array.from({ length: 250 }, (_, k) => id(k));
		terminate({ call_ids: ids.slice(0, 100) }).reply(200, OK);
		terminate({ call_ids: ids.slice(100, 200) }).reply(400, NONE);
		terminate({ call_ids: ids.slice(200) }).reply(200, OK);
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ callIds: '={{ $json.ids }}' }),
			items: [{ json: { ids: [...ids.slice(0, 200), ids.slice(200).join(',\n')] } }],
		});
		const [json] = jsonOf(output);
		expect(json).toEqual({
			cancelled: true,
			message: 'Calls terminated successfully!',
			call_ids: ids,
			requests: [
				{ count: 100, cancelled: true, message: 'Calls terminated successfully!' },
				{ count: 100, cancelled: false, message: 'No terminable calls found' },
				{ count: 50, cancelled: true, message: 'Calls terminated successfully!' },
			],
		});
	});

	test('by assistant and by campaign (resource locators)', async () => {
		terminate({ agent_id: AGENT }).reply(200, OK);
		terminate({ campaign_id: CAMPAIGN }).reply(200, OK);
		const a = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ cancelBy: 'assistant', cancelAssistant: locator(AGENT) }),
		});
		expect(jsonOf(a.output)).toEqual([
			{ cancelled: true, message: 'Calls terminated successfully!', agent_id: AGENT },
		]);
		const c = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ cancelBy: 'campaign', cancelCampaign: locator(CAMPAIGN) }),
		});
		expect(jsonOf(c.output)).toEqual([
			{ cancelled: true, message: 'Calls terminated successfully!', campaign_id: CAMPAIGN },
		]);
	});

	test('by phone numbers, normalised as Start does, alone or with a campaign', async () => {
		terminate({ mobile_numbers: ['+919876543210', '+14155550100'] }).reply(200, OK);
		terminate({ campaign_id: CAMPAIGN, mobile_numbers: ['+919876543210'] }).reply(400, NONE);
		const alone = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({
				cancelBy: 'phoneNumbers',
				phoneNumbers: '98765 43210\n+1 (415) 555-0100, 098765-43210',
				defaultCountryCode: '+91',
			}),
		});
		expect(jsonOf(alone.output)).toEqual([
			{
				cancelled: true,
				message: 'Calls terminated successfully!',
				mobile_numbers: ['+919876543210', '+14155550100'],
			},
		]);
		const pair = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({
				cancelBy: 'campaignNumbers',
				cancelCampaign: locator(CAMPAIGN),
				phoneNumbers: '={{ ["+919876543210"] }}',
			}),
		});
		expect(jsonOf(pair.output)).toEqual([
			{
				cancelled: false,
				message: 'No terminable calls found',
				campaign_id: CAMPAIGN,
				mobile_numbers: ['+919876543210'],
			},
		]);
	});

	test.each([
		[{ callIds: '={{ "" }}' }, 'Call IDs: is required [item 0]'],
		[{ callIds: 'abc' }, 'Call IDs: "abc" is not a valid ID (UUID expected) [item 0]'],
		[{ callIds: '={{ [{ a: 1 }] }}' }, 'Call IDs: entry {"a":1} is not text [item 0]'],
		[
			{ cancelBy: 'phoneNumbers', phoneNumbers: '12345' },
			'Phone Numbers: "12345" is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
		],
		[
			// With +39, "39 0612345" is +39 0612345 or the Italian number 390 612345.
			{ cancelBy: 'phoneNumbers', phoneNumbers: '39 0612345', defaultCountryCode: '+39' },
			'Phone Numbers: "39 0612345" is ambiguous with country code +39: it can be +39390612345 or +390612345; write the number meant in full, with + and its country code [item 0]',
		],
		[
			{ cancelBy: 'assistant', cancelAssistant: '={{ "x" }}' },
			'Assistant: "x" is not a valid ID (UUID expected) [item 0]',
		],
	])('%j is refused before any request', async (extra, message) => {
		const { error } = await runNode({ type: 'voiceAgentCalling', parameters: params(extra) });
		expect(error?.message).toBe(message);
	});

	// With no ID or number left, the request would cancel far more than asked (every queued
	// call of the campaign, or worse): an empty selection is an error, never a wider cancel.
	test.each([
		['campaignNumbers', [], 'phoneNumbers', 'Phone Numbers'],
		['campaignNumbers', ['', ' '], 'phoneNumbers', 'Phone Numbers'],
		['phoneNumbers', [], 'phoneNumbers', 'Phone Numbers'],
		['callIds', [], 'callIds', 'Call IDs'],
		['callIds', [' '], 'callIds', 'Call IDs'],
	])(
		'Cancel By %s, an expression giving %j: refused, nothing sent',
		async (cancelBy, list, field, label) => {
			const unmatched = recordAll();
			const { output, error } = await runNode({
				type: 'voiceAgentCalling',
				parameters: params({
					cancelBy,
					cancelCampaign: locator(CAMPAIGN),
					[field]: '={{ $json.list }}',
				}),
				items: [{ json: { list } }],
			});
			expect(output).toEqual([]);
			expect(error?.message).toBe(`${label}: is required [item 0]`);
			expect(unmatched).toEqual([]);
		},
	);

	test('other errors (unknown campaign) fail the item; Continue On Fail keeps the rest', async () => {
		const OTHER = CAMPAIGN.replace('6e7f', '1111');
		terminate({ campaign_id: OTHER }).reply(404, { detail: 'Campaign not found' });
		terminate({ campaign_id: CAMPAIGN }).reply(200, OK);
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			parameters: params({
				cancelBy: 'campaign',
				cancelCampaign: '={{ $json.campaign }}',
			}),
			items: [{ json: { campaign: OTHER } }, { json: { campaign: CAMPAIGN } }],
		});
		const json = jsonOf(output);
		expect(json[0].error).toContain('Campaign not found');
		expect(json[1]).toEqual({
			cancelled: true,
			message: 'Calls terminated successfully!',
			campaign_id: CAMPAIGN,
		});
	});

	test('Retry On Fail re-runs the node: a request already answered is not sent again', async () => {
		terminate({ call_ids: [id(1)] })
			.once()
			.reply(200, OK);
		terminate({ call_ids: [id(2)] })
			.once()
			.reply(500, { detail: 'boom' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
			parameters: params({ callIds: '={{ $json.id }}' }),
			items: [{ json: { id: id(1) } }, { json: { id: id(2) } }],
		});
		// Each request went out exactly once (nock would refuse a second one).
		expect(output).toEqual([]);
		expect(error?.message).toContain('boom');
	});
});
