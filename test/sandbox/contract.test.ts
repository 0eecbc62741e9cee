import type { Sandbox } from '../../sandbox';
import {
	AGENT_1,
	AGENT_2,
	AGENT_3,
	callBody,
	FROM,
	KB_1,
	KB_2,
	LIST_1,
	NUMBER_1,
	NUMBER_3,
	UNKNOWN_UUID,
	VOICE_ARIA,
	VOICE_KABIR,
	VOICE_ROHAN,
	activeVersion,
	type Client,
} from './helpers';
import { useSandbox } from '../helpers/sandbox';

const ERROR_401 = { error: { code: '401 Unauthorized', message: 'Invalid credentials' } };
const invalid = (message: string) => ({ error: { code: 'invalid_parameter', message } });

let sb: Sandbox;
let api: Client;
// These read the history without dates: the reading where that means no bound.
useSandbox((started) => ({ sb, api } = started), { historyDates: 'current' });

describe('authentication', () => {
	const endpoints: Array<[string, string]> = [
		['POST', '/calling/outbound/individual'],
		['GET', '/calling/history'],
		['POST', '/calling/history/download'],
		['GET', `/calling/call-details?id=${UNKNOWN_UUID}`],
		['DELETE', `/calling/contact/${LIST_1}`],
		['PATCH', '/agent/v1'],
		['GET', '/agent/all'],
		['GET', '/workspace/numbers'],
		['GET', '/workspace/users'],
		['PATCH', '/workspace/api-key'],
	];

	test.each(endpoints)('%s %s without a key answers 401 {error}', async (method, path) => {
		const res = await api.call(method, path, { key: null });
		expect(res.status).toBe(401);
		expect(res.body).toEqual(ERROR_401);
	});

	test.each(endpoints)('%s %s with a wrong key answers 401 {error}', async (method, path) => {
		const res = await api.call(method, path, { key: 'sandbox-key-wrong' });
		expect(res.status).toBe(401);
		expect(res.body).toEqual(ERROR_401);
	});

	test('the campaign list answers 401 with {detail}', async () => {
		const res = await api.get('/campaign/all', { key: null });
		expect(res.status).toBe(401);
		expect(res.body).toEqual({ detail: 'Invalid credentials' });
	});

	test('a failed auth changes nothing: the contact list survives', async () => {
		await api.del(`/calling/contact/${LIST_1}`, { key: 'nope' });
		expect((await api.del(`/calling/contact/${LIST_1}`)).status).toBe(200);
	});

	test('regenerating the key retires the old one at once', async () => {
		expect(sb.apiKey).toBe('sandbox-key-0000');
		const res = await api.patch('/workspace/api-key');
		expect(res.status).toBe(200);
		const fresh = res.body.new_api_key as string;
		expect(fresh).toMatch(/^sandbox-key-[0-9a-f]{24}$/);
		expect(sb.apiKey).toBe(fresh);
		expect((await api.get('/workspace/users', { key: 'sandbox-key-0000' })).status).toBe(401);
		expect((await api.get('/workspace/users', { key: fresh })).status).toBe(200);
		const again = await api.patch('/workspace/api-key', undefined, { key: fresh });
		expect(again.body.new_api_key).not.toBe(fresh);
		expect((await api.get('/workspace/users', { key: fresh })).status).toBe(401);
	});
});

describe('routing', () => {
	test('an unknown endpoint is 404 and a wrong method 405', async () => {
		expect((await api.get('/calling/nothing')).status).toBe(404);
		const res = await api.call('PUT', '/calling/history');
		expect(res.status).toBe(405);
		expect(res.body).toEqual({ detail: 'Method Not Allowed' });
		expect(res.headers.get('allow')).toBe('GET');
	});
});

describe('POST /calling/outbound/individual validation', () => {
	const cases: Array<[string, Record<string, unknown>, string]> = [
		['array body', [] as unknown as Record<string, unknown>, 'Request body must be a JSON object'],
		['missing mobile_number', { mobile_number: undefined }, 'mobile_number is required'],
		[
			'mobile_number without country code',
			{ mobile_number: '4155552000' },
			'mobile_number must be a phone number with + and country code, e.g. +14155550100, got "4155552000"',
		],
		[
			'mobile_number as a number',
			{ mobile_number: 14155552000 },
			'mobile_number must be a phone number with + and country code, e.g. +14155550100, got 14155552000',
		],
		['name not a string', { name: 7 }, 'name must be a string'],
		['missing agent_id', { agent_id: undefined }, 'agent_id is required'],
		['agent_id not a UUID', { agent_id: 'abc' }, 'agent_id must be a UUID, got "abc"'],
		['unknown agent_id', { agent_id: UNKNOWN_UUID }, `agent_id ${UNKNOWN_UUID}: Agent not found`],
		['missing from_number', { from_number: undefined }, 'from_number is required'],
		[
			'from_number not of the workspace',
			{ from_number: '+15550001111' },
			'from_number +15550001111 is not a number of this workspace',
		],
		[
			'from_number and from_number_id',
			{ from_number_id: NUMBER_1 },
			'Send either from_number or from_number_id, not both',
		],
		[
			'unknown from_number_id',
			{ from_number: undefined, from_number_id: UNKNOWN_UUID },
			`from_number_id ${UNKNOWN_UUID} is not a number of this workspace`,
		],
		[
			'custom_args_values value not a string',
			{ custom_args_values: { age: 42 } },
			'custom_args_values.age must be a string, got 42',
		],
		[
			'custom_args_values an array',
			{ custom_args_values: ['a'] },
			'custom_args_values must be an object of strings',
		],
		['call_config not an object', { call_config: 'soon' }, 'call_config must be an object'],
		[
			'max_call_length a string',
			{ call_config: { max_call_length: '60' } },
			'call_config.max_call_length must be an integer of at least 1',
		],
		[
			'negative retry',
			{ call_config: { call_retry_config: { retry_not_picked: -1 } } },
			'call_config.call_retry_config.retry_not_picked must be an integer of at least 0',
		],
		[
			'window start without end',
			{ call_config: { call_time: { call_start_time: '09:00', timezone: 'Asia/Kolkata' } } },
			'call_config.call_time needs both call_start_time and call_end_time',
		],
		[
			'time not HH:MM',
			{
				call_config: {
					call_time: { call_start_time: '9:00', call_end_time: '18:00', timezone: 'UTC' },
				},
			},
			'call_config.call_time.call_start_time must be a time HH:MM (24-hour), got "9:00"',
		],
		[
			'unknown time zone',
			{ call_config: { call_time: { timezone: 'Mars/Olympus' } } },
			'call_config.call_time.timezone must be an IANA time zone such as Asia/Kolkata, got "Mars/Olympus"',
		],
		[
			'scheduled_at with an offset',
			{ call_config: { call_time: { scheduled_at: '2025-06-02T10:00:00Z', timezone: 'UTC' } } },
			'call_config.call_time.scheduled_at must be a local date-time YYYY-MM-DDTHH:MM:SS without offset, got "2025-06-02T10:00:00Z"',
		],
		[
			'scheduled_at without a time zone',
			{ call_config: { call_time: { scheduled_at: '2025-06-02T10:00:00' } } },
			'call_config.call_time.timezone is required with scheduled_at or a call window',
		],
		[
			'scheduled_at an impossible date',
			{ call_config: { call_time: { scheduled_at: '2025-02-30T10:00:00', timezone: 'UTC' } } },
			'call_config.call_time.scheduled_at is not a valid date: "2025-02-30T10:00:00"',
		],
	];

	test.each(cases)('%s -> 400 invalid_parameter, nothing dialled', async (_name, over, message) => {
		const body = Array.isArray(over) ? over : callBody(over);
		const res = await api.post('/calling/outbound/individual', body);
		expect(res.status).toBe(400);
		expect(res.body).toEqual(invalid(message));
		expect(sb.ledger).toEqual([]);
	});

	test('a body that is not JSON, or not sent as JSON, is refused', async () => {
		const bad = await api.post('/calling/outbound/individual', '{"name":', {});
		expect(bad.status).toBe(400);
		expect(bad.body).toEqual(invalid('Request body is not valid JSON'));
		const text = await api.post('/calling/outbound/individual', JSON.stringify(callBody()), {
			headers: { 'Content-Type': 'text/plain' },
		});
		expect(text.status).toBe(400);
		expect(text.body).toEqual(invalid('Content-Type must be application/json'));
		expect(sb.ledger).toEqual([]);
	});

	test('from_number_id instead of from_number is accepted', async () => {
		const res = await api.post(
			'/calling/outbound/individual',
			callBody({ from_number: undefined, from_number_id: NUMBER_3 }),
		);
		expect(res.status).toBe(200);
		expect(sb.ledger).toEqual([
			expect.objectContaining({ from_number: '+14155550101', mobile_number: '+14155552000' }),
		]);
	});
});

describe('GET /calling/history parameters', () => {
	const cases: Array<[string, string]> = [
		[
			'start_date=2025-06-01',
			'start_date must be an ISO 8601 date-time with time zone, e.g. 2025-06-01T00:00:00Z, got "2025-06-01"',
		],
		[
			'end_date=2025-06-01T10:00:00',
			'end_date must be an ISO 8601 date-time with time zone, e.g. 2025-06-01T00:00:00Z, got "2025-06-01T10:00:00"',
		],
		[
			'start_date=2025-13-01T00:00:00Z',
			'start_date must be an ISO 8601 date-time with time zone, e.g. 2025-06-01T00:00:00Z, got "2025-13-01T00:00:00Z"',
		],
		[
			'start_date=2025-06-02T00:00:00Z&end_date=2025-06-01T00:00:00%2B00:00',
			'start_date must not be after end_date',
		],
		['limit=0', 'limit must be an integer between 1 and 100, got "0"'],
		['limit=101', 'limit must be an integer between 1 and 100, got "101"'],
		['limit=ten', 'limit must be an integer between 1 and 100, got "ten"'],
		['offset=-1', 'offset must be an integer of at least 0, got "-1"'],
		['agent_id=abc', 'agent_id must be a UUID, got "abc"'],
		[
			'status=done',
			'status must be one of registered, ongoing, retry, completed, failed, error, cancelled, forwarded, got "done"',
		],
	];
	test.each(cases)('%s -> 400', async (query, message) => {
		const res = await api.get(`/calling/history?${query}`);
		expect(res.status).toBe(400);
		expect(res.body).toEqual(invalid(message));
	});

	test('pages newest first, count per page, total of all; the last page is short', async () => {
		const all = await api.get('/calling/history?limit=100');
		expect(all.body).toMatchObject({ limit: 100, offset: 0, count: 22, total: 22 });
		const created = all.body.calls.map((c: { created_at: string }) => Date.parse(c.created_at));
		expect([...created].sort((a, b) => b - a)).toEqual(created);

		const seen: string[] = [];
		for (let offset = 0; offset < 30; offset += 5) {
			const page = await api.get(`/calling/history?limit=5&offset=${offset}`);
			const expected = Math.max(0, Math.min(5, 22 - offset));
			expect(page.body).toMatchObject({ limit: 5, offset, count: expected, total: 22 });
			expect(page.body.calls).toHaveLength(expected);
			seen.push(...page.body.calls.map((c: { id: string }) => c.id));
		}
		expect(seen).toEqual(all.body.calls.map((c: { id: string }) => c.id));

		const defaults = await api.get('/calling/history');
		expect(defaults.body).toMatchObject({ limit: 10, offset: 0, count: 10, total: 22 });
	});

	test('a call record carries every field of the contract', async () => {
		const res = await api.get(`/calling/history?bulk_list_id=${LIST_1}&limit=100`);
		expect(res.body.total).toBe(6);
		const record = res.body.calls.find((c: { name: string }) => c.name === 'Alice Moreau');
		expect(Object.keys(record).sort()).toEqual(
			[
				'id',
				'to_number',
				'name',
				'status',
				'sub_status',
				'transcript',
				'audio_recording',
				'created_at',
				'agent',
				'call_duration',
				'call_attempt_time',
				'call_cost',
				'call_type',
				'inbound_from',
				'credits_processed',
				'from_numbers',
				'voicemail_detected',
			].sort(),
		);
		expect(record).toMatchObject({
			to_number: '+14155551001',
			status: 'completed',
			sub_status: 'ACCEPTED',
			call_type: 'outbound',
			inbound_from: null,
			credits_processed: true,
			from_numbers: [FROM],
			voicemail_detected: false,
			agent: {
				id: AGENT_1,
				agent_name: 'Appointment Reminder',
				orchestration_mode: 'single_node',
				version: { version_slug: 'v1' },
			},
		});
		expect(record.agent.agent_version_id).toBe(record.agent.version.version_id);
		expect(record.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
		expect(typeof record.transcript).toBe('string');
		expect(JSON.parse(record.transcript)[0]).toEqual({
			bot: 'Hi Alice Moreau, this is Maya calling from Sunrise Dental.',
		});
		// On the recording origin (not the API's), signed, expiring 24 h after the call ended.
		expect(record.audio_recording).toMatch(
			new RegExp(
				`^${sb.recordingOrigin}/recordings/${record.id}\\.wav\\?Expires=\\d+&Signature=[0-9a-f]{32}$`,
			),
		);
	});

	test('filters by agent, status, contact list and created_at', async () => {
		const byAgent = await api.get(`/calling/history?agent_id=${AGENT_2}&limit=100`);
		expect(byAgent.body.total).toBeGreaterThan(0);
		expect(byAgent.body.calls.every((c: any) => c.agent.id === AGENT_2)).toBe(true);

		const failed = await api.get('/calling/history?status=failed&limit=100');
		expect(failed.body.total).toBe(5);
		expect(failed.body.calls.every((c: any) => c.status === 'failed')).toBe(true);
		// Numbers ending in 13 never answer, 14 are busy, 77 answer only a retry (none set here).
		expect(failed.body.calls.map((c: any) => c.to_number.slice(-2)).sort()).toEqual([
			'13',
			'13',
			'13',
			'14',
			'77',
		]);

		const all = (await api.get('/calling/history?limit=100')).body.calls as any[];
		const pivot = all[10].created_at;
		const newer = await api.get(
			`/calling/history?start_date=${encodeURIComponent(pivot)}&limit=100`,
		);
		expect(newer.body.calls.map((c: any) => c.id)).toEqual(all.slice(0, 11).map((c) => c.id));
		const older = await api.get(`/calling/history?end_date=${encodeURIComponent(pivot)}&limit=100`);
		expect(older.body.calls.map((c: any) => c.id)).toEqual(all.slice(10).map((c) => c.id));
	});
});

describe('GET /calling/call-details', () => {
	test('id is required and must be a UUID; an unknown call is 404', async () => {
		expect((await api.get('/calling/call-details')).body).toEqual(
			invalid('id is required (the call UUID)'),
		);
		const bad = await api.get('/calling/call-details?id=42');
		expect(bad.status).toBe(400);
		expect(bad.body).toEqual(invalid('id must be a UUID, got "42"'));
		const missing = await api.get(`/calling/call-details?id=${UNKNOWN_UUID}`);
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ error: { code: 'not_found', message: 'Call not found' } });
		const flag = await api.get(`/calling/call-details?id=${UNKNOWN_UUID}&send_analysis=yes`);
		expect(flag.body).toEqual(invalid('send_analysis must be true or false, got "yes"'));
	});

	test('answers the details, with the transcript as a JSON string, and analysis on request', async () => {
		const history = await api.get('/calling/history?status=completed&limit=1');
		const id = history.body.calls[0].id;
		const plain = await api.get(`/calling/call-details?id=${id}`);
		expect(plain.status).toBe(200);
		expect(plain.body.status).toBe('success');
		expect(Object.keys(plain.body.data).sort()).toEqual(
			[
				'id',
				'call_direction',
				'call_status',
				'call_sub_status',
				'from_number',
				'to_number',
				'callee_name',
				'agent_id',
				'initiation_time',
				'recording_url',
				'transcription_url',
				'next_attempt_time',
			].sort(),
		);
		expect(typeof plain.body.data.transcription_url).toBe('string');
		expect(JSON.parse(plain.body.data.transcription_url)).toEqual(
			JSON.parse(history.body.calls[0].transcript),
		);
		const withAnalysis = await api.get(`/calling/call-details?id=${id}&send_analysis=true`);
		expect(withAnalysis.body.data.platform_analysis).toEqual(
			expect.objectContaining({ summary: expect.any(String), status: 'analyzed' }),
		);
		expect(withAnalysis.body.data.client_analysis).toEqual(expect.any(Object));
	});

	test("the platform analysis classifies into the assistant's classification_labels", async () => {
		// The callee's reply (4th turn) picks the label: the labels follow the three replies.
		const replies = ['Yes, that works for me.', 'Can you call me back tomorrow?', 'No, thank you.'];
		const history = await api.get('/calling/history?status=completed&limit=100');
		const seen = new Map<string, string[]>();
		for (const call of history.body.calls) {
			const { data } = (await api.get(`/calling/call-details?id=${call.id}&send_analysis=true`))
				.body;
			const labels = (await api.get(`/agent/${data.agent_id}`)).body.agents.classification_labels;
			const reply = JSON.parse(data.transcription_url)[3]?.user;
			const expected = reply === undefined ? null : labels[replies.indexOf(reply)];
			expect([call.id, data.platform_analysis.classification]).toEqual([call.id, expected]);
			if (expected) seen.set(data.agent_id, [...(seen.get(data.agent_id) ?? []), expected]);
		}
		// Every label of the busiest seeded assistant occurs, so a label list is really read.
		expect(new Set(seen.get(AGENT_1))).toEqual(new Set(['confirmed', 'reschedule', 'declined']));
	});
});

describe('GET /campaign/all', () => {
	test('lists campaigns with counts by default; call_count=false leaves them out', async () => {
		const res = await api.get('/campaign/all');
		expect(res.status).toBe(200);
		expect(res.body.pagination).toEqual({ total: 7, limit: 10, offset: 0 });
		expect(res.body.campaigns).toHaveLength(7);
		expect(res.body.campaigns[0]).toEqual({
			id: expect.stringMatching(/^e5e5e5e5-/),
			name: 'Win-back',
			campaign_status: 'failed',
			created_at: expect.stringMatching(/Z$/),
			updated_at: expect.stringMatching(/Z$/),
			campaign_start_time: expect.stringMatching(/Z$/),
			campaign_end_time: expect.stringMatching(/Z$/),
			total_count: 15,
			registered_count: 0,
			completed_count: 3,
		});
		const bare = await api.get('/campaign/all?call_count=false&limit=2&offset=2');
		expect(bare.body.pagination).toEqual({ total: 7, limit: 2, offset: 2 });
		expect(bare.body.campaigns.map((c: any) => c.name)).toEqual([
			'Feedback wave 2',
			'Feedback wave 1',
		]);
		for (const c of bare.body.campaigns) expect(c).not.toHaveProperty('total_count');
		expect((await api.get('/campaign/all?limit=1000')).status).toBe(200);
	});

	test.each([
		['limit=0', 'limit must be an integer between 1 and 1000, got "0"'],
		['limit=1001', 'limit must be an integer between 1 and 1000, got "1001"'],
		['offset=-1', 'offset must be an integer of at least 0, got "-1"'],
		['call_count=maybe', 'call_count must be true or false, got "maybe"'],
	])('%s -> 400 {detail}', async (query, detail) => {
		const res = await api.get(`/campaign/all?${query}`);
		expect(res.status).toBe(400);
		expect(res.body).toEqual({ detail });
	});
});

describe('workspace lists and assistants', () => {
	test('numbers: objects of the contract, paging, limit up to 100', async () => {
		const res = await api.get('/workspace/numbers');
		expect(res.body.workspace_numbers).toHaveLength(5);
		expect(res.body.workspace_numbers[0]).toEqual({
			id: NUMBER_1,
			number: FROM,
			created_at: expect.any(String),
			call_count: expect.any(Number),
			agent: { id: AGENT_1, agent_display_name: 'Appointment Reminder' },
			is_inbound_enabled: true,
			// The fields the reference added on 2026-06-12.
			is_test_number: false,
			tags: [],
			is_spam: false,
			spam_message: null,
			provider: 'twilio',
			display_name: null,
			owner: null,
			is_custom_number: false,
			telephony_id: null,
			number_pool_id: null,
		});
		expect(res.body.workspace_numbers[2].agent).toBeNull();
		expect(res.body.workspace_numbers[2].number_pool_id).toEqual(expect.any(String));
		expect(res.body.workspace_numbers[3]).toMatchObject({
			is_spam: true,
			spam_message: expect.any(String),
		});
		expect(res.body.workspace_numbers[4].is_test_number).toBe(true);
		const before = res.body.workspace_numbers[0].call_count;
		await api.post('/calling/outbound/individual', callBody());
		const after = await api.get('/workspace/numbers?limit=2&offset=0');
		expect(after.body.workspace_numbers[0].call_count).toBe(before + 1);
		const page = await api.get('/workspace/numbers?limit=2&offset=3');
		expect(page.body.workspace_numbers.map((n: any) => n.number)).toEqual([
			'+971501234567',
			'+442071838750',
		]);
		const tooMany = await api.get('/workspace/numbers?limit=101');
		expect(tooMany.status).toBe(400);
		expect(tooMany.body).toEqual(invalid('limit must be an integer between 1 and 100, got "101"'));
	});

	test('users: objects of the contract, paging, bad offset', async () => {
		const res = await api.get('/workspace/users?limit=2&offset=2');
		expect(res.body).toEqual({
			workspace_users: [
				{
					id: 'd4d4d4d4-0000-4000-8000-000000000003',
					username: 'ben',
					email: 'ben@example.com',
					role: 'member',
					invite_status: 'success',
				},
				{
					id: 'd4d4d4d4-0000-4000-8000-000000000004',
					username: 'chen',
					email: 'chen@example.com',
					role: 'member',
					invite_status: 'pending',
				},
			],
		});
		expect((await api.get('/workspace/users?offset=-3')).status).toBe(400);
		expect((await api.get('/workspace/users?limit=0')).status).toBe(400);
	});

	test('GET /agent/all pages the assistants', async () => {
		const res = await api.get('/agent/all?limit=2&offset=1');
		expect(res.body.status).toBe('success');
		expect(
			res.body.data.agents.map((a: any) => [a.id, a.agent_display_name, a.secondary_language]),
		).toEqual([
			[AGENT_2, 'Lead Qualifier', 'hi-IN'],
			[AGENT_3, 'Hindi Feedback Survey', null],
		]);
		expect((await api.get('/agent/all?limit=101')).status).toBe(400);
	});

	test('DELETE /calling/contact/{list_id} deletes once, then 404', async () => {
		const res = await api.del(`/calling/contact/${LIST_1}`);
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			message: `Bulk list ${LIST_1} and its 6 contacts deleted successfully`,
		});
		const again = await api.del(`/calling/contact/${LIST_1}`);
		expect(again.status).toBe(404);
		expect(again.body).toEqual({ error: { code: 'not_found', message: 'Contact list not found' } });
		expect((await api.del(`/calling/contact/${UNKNOWN_UUID}`)).status).toBe(404);
	});
});

describe('PATCH /agent/v1', () => {
	const edit = (body: Record<string, unknown>) => api.patch('/agent/v1', body);

	test('operation and agent_id are checked, then the agent must exist', async () => {
		expect((await edit({ agent_id: AGENT_1 })).body).toEqual({ detail: "'operation' is required" });
		const unknown = await edit({ operation: 'fly', agent_id: AGENT_1 });
		expect(unknown.status).toBe(400);
		expect(unknown.body.detail).toMatch(
			/^Invalid operation 'fly'\. Allowed: attach_inbound_number, /,
		);
		expect((await edit({ operation: 'edit_prompt', agent_prompt: 'x' })).body).toEqual({
			detail: "'agent_id' is required",
		});
		expect(
			(await edit({ operation: 'edit_prompt', agent_id: 'x', agent_prompt: 'x' })).body,
		).toEqual({
			detail: "'agent_id' must be a valid UUID",
		});
		const missing = await edit({
			operation: 'edit_prompt',
			agent_id: UNKNOWN_UUID,
			agent_prompt: 'x',
		});
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ detail: 'Agent not found' });
	});

	test.each([
		['attach_inbound_number', 'number_id'],
		['remove_inbound_number', 'number_id'],
		['attach_kb', 'kb_id'],
		['remove_kb', 'kb_id'],
		['edit_agent_display_name', 'agent_display_name'],
		['edit_prompt', 'agent_prompt'],
		['edit_intro_message', 'intro_message'],
		['edit_custom_vars', 'custom_variables'],
		['edit_language', 'language'],
		['edit_secondary_language', 'secondary_language'],
		['edit_voice', 'voice_id'],
		['edit_secondary_voice', 'secondary_voice_id'],
		['edit_voice_speed', 'voice_speed'],
		['edit_vocab', 'vocab'],
		['edit_query_phrases', 'pre_query_response_phrases'],
		['edit_noise_settings', 'mute_while_bot_speaking'],
		['edit_dtmf_settings', 'dtmf_settings'],
		['edit_vad_settings', 'vad_settings'],
		['edit_agent_whitelisted_domains', 'whitelisted_domains'],
		['edit_extract_callee_name', 'extract_callee_name'],
		['edit_api_settings', 'api_settings'],
	])('%s without %s -> 400', async (operation, field) => {
		const res = await edit({ operation, agent_id: AGENT_1 });
		expect(res.status).toBe(400);
		expect(res.body).toEqual({ detail: `'${field}' is required for operation '${operation}'` });
	});

	test('mistyped fields are refused', async () => {
		expect(
			(await edit({ operation: 'edit_voice_speed', agent_id: AGENT_1, voice_speed: 'fast' })).body,
		).toEqual({
			detail: "'voice_speed' must be a number",
		});
		expect((await edit({ operation: 'edit_vocab', agent_id: AGENT_1, vocab: 'a,b' })).body).toEqual(
			{
				detail: "'vocab' must be a list of strings",
			},
		);
		const words = Array.from({ length: 101 }, (_, i) => `w${i}`);
		expect((await edit({ operation: 'edit_vocab', agent_id: AGENT_1, vocab: words })).body).toEqual(
			{
				detail: "'vocab' can hold at most 100 words",
			},
		);
		const domains = await edit({
			operation: 'edit_agent_whitelisted_domains',
			agent_id: AGENT_1,
			whitelisted_domains: ['example.com'],
		});
		expect(domains.body).toEqual({
			detail:
				"'whitelisted_domains' must hold origins such as https://example.com, got 'example.com'",
		});
	});

	test('a voice must speak the language', async () => {
		const mismatch = { detail: 'Selected voice does not support the specified language' };
		const voice = await edit({
			operation: 'edit_voice',
			agent_id: AGENT_1,
			voice_id: VOICE_ROHAN,
			language: 'en-US',
		});
		expect(voice.status).toBe(400);
		expect(voice.body).toEqual(mismatch);
		expect(
			(await edit({ operation: 'edit_language', agent_id: AGENT_1, language: 'ta-IN' })).body,
		).toEqual(mismatch);
		expect(
			(await edit({ operation: 'edit_language', agent_id: AGENT_1, language: 'xx-XX' })).body
				.detail,
		).toMatch(/^Unsupported language 'xx-XX'/);
		const ok = await edit({
			operation: 'edit_voice',
			agent_id: AGENT_1,
			voice_id: VOICE_KABIR,
			language: 'hi-IN',
		});
		expect(ok.body).toEqual({ message: 'Agent updated successfully!', agent_id: AGENT_1 });
		expect(await activeVersion(api, AGENT_1)).toMatchObject({
			voice: { id: VOICE_KABIR },
			language: 'hi-IN',
		});
		// Aria speaks en-US but not hi-IN, the language now set.
		expect(
			(
				await edit({
					operation: 'edit_voice',
					agent_id: AGENT_1,
					voice_id: VOICE_ARIA,
					language: 'hi-IN',
				})
			).body,
		).toEqual(mismatch);
	});

	test('knowledge bases and numbers: attach, conflicts, remove', async () => {
		expect((await edit({ operation: 'attach_kb', agent_id: AGENT_1, kb_id: KB_1 })).body).toEqual({
			detail: 'Knowledge Base already attached',
		});
		expect((await edit({ operation: 'attach_kb', agent_id: AGENT_1, kb_id: KB_2 })).status).toBe(
			200,
		);
		const kbIds = async () =>
			(await activeVersion(api, AGENT_1)).knowledge_bases.map((k: any) => k.id);
		expect(await kbIds()).toEqual([KB_1, KB_2]);
		expect((await edit({ operation: 'remove_kb', agent_id: AGENT_1, kb_id: KB_1 })).status).toBe(
			200,
		);
		expect(await kbIds()).toEqual([KB_2]);

		const conflict = await edit({
			operation: 'attach_inbound_number',
			agent_id: AGENT_2,
			number_id: NUMBER_1,
		});
		expect(conflict.status).toBe(409);
		expect(conflict.body).toEqual({ detail: 'Number is already attached to another agent' });
		expect(
			(await edit({ operation: 'remove_inbound_number', agent_id: AGENT_1, number_id: NUMBER_1 }))
				.status,
		).toBe(200);
		expect(
			(await edit({ operation: 'attach_inbound_number', agent_id: AGENT_2, number_id: NUMBER_1 }))
				.status,
		).toBe(200);
		const numbers = await api.get('/workspace/numbers?limit=1');
		expect(numbers.body.workspace_numbers[0].agent).toEqual({
			id: AGENT_2,
			agent_display_name: 'Lead Qualifier',
		});
		expect(
			(await edit({ operation: 'attach_kb', agent_id: AGENT_1, kb_id: UNKNOWN_UUID })).status,
		).toBe(404);
	});

	test('an edit replaces the field, and new calls use the new version and prompt', async () => {
		await edit({ operation: 'edit_custom_vars', agent_id: AGENT_1, custom_variables: ['a', 'b'] });
		await edit({ operation: 'edit_custom_vars', agent_id: AGENT_1, custom_variables: ['c'] });
		expect((await activeVersion(api, AGENT_1)).agent_config.custom_variables).toEqual(['c']);
		await edit({
			operation: 'edit_prompt',
			agent_id: AGENT_1,
			agent_prompt: 'Tell @{{callee_name}} the code @{{code}}.',
		});
		const started = await api.post(
			'/calling/outbound/individual',
			callBody({ custom_args_values: { code: 'X7' } }),
		);
		sb.advance(120_000);
		const history = await api.get('/calling/history?limit=1');
		expect(history.body.calls[0].id).toBe(started.body.data.call_id);
		// An edit changes the version in place: calls keep naming the same version.
		expect(history.body.calls[0].agent.version.version_slug).toBe('v1');
		// The new prompt's instructions, said to the callee rather than read out.
		expect(JSON.parse(history.body.calls[0].transcript)[2]).toEqual({
			bot: "I'm calling to tell you the code X7.",
		});
	});

	test('401 on the assistant edit uses the {error} shape', async () => {
		const res = await api.patch('/agent/v1', { operation: 'edit_prompt' }, { key: null });
		expect(res.body).toEqual(ERROR_401);
	});
});
