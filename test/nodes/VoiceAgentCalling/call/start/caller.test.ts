/**
 * Call › Start's caller: exactly one of from_number, from_number_id and number_pool_id, as the
 * From Number mode says; a number pool or a Voice (Override) goes to the v2 path (vendor
 * reference, 2026-06-12), everything else to the contract's path exactly as before.
 */
import { AGENT, VOICE, locator } from '../../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, recordAll, runNode } from '../../../../helpers/harness';
import { sheetStart, startSettings } from '../../../../helpers/startParams';

expectAllMocksUsed();
afterEach(() => jest.restoreAllMocks());

const POOL = 'c9c9c9c9-0000-4000-8000-000000000001';
const NUMBER_ID = 'c3c3c3c3-0000-4000-8000-000000000001';
/** A new row each run: an item's outcome is remembered by its json object (never twice). */
const row = () => ({ json: { name: 'Ada', phone: '+14155550142' } });
const answer = {
	status: 'success',
	message: 'Call initiated successfully',
	data: { call_id: '00000000-0000-4000-8000-000000000001', call_status: 'registered' },
};
const base = { name: 'Ada', mobile_number: '+14155550142', agent_id: AGENT };

const start = (extra: Record<string, unknown>, settings: Record<string, unknown> = {}) =>
	runNode({
		type: 'voiceAgentCalling',
		items: [row()],
		continueOnFail: true,
		parameters: sheetStart(settings, extra),
	});

test.each([
	[
		'a number: the contract path',
		{ fromNumber: locator('+14155550000', 'number') },
		'/calling/outbound/individual',
		{ ...base, from_number: '+14155550000' },
	],
	[
		'a number ID: the contract path',
		{ fromNumber: locator(NUMBER_ID) },
		'/calling/outbound/individual',
		{ ...base, from_number_id: NUMBER_ID },
	],
	[
		'a number pool: the v2 path, the pool alone',
		{ fromNumber: locator(POOL, 'pool') },
		'/calling/v2/outbound/individual',
		{ ...base, number_pool_id: POOL },
	],
	[
		'a voice override: the v2 path, with the number',
		{ fromNumber: locator('+14155550000', 'number'), voiceId: locator(VOICE, 'list') },
		'/calling/v2/outbound/individual',
		{ ...base, from_number: '+14155550000', voice_id: VOICE },
	],
])('%s', async (_, extra, path, body) => {
	const scope = mockApi().post(path, body).reply(200, answer);
	const { output } = await start(extra);
	expect(output[0].json.error).toBeUndefined();
	expect(output[0].json.call_id).toBe(answer.data.call_id);
	scope.done();
});

test.each([
	[
		'Scheduled At',
		startSettings({}, { callConfig: { scheduledAt: '2099-01-01T10:00:00' } }),
		'Call Settings › Scheduled At',
	],
	[
		'a Status Callback URL',
		startSettings({ callbackUrl: 'https://crm.example/status' }),
		'Call Settings › Status Callback URL',
	],
])('%s with a number pool is refused before any request', async (_, settings, label) => {
	// Scheduled At ten hours ahead: near enough to be sent at all.
	jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2099-01-01T00:00:00Z'));
	const seen = recordAll();
	const { output } = await runNode({
		type: 'voiceAgentCalling',
		items: [row()],
		continueOnFail: true,
		parameters: { ...sheetStart({}, { fromNumber: locator(POOL, 'pool') }), ...settings },
	});
	expect(output[0].json.error).toBe(
		`${label}: cannot be used with a Number Pool or a Voice (Override): the service has no such field there [item 0]`,
	);
	expect(seen).toEqual([]);
});

// A voice the expression gives as an object would otherwise read as "no override": the call
// would go out with the assistant's own voice.
test.each([
	['an object', { voice: { id: VOICE, name: 'Asha' } }, 'an object'],
	['a Date', { voice: '2026-05-01', asDate: true }, 'a date'],
])(
	'Voice (Override) given %s by an expression: refused naming it; nobody is called',
	async (_, json, what) => {
		const seen = recordAll();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [row(), { json: { name: 'Ben', phone: '+14155550143', ...json } }],
			parameters: sheetStart(
				{},
				{
					fromNumber: locator('+14155550000', 'number'),
					voiceId: locator('={{ $json.asDate ? new Date($json.voice) : $json.voice }}', 'list'),
				},
			),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe(`Voice (Override): ${what} is not text [item 1]`);
		expect(seen).toEqual([]);
	},
);

test('Voice (Override) of the wrong type with Continue On Fail: that row fails alone', async () => {
	const seen = recordAll();
	const scope = mockApi()
		.post('/calling/outbound/individual', { ...base, from_number: '+14155550000' })
		.reply(200, answer);
	const { output } = await runNode({
		type: 'voiceAgentCalling',
		items: [row(), { json: { name: 'Ben', phone: '+14155550143', voice: { id: VOICE } } }],
		continueOnFail: true,
		parameters: sheetStart(
			{},
			{ fromNumber: locator('+14155550000', 'number'), voiceId: locator('={{ $json.voice }}') },
		),
	});
	scope.done();
	expect(output.map((o) => [o.pairedItem, o.json.error ?? o.json.call_id])).toEqual([
		[{ item: 0 }, answer.data.call_id],
		[{ item: 1 }, 'Voice (Override): an object is not text [item 1]'],
	]);
	expect(seen).toEqual([]);
});
