/** Call › Start of one row: the exact request and output, bad input refused, failures. */
import { runNode, expectAllMocksUsed, mockApi } from '../../../../helpers/harness';
import { CALLED_ADA, record } from '../../../../helpers/record';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart, startAnswer } from '../../../../helpers/startParams';

expectAllMocksUsed();
afterEach(() => jest.restoreAllMocks());

/** A sheet start picked from the lists, with the row's plan as a variable. */
const startParams = (extra: Record<string, unknown> = {}) =>
	sheetStart(
		{},
		{
			assistant: { __rl: true, mode: 'list', value: AGENT },
			fromNumber: { __rl: true, mode: 'list', value: '+14155550000' },
			variablesMode: 'pairs',
			variables: { variable: [{ name: 'plan', value: '={{ $json.plan }}' }] },
			...extra,
		},
	);

const started = (n: number) =>
	startAnswer(n, {
		call_direction: 'outbound',
		call_status: 'registered',
		initiated_at: '2026-11-25T12:00:00Z',
		agent_id: AGENT,
		custom_args_values: { plan: 'gold' },
	});

describe('Call › Start', () => {
	test('sends the exact request and outputs the started call', async () => {
		// 18:30 in Kolkata the day before: Scheduled At is less than a day ahead.
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2099-01-01T13:00:00Z'));
		const scope = mockApi()
			.matchHeader('content-type', 'application/json')
			.post('/calling/outbound/individual', {
				name: 'Ada',
				mobile_number: '+14155550100',
				agent_id: AGENT,
				from_number: '+14155550000',
				custom_args_values: { plan: 'gold' },
				call_config: {
					idle_timeout_warning: 10,
					idle_timeout_end: 30,
					max_call_length: 300,
					call_retry_config: {
						retry_count: 2,
						retry_busy: 1,
						retry_not_picked: 2,
						retry_failed: 0,
					},
					// A window opening at the scheduled time, so a service that ignores
					// scheduled_at does not ring early (its end: the user's window end).
					call_time: {
						call_start_time: '10:30',
						call_end_time: '18:00',
						timezone: 'Asia/Kolkata',
						scheduled_at: '2099-01-02T10:30:00',
					},
				},
			})
			.reply(200, started(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'Ada', phone: '+14155550100', plan: 'gold' } }],
			parameters: startParams({
				callConfig: {
					idleTimeoutWarning: 10,
					idleTimeoutEnd: 30,
					maxCallLength: 300,
					retry: {
						settings: { retry_count: 2, retry_busy: 1, retry_not_picked: 2, retry_failed: 0 },
					},
					callStartTime: '09:00',
					callEndTime: '18:00',
					timezone: 'Asia/Kolkata',
					scheduledAt: '2099-01-02T05:00:00Z',
				},
			}),
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{
				// The call record with what the start answer and the request tell.
				json: record({
					call_id: started(1).data.call_id,
					status: 'registered',
					...CALLED_ADA,
					custom_variables: { plan: 'gold' },
					raw: { ...started(1).data, message: 'Call initiated successfully' },
				}),
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	test('JSON variables, typed number, workflow time zone for Scheduled At', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2099-05-31T12:00:00Z'));
		const scope = mockApi()
			.post('/calling/outbound/individual', {
				name: '',
				mobile_number: '+919876543210',
				agent_id: AGENT,
				from_number: '+14155550000',
				custom_args_values: { count: '3', vip: 'true' },
				call_config: {
					call_time: {
						call_start_time: '09:00',
						call_end_time: '11:00',
						timezone: 'Europe/Berlin',
						scheduled_at: '2099-06-01T09:00:00',
					},
				},
			})
			.reply(200, started(2));
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			timezone: 'Europe/Berlin',
			parameters: {
				resource: 'call',
				operation: 'start',
				assistant: { __rl: true, mode: 'id', value: AGENT },
				mobileNumber: '+919876543210',
				fromNumber: { __rl: true, mode: 'number', value: '+14155550000' },
				variablesMode: 'json',
				variablesJson: '{"count": 3, "vip": true}',
				missingVariables: 'ignore',
				callConfig: { scheduledAt: '2099-06-01T09:00:00' },
			},
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test.each([
		[
			{ phone: '4155550100' },
			{},
			'Phone Number: "4155550100" is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
		],
		[
			{},
			{ assistant: { __rl: true, mode: 'id', value: '={{ "nope" }}' } },
			'Assistant: "nope" is not a valid ID (UUID expected) [item 0]',
		],
		[
			{},
			{ callConfig: { scheduledAt: '2020-01-01T00:00:00Z' } },
			'Call Settings › Scheduled At: 2020-01-01T00:00:00 (UTC) is in the past [item 0]',
		],
		[
			{},
			{ callConfig: { callStartTime: '09:00' } },
			'Call Settings › Call Window End: is required when the other end of the call window is set [item 0]',
		],
		[
			{},
			{ callConfig: { callStartTime: '9am', callEndTime: '17:00' } },
			'Call Settings › Call Window Start: "9am" is not a time of day as HH:MM (24-hour), e.g. 09:30 [item 0]',
		],
		[
			{},
			{ callConfig: { timezone: 'India' } },
			'Call Settings › Time Zone: "India" is not an IANA time zone, e.g. Asia/Kolkata [item 0]',
		],
		[
			{},
			{ variablesMode: 'json', variablesJson: '{"a": {"b": 1}}' },
			'Variables › a: must be text, a number or a boolean, not an object or list [item 0]',
		],
		[
			{},
			{ variables: { variable: [{ name: '', value: 'x' }] } },
			'Variables › Variable 1 › Name: is required [item 0]',
		],
	])('refuses bad input before sending: %j %j', async (row, extra, message) => {
		const { error, output } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'Ada', phone: '+14155550100', plan: 'x', ...row } }],
			parameters: startParams(extra),
		});
		expect(error?.message).toBe(message);
		expect(output).toEqual([]);
	});

	test('Continue On Fail: one output per item, in order, the bad row carries its error', async () => {
		const scope = mockApi()
			.post('/calling/outbound/individual', (b) => b.mobile_number === '+14155550101')
			.reply(200, started(1))
			.post('/calling/outbound/individual', (b) => b.mobile_number === '+14155550103')
			.reply(200, started(3));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: [
				{ json: { name: 'A', phone: '+14155550101', plan: 'a' } },
				{ json: { name: 'B', phone: '555-0102', plan: 'b' } },
				{ json: { name: 'C', phone: '+14155550103', plan: 'c' } },
			],
			parameters: startParams(),
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json.call_id).toBe(started(1).data.call_id);
		expect(output[1].json).toEqual({
			error:
				'Phone Number: "555-0102" is not a phone number in international format with country code, e.g. +14155550100 [item 1]',
			description:
				'Fix "Phone Number" in input item 1 and run again. No request was sent for this item.',
		});
		expect(output[2].json.call_id).toBe(started(3).data.call_id);
		scope.done();
	});

	test('a 500 after sending is reported and never retried (one request only)', async () => {
		const scope = mockApi()
			.post('/calling/outbound/individual')
			.once()
			.reply(500, { error: { code: '500 Internal Server Error', message: 'Internal error' } });
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'A', phone: '+14155550101', plan: 'a' } }],
			parameters: startParams(),
		});
		expect(error?.message).toBe('Internal error');
		expect(error?.description).toBe(
			'The service failed while handling the request. Try again later. The request may have been carried out before the failure, so it was not repeated automatically (a call is never placed twice). Check the call history before trying again.',
		);
		expect(error?.httpCode).toBe('500');
		scope.done();
	});

	test('a connection lost after sending is reported and never retried', async () => {
		const scope = mockApi()
			.post('/calling/outbound/individual')
			.once()
			.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'A', phone: '+14155550101', plan: 'a' } }],
			parameters: startParams(),
		});
		expect(error?.message).toBe('The connection to the service was closed before it answered');
		expect(String(error?.description)).toContain('it was not repeated automatically');
		scope.done();
	});

	test('429 with Retry-After and a refused connection are retried: the service did not act', async () => {
		const scope = mockApi()
			.post('/calling/outbound/individual')
			.reply(429, { error: { code: 'rate_limited', message: 'Too many' } }, { 'Retry-After': '0' })
			.post('/calling/outbound/individual')
			.replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
			.post('/calling/outbound/individual')
			.reply(200, started(1));
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: [{ json: { name: 'A', phone: '+14155550101', plan: 'a' } }],
			parameters: startParams(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json.call_id).toBe(started(1).data.call_id);
		scope.done();
	});
});
