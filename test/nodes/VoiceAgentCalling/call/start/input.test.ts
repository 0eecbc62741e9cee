/**
 * What Start reads from its fields and rows: Dry Run shows the exact bodies, and values of the
 * wrong type are clear field errors before anyone is called.
 */
import nock from 'nock';

import { expectAllMocksUsed, mockApi, runNode } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart } from '../../../../helpers/startParams';

const NUMBER_ID = 'c3c3c3c3-0000-4000-8000-000000000001';

beforeAll(() => nock.disableNetConnect());
expectAllMocksUsed();

const params = (extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) =>
	sheetStart(settings, extra);

test('Dry Run: the exact body of every row and its warnings, nobody called', async () => {
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: [
			{ json: { name: 'Ada', phone: '98765 43210', plan: 'gold' } },
			{ json: { name: 'Ben', phone: '+14155550101', plan: 7 } },
		],
		parameters: params(
			{
				variablesMode: 'row',
				variablesExclude: 'name, phone',
				fromNumber: { __rl: true, mode: 'id', value: NUMBER_ID },
				callConfig: { maxCallLength: 120, retry: { settings: { retry_count: 2 } } },
			},
			{
				dryRun: true,
				defaultCountryCode: '+91',
				callbackUrl: 'https://n8n.example.com/webhook/status',
				callbackHeaders: { header: [{ name: 'X-Token', value: 's3cret' }] },
			},
		),
	});
	expect(error).toBeUndefined();
	const body = (name: string, number: string, plan: string) => ({
		name,
		mobile_number: number,
		agent_id: AGENT,
		from_number_id: NUMBER_ID,
		custom_args_values: { plan },
		call_config: {
			max_call_length: 120,
			// The other retry settings are the fields' defaults, which n8n fills in.
			call_retry_config: { retry_count: 2, retry_busy: 1, retry_not_picked: 1, retry_failed: 1 },
		},
		callback_url: 'https://n8n.example.com/webhook/status',
		callback_args: { headers: { 'X-Token': 's3cret', 'Content-Type': 'application/json' } },
	});
	expect(output).toEqual([
		{
			json: {
				dry_run: true,
				body: body('Ada', '+919876543210', 'gold'),
				warnings: ['Phone Number "98765 43210" is sent as +919876543210'],
			},
			pairedItem: { item: 0 },
		},
		{ json: { dry_run: true, body: body('Ben', '+14155550101', '7') }, pairedItem: { item: 1 } },
	]);
});

test('the callback and from_number reach the service as the Dry Run showed them', async () => {
	const scope = mockApi()
		.post('/calling/outbound/individual', {
			name: 'Ada',
			mobile_number: '+14155550100',
			agent_id: AGENT,
			from_number: '+14155550000',
			callback_url: 'http://127.0.0.1:5678/webhook/x',
			callback_args: { headers: { 'content-type': 'application/json; charset=utf-8' } },
		})
		.reply(200, { status: 'success', message: 'ok', data: { call_id: 'c1' } });
	const { error } = await runNode({
		type: 'voiceAgentCalling',
		items: [{ json: { name: 'Ada', phone: '+14155550100' } }],
		parameters: params(
			{},
			{
				callbackUrl: 'http://127.0.0.1:5678/webhook/x',
				callbackHeaders: {
					header: [{ name: 'content-type', value: 'application/json; charset=utf-8' }],
				},
			},
		),
	});
	expect(error).toBeUndefined();
	scope.done();
});

describe('a whole-run setting of the wrong type fails every row, also with Continue On Fail', () => {
	test.each([
		[
			{ maxConcurrent: 'abc' },
			'Pace › Max Concurrent Requests: "abc" is not a whole number from 1 to 50 [item 0]',
		],
		[
			{ maxConcurrent: '={{ NaN }}' },
			'Pace › Max Concurrent Requests: NaN is not a whole number from 1 to 50 [item 0]',
		],
		[
			{ maxConcurrent: '={{ {} }}' },
			'Pace › Max Concurrent Requests: an object is not a whole number from 1 to 50 [item 0]',
		],
		[
			{ maxConcurrent: '0x10' },
			'Pace › Max Concurrent Requests: "0x10" is not a whole number from 1 to 50 [item 0]',
		],
		[{ callsPerMinute: '={{ NaN }}' }, 'Pace › Calls per Minute: NaN is not a number [item 0]'],
		[{ dryRun: 'yes' }, 'Dry Run: "yes" is not true or false [item 0]'],
	])('%j', async (options, message) => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: [
				{ json: { name: 'A', phone: '+14155550100' } },
				{ json: { name: 'B', phone: '+14155550101' } },
			],
			parameters: params({}, options),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => [o.json.error, o.pairedItem])).toEqual([
			[message, { item: 0 }],
			[message, { item: 1 }],
		]);
	});
});

describe('row values of the wrong type are refused before anyone is called', () => {
	test.each([
		[
			{ waitForCompletion: true },
			{ pollIntervalSeconds: 0 },
			{},
			'Wait Options › Poll Interval (Seconds): 0 is not a number from 2 to 600 [item 0]',
		],
		[
			{ waitForCompletion: true },
			{ maxWaitSeconds: 'x' },
			{},
			'Wait Options › Max Wait (Seconds): "x" is not a number from 5 to 86400 [item 0]',
		],
		[
			{ waitForCompletion: 'maybe' },
			{},
			{},
			'Wait for Call to End: "maybe" is not true or false [item 0]',
		],
		[{}, {}, { name: { first: 'Ada' } }, 'Callee Name: an object is not text [item 0]'],
		[{}, {}, { name: [1, 2] }, 'Callee Name: a list is not text [item 0]'],
		[{}, {}, { name: Number.NaN }, 'Callee Name: NaN is not text [item 0]'],
		[
			{},
			{ defaultCountryCode: '+91' },
			{ phone: '12345' },
			'Phone Number: "12345" is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
		],
		[
			{},
			{ defaultCountryCode: '+91' },
			{ phone: '-14155550100' },
			'Phone Number: "-14155550100" is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
		],
		[
			{},
			{ defaultCountryCode: 'India' },
			{},
			'Default Country Code: "India" is not a country code, e.g. +91 [item 0]',
		],
		[
			{},
			{ callbackUrl: 'http://example.com/hook' },
			{},
			'Call Settings › Status Callback URL: must start with https:// (plain http is allowed for localhost only), got "http://example.com/hook" [item 0]',
		],
		[
			{ callConfig: { retry: { settings: { retry_count: '0x10' } } } },
			{},
			{},
			'Call Settings › Retries › Retry Count: "0x10" is not a whole number of at least 0 [item 0]',
		],
		[
			{ callConfig: { maxCallLength: true } },
			{},
			{},
			'Call Settings › Max Call Length (Seconds): true is not a whole number of at least 1 [item 0]',
		],
		[
			{ variablesMode: 'json', variablesJson: '{"__proto__": "x"}' },
			{},
			{},
			'Variables › __proto__: "__proto__" cannot be used as a variable name (it is reserved in JavaScript); rename it [item 0]',
		],
		[
			{ variablesMode: 'pairs', variables: { variable: [{ name: 'constructor', value: 'x' }] } },
			{},
			{},
			'Variables › constructor: "constructor" cannot be used as a variable name (it is reserved in JavaScript); rename it [item 0]',
		],
		[
			{ variablesMode: 'row' },
			{},
			{ prototype: 'x' },
			'Variables › prototype: "prototype" cannot be used as a variable name (it is reserved in JavaScript); rename it, or list it in Fields to Leave Out [item 0]',
		],
		[
			{ fromNumber: { __rl: true, mode: 'id', value: '={{ $json.from }}' } },
			{},
			{ from: '+14155550000' },
			'From Number: "+14155550000" is not a valid ID (UUID expected) [item 0]',
		],
	])('%j %j %j', async (extra, options, row, message) => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'Ada', phone: '+14155550100', ...row } }],
			parameters: params(extra, options),
		});
		expect(error?.message).toBe(message);
		expect(output).toEqual([]);
	});
});

test('Version: sent as version_id (one A/B variant on purpose); a bad one is refused before any call', async () => {
	const VERSION = 'a7a7a7a7-0000-4000-8000-000000000001';
	mockApi()
		.post('/calling/outbound/individual', {
			name: 'Ada',
			mobile_number: '+14155550101',
			agent_id: AGENT,
			version_id: VERSION,
			from_number: '+14155550000',
		})
		.reply(200, {
			status: 'success',
			message: 'Call initiated successfully',
			data: { call_id: 'c1', call_status: 'registered', agent_id: AGENT },
		});
	const ok = await runNode({
		type: 'voiceAgentCalling',
		items: [{ json: { name: 'Ada', phone: '+14155550101' } }],
		parameters: params({ version: { __rl: true, mode: 'id', value: VERSION } }),
	});
	expect(ok.error).toBeUndefined();
	const bad = await runNode({
		type: 'voiceAgentCalling',
		items: [{ json: { name: 'Ada', phone: '+14155550101' } }],
		parameters: params({ version: { __rl: true, mode: 'id', value: '={{ "control" }}' } }),
	});
	expect(bad.error?.message).toBe('Version: "control" is not a valid ID (UUID expected) [item 0]');
});
