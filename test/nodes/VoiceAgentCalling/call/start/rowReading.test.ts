/**
 * Start reads fixed fields once per run and per-row expressions for every row (see
 * nodes/VoiceAgentCalling/actions/call/start/batchParams.ts), in n8n's own engine: the requests and outputs must be exactly
 * what reading every field for every row gives, and every error must still name its row.
 */
import nock from 'nock';

import { API_KEY, BASE_URL, jsonOf, runNode } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { record } from '../../../../helpers/record';
import { sheetStart } from '../../../../helpers/startParams';

const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

afterEach(() => nock.cleanAll());

const rows = [
	{ json: { name: 'Ann', phone: '4155550001', cc: '+1', lang: 'en' } },
	{ json: { name: 'Bob', phone: '07700900002', cc: '+44', lang: 'de' } },
	{ json: { name: 'Cyd', phone: '9876543210', cc: '+91', lang: 'hi' } },
];

/** Fixed and per-row fields mixed, also inside the same collection (the variables). */
const params = (settings: Record<string, unknown> = {}) =>
	sheetStart(
		{ defaultCountryCode: '={{ $json.cc }}', maxConcurrent: 2, ...settings },
		{
			fromNumber: { __rl: true, mode: 'number', value: '+14155550100' },
			variablesMode: 'pairs',
			variables: {
				variable: [
					{ name: 'plan', value: 'gold' },
					{ name: 'language', value: '={{ $json.lang }}' },
				],
			},
		},
	);

const expectedBodies = [
	{
		name: 'Ann',
		mobile_number: '+14155550001',
		agent_id: AGENT,
		from_number: '+14155550100',
		custom_args_values: { plan: 'gold', language: 'en' },
	},
	{
		name: 'Bob',
		mobile_number: '+447700900002',
		agent_id: AGENT,
		from_number: '+14155550100',
		custom_args_values: { plan: 'gold', language: 'de' },
	},
	{
		name: 'Cyd',
		mobile_number: '+919876543210',
		agent_id: AGENT,
		from_number: '+14155550100',
		custom_args_values: { plan: 'gold', language: 'hi' },
	},
];

test('each row is sent with its own values and the shared fixed ones, and output in order', async () => {
	const sent: Array<{ body: unknown; headers: Record<string, unknown> }> = [];
	nock(BASE_URL)
		.post('/calling/outbound/individual')
		.times(3)
		.reply(function (_uri, body) {
			sent.push({ body, headers: this.req.headers });
			const n = expectedBodies.findIndex(
				(b) => b.mobile_number === (body as { mobile_number: string }).mobile_number,
			);
			return [200, { status: 'success', message: 'ok', data: { call_id: callId(n) } }];
		});
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows,
		parameters: params(),
	});
	expect(error).toBeUndefined();
	expect(
		sent.map((s) => s.body).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
	).toEqual([...expectedBodies].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
	for (const { headers } of sent) {
		expect(headers['x-api-key']).toBe(API_KEY);
		expect(headers['content-type']).toBe('application/json');
	}
	expect(jsonOf(output)).toEqual(
		[0, 1, 2].map((n) =>
			record({
				call_id: callId(n),
				direction: 'outbound',
				assistant: { id: AGENT },
				from_number: '+14155550100',
				to_number: expectedBodies[n].mobile_number,
				callee_name: expectedBodies[n].name,
				custom_variables: expectedBodies[n].custom_args_values,
				raw: { call_id: callId(n), message: 'ok' },
			}),
		),
	);
	expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
});

test('Dry Run gives the same bodies, row by row', async () => {
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows,
		parameters: params({ dryRun: true }),
	});
	expect(error).toBeUndefined();
	expect(jsonOf(output).map((o) => o.body)).toEqual(expectedBodies);
});

test('a bad fixed field fails every row under its own item, and nothing is sent', async () => {
	nock.disableNetConnect();
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		continueOnFail: true,
		items: rows,
		parameters: params({ defaultCountryCode: 'abc' }),
	});
	expect(error).toBeUndefined();
	expect(jsonOf(output).map((o) => o.error)).toEqual([
		'Default Country Code: "abc" is not a country code, e.g. +91 [item 0]',
		'Default Country Code: "abc" is not a country code, e.g. +91 [item 1]',
		'Default Country Code: "abc" is not a country code, e.g. +91 [item 2]',
	]);
	expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	expect(nock.pendingMocks()).toEqual([]);
});

test('a bad per-row value stops the batch before anyone is dialled', async () => {
	nock.disableNetConnect();
	const items = rows.map((r) => ({ json: { ...r.json } }));
	items[2].json.cc = 'ninety-one';
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items,
		parameters: params(),
	});
	expect(error?.message).toBe(
		'Default Country Code: "ninety-one" is not a country code, e.g. +91 [item 2]',
	);
	expect(output).toEqual([]);
});
