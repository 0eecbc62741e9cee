import nock from 'nock';

import {
	API_KEY,
	BASE_URL,
	jsonOf,
	runNode,
	expectAllMocksUsed,
	mockApi,
} from '../../helpers/harness';
import { record } from '../../helpers/record';
import { AGENT, CALL } from '../../helpers/fixtures';
import { sheetStart } from '../../helpers/startParams';

expectAllMocksUsed();

const api = () => mockApi();

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

const started = (n: number) => ({
	status: 'success',
	message: 'Call initiated successfully',
	data: {
		call_id: `00000000-0000-4000-8000-00000000000${n}`,
		call_direction: 'outbound',
		call_status: 'registered',
		initiated_at: '2026-11-25T12:00:00Z',
		agent_id: AGENT,
		custom_args_values: { plan: 'gold' },
	},
});

describe('Call › Start', () => {
	test('sends the exact request and outputs the started call', async () => {
		const scope = api()
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
					call_time: {
						call_start_time: '09:00',
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
					direction: 'outbound',
					assistant: { id: AGENT },
					from_number: '+14155550000',
					to_number: '+14155550100',
					callee_name: 'Ada',
					created_at: '2026-11-25T12:00:00Z',
					custom_variables: { plan: 'gold' },
					raw: { ...started(1).data, message: 'Call initiated successfully' },
				}),
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	test('JSON variables, typed number, workflow time zone for Scheduled At', async () => {
		const scope = api()
			.post('/calling/outbound/individual', {
				name: '',
				mobile_number: '+919876543210',
				agent_id: AGENT,
				from_number: '+14155550000',
				custom_args_values: { count: '3', vip: 'true' },
				call_config: {
					call_time: { timezone: 'Europe/Berlin', scheduled_at: '2099-06-01T09:00:00' },
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
		const scope = api()
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
		const scope = api()
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
		const scope = api()
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
		const scope = api()
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

describe('Call › Get', () => {
	const details = {
		id: CALL,
		call_direction: 'outbound',
		call_status: 'completed',
		call_sub_status: 'ACCEPTED',
		from_number: '+14155550000',
		to_number: '+14155550100',
		callee_name: 'Ada',
		agent_id: AGENT,
		initiation_time: '2026-11-25T12:00:00Z',
		recording_url: 'https://rec.example/1.mp3',
		transcription_url: '[{"bot":"Hello Ada"},{"user":"Hi","timestamp":3}]',
		platform_analysis: { summary: 'ok' },
		client_analysis: {},
	};

	test('reads details with analysis and decodes the transcript', async () => {
		const scope = api()
			.get('/calling/call-details')
			.query({ id: CALL, send_analysis: 'true' })
			.reply(200, { status: 'success', data: details });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL, includeAnalysis: true },
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([
			record({
				call_id: CALL,
				status: 'completed',
				sub_status: 'ACCEPTED',
				direction: 'outbound',
				assistant: { id: AGENT },
				from_number: '+14155550000',
				to_number: '+14155550100',
				callee_name: 'Ada',
				created_at: '2026-11-25T12:00:00Z',
				recording_url: 'https://rec.example/1.mp3',
				transcript_turns: [
					{ speaker: 'bot', text: 'Hello Ada' },
					{ speaker: 'user', text: 'Hi' },
				],
				transcript_text: 'Assistant: Hello Ada\nCaller: Hi',
				platform_analysis: { summary: 'ok' },
				client_analysis: {},
				raw: details,
			}),
		]);
		scope.done();
	});

	test('a transcript as a list (as documented), no analysis', async () => {
		const data = { id: CALL, transcription_url: [{ bot: 'x' }] };
		const scope = api()
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { status: 'success', data });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(jsonOf(output)).toEqual([
			record({
				call_id: CALL,
				transcript_turns: [{ speaker: 'bot', text: 'x' }],
				transcript_text: 'Assistant: x',
				raw: data,
			}),
		]);
		scope.done();
	});

	test('404 and 401 reach the user with the service text and advice', async () => {
		const scope = api()
			.get('/calling/call-details')
			.query(true)
			.reply(404, { error: { code: 'not_found', message: 'Call not found' } })
			.get('/calling/call-details')
			.query(true)
			.reply(401, { error: { code: '401 Unauthorized', message: 'Invalid credentials' } });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: [{ json: {} }, { json: {} }],
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(output).toEqual([
			{
				json: {
					error: 'Call not found',
					description: 'The service did not find what was asked for. Check the ID.',
					httpCode: '404',
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					error: 'Invalid credentials',
					description:
						'Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.',
					httpCode: '401',
				},
				pairedItem: { item: 1 },
			},
		]);
		expect(JSON.stringify(output)).not.toContain(API_KEY);
		scope.done();
	});

	test('reads retry 5xx and then succeed', async () => {
		const scope = api()
			.get('/calling/call-details')
			.query(true)
			.reply(503, 'Service Unavailable', { 'Retry-After': '0' })
			.get('/calling/call-details')
			.query(true)
			.reply(502, { detail: 'Bad gateway' })
			.get('/calling/call-details')
			.query(true)
			.reply(200, { status: 'success', data: { id: CALL } });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([record({ call_id: CALL, raw: { id: CALL } })]);
		scope.done();
	});
});

describe('Call › Get Many', () => {
	const call = (n: number) => ({
		id: `c${n}`,
		status: 'completed',
		transcript: `[{"user":"row ${n}"}]`,
	});

	test('Return All pages by 100 until a short page, filters sent as ISO with offset', async () => {
		const page1 = Array.from({ length: 100 }, (_, n) => call(n));
		const page2 = [call(100), call(101)];
		const filters = {
			agent_id: AGENT,
			status: 'completed',
			bulk_list_id: 'list-9',
			start_date: '2026-11-01T00:00:00+05:30',
			end_date: '2026-11-02T00:00:00+05:30',
		};
		const scope = api()
			.get('/calling/history')
			.query({ ...filters, limit: '100', offset: '0' })
			.reply(200, { calls: page1, limit: 100, offset: 0, count: 100, total: 'many' })
			.get('/calling/history')
			.query({ ...filters, limit: '100', offset: '100' })
			.reply(200, { calls: page2, limit: 100, offset: 100, count: 2, total: 'many' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			timezone: 'Asia/Kolkata',
			parameters: {
				resource: 'call',
				operation: 'getMany',
				returnAll: true,
				filters: {
					agentId: { __rl: true, mode: 'list', value: AGENT },
					status: 'completed',
					bulkListId: 'list-9',
					startDate: '2026-11-01T00:00:00',
					endDate: '2026-11-01T18:30:00Z',
				},
			},
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(102);
		expect(output[101]).toEqual({
			json: record({
				call_id: 'c101',
				status: 'completed',
				transcript_turns: [{ speaker: 'user', text: 'row 101' }],
				transcript_text: 'Caller: row 101',
				raw: call(101),
			}),
			pairedItem: { item: 0 },
		});
		scope.done();
	});

	test('Return All over a service that caps its pages at 50: reads on until the total', async () => {
		const rows = Array.from({ length: 120 }, (_, n) => call(n));
		const scope = api();
		for (const offset of [0, 50, 100]) {
			scope
				.get('/calling/history')
				.query({ limit: '100', offset: String(offset) })
				.reply(200, {
					calls: rows.slice(offset, offset + 50),
					limit: 50,
					offset,
					count: Math.min(50, 120 - offset),
					total: 120,
				});
		}
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: {
				resource: 'call',
				operation: 'getMany',
				returnAll: true,
			},
		});
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.call_id)).toEqual(rows.map((r) => r.id));
		scope.done();
	});

	test('Limit asks for just that many', async () => {
		const scope = api()
			.get('/calling/history')
			.query({ limit: '3', offset: '0' })
			.reply(200, { calls: [call(1), call(2), call(3)], total: 50 });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany', limit: 3 },
		});
		expect(jsonOf(output).map((json) => json.raw)).toEqual([call(1), call(2), call(3)]);
		expect(jsonOf(output).map((json) => json.call_id)).toEqual(['c1', 'c2', 'c3']);
		scope.done();
	});

	test('400 {error} body reaches the user', async () => {
		const scope = api()
			.get('/calling/history')
			.query(true)
			.reply(400, { error: { code: 'invalid_parameter', message: 'start_date must be ISO 8601' } });
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'getMany', limit: 3 },
		});
		expect(error?.message).toBe('start_date must be ISO 8601');
		expect(error?.description).toBe(
			'The service rejected a field or parameter. Check the values named in the message.',
		);
		scope.done();
	});
});

describe('Call › Export History', () => {
	const A2 = '11111111-2222-4333-8444-555555555555';

	test('queued export: JSON message, repeated agent_id, every filter', async () => {
		const scope = api()
			.post('/calling/history/download')
			.query(
				(q) =>
					JSON.stringify(q) ===
					JSON.stringify({
						start_date: '2026-11-01T00:00:00+00:00',
						agent_id: [AGENT, A2],
						status: 'completed',
						call_type: 'outbound',
						bulk_list_id: 'list-1',
						voicemail: 'false',
						from_number: '+14155550000',
						to_number: '+14155550100',
						call_id: CALL,
						include_analysis: 'true',
						limit: '500',
						offset: '10',
					}),
			)
			.reply(200, { message: 'Export queued; an e-mail will follow' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: {
				resource: 'call',
				operation: 'exportHistory',
				filters: {
					startDate: '2026-11-01T00:00:00',
					agentIds: [AGENT, A2],
					status: 'completed',
					callType: 'outbound',
					bulkListId: 'list-1',
					voicemail: 'false',
					fromNumber: '+14155550000',
					toNumber: '+14155550100',
					callId: CALL,
				},
				options: { includeAnalysis: true, maxRecords: 500, skipRecords: 10 },
			},
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{ json: { message: 'Export queued; an e-mail will follow' }, pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	test('file delivery: a ZIP answer becomes binary data', async () => {
		const zip = Buffer.from('PK\u0003\u0004fake-zip-bytes');
		const scope = nock(BASE_URL)
			.matchHeader('x-api-key', API_KEY)
			.matchHeader('accept', /^application\/zip/)
			.post('/calling/history/download')
			.reply(200, zip, { 'Content-Type': 'application/zip' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: {
				resource: 'call',
				operation: 'exportHistory',
				delivery: 'file',
				binaryPropertyName: 'export',
			},
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({
			fileName: 'call-history.zip',
			mimeType: 'application/zip',
			fileSize: zip.length,
		});
		expect(output[0].binary?.export).toMatchObject({
			fileName: 'call-history.zip',
			mimeType: 'application/zip',
			data: zip.toString('base64'),
		});
		scope.done();
	});
});

describe('Contact List › Delete', () => {
	test('deletes by path-encoded id', async () => {
		const scope = api()
			.delete('/calling/contact/list%2F7%20a')
			.reply(200, { message: 'Bulk list deleted successfully' });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'contactList', operation: 'delete', listId: 'list/7 a' },
		});
		expect(output).toEqual([
			{
				json: { list_id: 'list/7 a', message: 'Bulk list deleted successfully' },
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});
});

describe('credential', () => {
	test('the key is never sent to a plain-http host that is not local', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			credentials: { apiKey: API_KEY, baseUrl: 'http://api.example.com/ca/api/v0' },
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error?.message).toBe(
			'Voice Agent API credential: the API key is only sent over https (plain http is allowed for localhost only), but the Base URL is http://api.example.com',
		);
	});

	test('an http loopback base URL is allowed (the local sandbox)', async () => {
		const scope = nock('http://127.0.0.1:4010/ca/api/v0')
			.matchHeader('x-api-key', API_KEY)
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { status: 'success', data: { id: CALL } });
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			credentials: { apiKey: API_KEY, baseUrl: 'http://127.0.0.1:4010/ca/api/v0/' },
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('the key appears in no error, even when the service echoes it', async () => {
		const scope = api()
			.get('/calling/call-details')
			.query(true)
			.reply(401, { error: { code: '401 Unauthorized', message: `Invalid key ${API_KEY}` } });
		const { error, run } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error?.message).toBe('Invalid key ***');
		expect(JSON.stringify(run)).not.toContain(API_KEY);
		scope.done();
	});
});
