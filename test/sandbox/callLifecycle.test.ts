import { TIMING, talkSeconds, type Sandbox } from '../../sandbox';
import { callBody, type Client } from './helpers';
import { useSandbox } from '../helpers/sandbox';

const START = Date.parse('2025-06-02T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

let sb: Sandbox;
let api: Client;
// These read the history without dates: the reading where that means no bound.
const sandbox = useSandbox((started) => ({ sb, api } = started), { historyDates: 'current' });

async function start(over: Record<string, unknown> = {}) {
	const res = await api.post('/calling/outbound/individual', callBody(over));
	expect(res.status).toBe(200);
	return res.body as {
		status: string;
		message: string;
		data: { call_id: string; call_status: string; [k: string]: unknown };
	};
}

async function details(id: string) {
	const res = await api.get(`/calling/call-details?id=${id}`);
	expect(res.status).toBe(200);
	return res.body.data;
}

describe('an immediate call', () => {
	test('answers the start, goes ongoing -> completed on the clock, with transcript and cost', async () => {
		const body = await start();
		expect(body).toEqual({
			status: 'success',
			message: 'Call initiated successfully',
			data: {
				call_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				call_direction: 'outbound',
				call_status: 'ongoing',
				initiated_at: '2025-06-02T08:00:00.000+00:00',
				agent_id: 'a1a1a1a1-0000-4000-8000-000000000001',
				custom_args_values: {
					clinic: 'Sunrise Dental',
					date: 'June 9',
					time: '9:30 AM',
					callee_name: 'Zoe Quinn',
					mobile_number: '+14155552000',
				},
			},
		});
		const id = body.data.call_id;
		expect(sb.ledger).toEqual([
			{
				call_id: id,
				mobile_number: '+14155552000',
				from_number: '+14155550100',
				agent_id: 'a1a1a1a1-0000-4000-8000-000000000001',
				at: '2025-06-02T08:00:00.000+00:00',
			},
		]);
		expect(await details(id)).toMatchObject({
			call_status: 'ongoing',
			recording_url: null,
			transcription_url: '[]',
		});

		const talk = talkSeconds('+14155552000');
		const total = TIMING.ringMs + talk * 1000;
		sb.advance(total - 1);
		expect((await details(id)).call_status).toBe('ongoing');
		sb.advance(1);
		const done = await details(id);
		expect(done).toMatchObject({
			call_status: 'completed',
			call_sub_status: 'ACCEPTED',
			from_number: '+14155550100',
			to_number: '+14155552000',
			callee_name: 'Zoe Quinn',
			initiation_time: '2025-06-02T08:00:00.000+00:00',
			recording_url: expect.stringMatching(
				new RegExp(`^${sb.recordingOrigin}/recordings/${id}\\.wav\\?Expires=`),
			),
		});
		expect(JSON.parse(done.transcription_url)).toEqual([
			{ bot: 'Hi Zoe Quinn, this is Maya calling from Sunrise Dental.' },
			{ user: 'Yes, this is Zoe Quinn.' },
			{
				bot: "I'm calling to remind you of your appointment on June 9 at 9:30 AM. Can you confirm that you will come?",
			},
			{ user: expect.any(String) },
			{ bot: expect.stringMatching(/Goodbye!$/) },
		]);
		// A conversation: the assistant never reads its prompt (its instructions) aloud.
		expect(done.transcription_url).not.toMatch(/You are|Remind Zoe/);
		const record = (await api.get('/calling/history?limit=1')).body.calls[0];
		expect(record).toMatchObject({
			id,
			status: 'completed',
			call_duration: talk,
			call_cost: Math.round((talk / 60) * 1.0 * 10000) / 10000,
			credits_processed: true,
			voicemail_detected: false,
			created_at: iso(START),
			call_attempt_time: iso(START),
		});
		const wav = await fetch(record.audio_recording);
		expect(wav.status).toBe(200);
		expect(wav.headers.get('content-type')).toBe('audio/wav');
		expect(
			Buffer.from(await wav.arrayBuffer())
				.subarray(0, 4)
				.toString(),
		).toBe('RIFF');
	});

	test('with startStatus registered, the call first waits in the queue', async () => {
		await sandbox.restart({ startStatus: 'registered' });
		const { data } = await start();
		expect(data.call_status).toBe('registered');
		expect((await details(data.call_id)).call_sub_status).toBe('IN_DB');
		sb.advance(TIMING.queueMs);
		expect((await details(data.call_id)).call_status).toBe('ongoing');
	});

	test('variables not given stay as placeholders; the callee name and number are always there', async () => {
		const { data } = await start({ custom_args_values: undefined, name: undefined });
		expect(data.custom_args_values).toEqual({ callee_name: '', mobile_number: '+14155552000' });
		sb.advance(120_000);
		const turns = JSON.parse((await details(data.call_id)).transcription_url);
		expect(turns[0]).toEqual({ bot: 'Hi , this is Maya calling from @{{clinic}}.' });
		expect(turns[1]).toEqual({ user: 'Yes, speaking.' });
	});

	test('speed divides the durations', async () => {
		await sandbox.restart({ speed: 10, historyDates: 'current' });
		const { data } = await start();
		sb.advance((TIMING.ringMs + talkSeconds('+14155552000') * 1000) / 10);
		const done = await details(data.call_id);
		expect(done.call_status).toBe('completed');
		// The reported duration is the conversation's, whatever the speed.
		const record = (await api.get('/calling/history?limit=1')).body.calls[0];
		expect(record.call_duration).toBe(talkSeconds('+14155552000'));
	});

	test('max_call_length cuts the call', async () => {
		const { data } = await start({ call_config: { max_call_length: 10 } });
		sb.advance(TIMING.ringMs + 10_000);
		expect((await details(data.call_id)).call_sub_status).toBe('MAX_CALL_DURATION');
		expect((await api.get('/calling/history?limit=1')).body.calls[0].call_duration).toBe(10);
	});
});

describe('outcomes by number', () => {
	test('..99 reaches voicemail', async () => {
		const { data } = await start({ mobile_number: '+14155552099' });
		sb.advance(60_000);
		const d = await details(data.call_id);
		expect(d).toMatchObject({ call_status: 'completed', call_sub_status: 'VOICEMAIL_DETECTED' });
		const record = (await api.get('/calling/history?limit=1')).body.calls[0];
		expect(record.voicemail_detected).toBe(true);
		expect(JSON.parse(record.transcript)).toHaveLength(3);
	});

	test('..13 without retries fails after the ring timeout', async () => {
		const { data } = await start({ mobile_number: '+14155552013' });
		sb.advance(TIMING.noAnswerMs - 1);
		expect((await details(data.call_id)).call_status).toBe('ongoing');
		sb.advance(1);
		expect(await details(data.call_id)).toMatchObject({
			call_status: 'failed',
			call_sub_status: 'FAILED',
		});
		const record = (await api.get('/calling/history?limit=1')).body.calls[0];
		expect(record).toMatchObject({
			call_duration: 0,
			call_cost: 0,
			audio_recording: null,
			transcript: '[]',
		});
	});

	test('..13 retries retry_not_picked times, then fails; the ledger holds one placement', async () => {
		const { data } = await start({
			mobile_number: '+14155552013',
			call_config: { call_retry_config: { retry_not_picked: 2 } },
		});
		const id = data.call_id;
		sb.advance(TIMING.noAnswerMs);
		expect(await details(id)).toMatchObject({
			call_status: 'retry',
			call_sub_status: 'RETRY_SCHEDULED',
			next_attempt_time: iso(START + TIMING.noAnswerMs + TIMING.retryDelayMs),
		});
		sb.advance(TIMING.retryDelayMs);
		expect(await details(id)).toMatchObject({
			call_status: 'ongoing',
			initiation_time: iso(START + TIMING.noAnswerMs + TIMING.retryDelayMs),
		});
		sb.advance(TIMING.noAnswerMs);
		expect((await details(id)).call_status).toBe('retry');
		sb.advance(TIMING.retryDelayMs + TIMING.noAnswerMs);
		expect(await details(id)).toMatchObject({
			call_status: 'failed',
			call_sub_status: 'RETRY_LIMIT_REACHED',
		});
		expect(sb.call(id)?.attempts).toBe(3);
		expect(sb.ledger).toHaveLength(1);
	});

	test('..77 answers the retry, and fails without one', async () => {
		const retried = await start({
			mobile_number: '+14155552077',
			call_config: { call_retry_config: { retry_not_picked: 1 } },
		});
		const once = await start({ mobile_number: '+14155553077' });
		sb.advance(TIMING.noAnswerMs + TIMING.retryDelayMs + TIMING.ringMs + 60_000);
		expect((await details(retried.data.call_id)).call_status).toBe('completed');
		expect(sb.call(retried.data.call_id)?.attempts).toBe(2);
		expect((await details(once.data.call_id)).call_status).toBe('failed');
	});

	test('..14 is busy: retry_count applies when retry_busy is not set, and caps the total', async () => {
		const fallback = await start({
			mobile_number: '+14155552014',
			call_config: { call_retry_config: { retry_count: 1 } },
		});
		const capped = await start({
			mobile_number: '+14155553014',
			call_config: { call_retry_config: { retry_busy: 5, retry_count: 2 } },
		});
		sb.advance(10 * 60_000);
		expect(sb.call(fallback.data.call_id)).toMatchObject({ status: 'failed', attempts: 2 });
		expect(sb.call(capped.data.call_id)).toMatchObject({ status: 'failed', attempts: 3 });
	});

	test('..66 is a line error, retried per retry_failed, ending in error', async () => {
		const { data } = await start({
			mobile_number: '+14155552066',
			call_config: { call_retry_config: { retry_failed: 1 } },
		});
		sb.advance(5 * 60_000);
		expect(sb.call(data.call_id)).toMatchObject({
			status: 'error',
			call_sub_status: 'NOT_ABLE_TO_CALL',
			attempts: 2,
		});
	});
});

describe('scheduled calls and call windows', () => {
	test('waits for scheduled_at in its time zone, then runs', async () => {
		// 15:00 in Kolkata (UTC+5:30) is 09:30Z, 90 minutes after the sandbox start.
		const { data } = await start({
			call_config: { call_time: { scheduled_at: '2025-06-02T15:00:00', timezone: 'Asia/Kolkata' } },
		});
		expect(data.call_status).toBe('registered');
		expect((await details(data.call_id)).call_sub_status).toBe('QUEUED');
		sb.advance(90 * 60_000 - 1000);
		expect((await details(data.call_id)).call_status).toBe('registered');
		sb.advance(1000);
		const d = await details(data.call_id);
		expect(d).toMatchObject({
			call_status: 'ongoing',
			initiation_time: '2025-06-02T09:30:00.000+00:00',
		});
		sb.advance(2 * 60_000);
		expect((await details(data.call_id)).call_status).toBe('completed');
		// created_at stays the moment of the request: the history filter is on it.
		const created = (await api.get('/calling/history?start_date=2025-06-02T08:00:00Z')).body;
		expect(created.calls.map((c: any) => c.id)).toEqual([data.call_id]);
	});

	test('a scheduled time outside the window waits for the window to open', async () => {
		// 20:00 Kolkata is after the 09:00-18:00 window: the call runs at 09:00 the next day (03:30Z).
		const { data } = await start({
			call_config: {
				call_time: {
					scheduled_at: '2025-06-02T20:00:00',
					timezone: 'Asia/Kolkata',
					call_start_time: '09:00',
					call_end_time: '18:00',
				},
			},
		});
		sb.advance(Date.parse('2025-06-03T03:29:00Z') - START);
		expect((await details(data.call_id)).call_status).toBe('registered');
		sb.advance(60_000);
		expect(await details(data.call_id)).toMatchObject({
			call_status: 'ongoing',
			initiation_time: '2025-06-03T03:30:00.000+00:00',
		});
	});

	test('an immediate call outside its window is registered until the window opens', async () => {
		// 08:00Z is 04:00 in New York; the window opens at 09:00 New York time (13:00Z, EDT).
		const { data } = await start({
			call_config: {
				call_time: {
					call_start_time: '09:00',
					call_end_time: '17:00',
					timezone: 'America/New_York',
				},
			},
		});
		expect(data.call_status).toBe('registered');
		sb.advance(5 * 3600_000 - 1);
		expect((await details(data.call_id)).call_status).toBe('registered');
		sb.advance(1);
		expect(await details(data.call_id)).toMatchObject({
			call_status: 'ongoing',
			initiation_time: '2025-06-02T13:00:00.000+00:00',
		});
	});

	test('a retry that falls after the window closes waits for the next day', async () => {
		// Window 13:30-13:31 Kolkata = 08:00-08:01Z; the retry at 08:01Z is outside it.
		const { data } = await start({
			mobile_number: '+14155552013',
			call_config: {
				call_retry_config: { retry_not_picked: 1 },
				call_time: { call_start_time: '13:30', call_end_time: '13:31', timezone: 'Asia/Kolkata' },
			},
		});
		expect(data.call_status).toBe('ongoing');
		sb.advance(TIMING.noAnswerMs);
		expect(await details(data.call_id)).toMatchObject({
			call_status: 'retry',
			next_attempt_time: '2025-06-03T08:00:00.000+00:00',
		});
	});

	test('history filters see calls by status as they move', async () => {
		await start();
		await start({ mobile_number: '+14155552013' });
		const ongoing = await api.get('/calling/history?status=ongoing');
		expect(ongoing.body.total).toBe(2);
		sb.advance(TIMING.noAnswerMs);
		expect((await api.get('/calling/history?status=ongoing')).body.total).toBe(1);
		sb.advance(60_000);
		expect((await api.get('/calling/history?status=ongoing')).body.total).toBe(0);
		expect(
			(await api.get('/calling/history?status=completed&start_date=2025-06-02T08:00:00Z')).body
				.total,
		).toBe(1);
	});
});

describe('a follow-up call (parent_call_id)', () => {
	const PARENT = 'a0000000-0000-4000-8000-000000000001';

	test("the ledger keeps the request's parent_call_id and call_time; reads do not show it", async () => {
		const { data } = await start({
			parent_call_id: PARENT,
			call_config: { call_time: { scheduled_at: '2025-06-02T15:00:00', timezone: 'Asia/Kolkata' } },
		});
		expect(sb.ledger).toEqual([
			{
				call_id: data.call_id,
				mobile_number: '+14155552000',
				from_number: '+14155550100',
				agent_id: 'a1a1a1a1-0000-4000-8000-000000000001',
				at: '2025-06-02T08:00:00.000+00:00',
				parent_call_id: PARENT,
				call_time: { scheduled_at: '2025-06-02T15:00:00', timezone: 'Asia/Kolkata' },
			},
		]);
		// FACTS does not say where the service shows it: neither details nor history rows do.
		expect(await details(data.call_id)).not.toHaveProperty('parent_call_id');
		const rows = (await api.get('/calling/history?start_date=2025-06-02T08:00:00Z')).body.calls;
		expect(rows.find((r: any) => r.id === data.call_id)).not.toHaveProperty('parent_call_id');
	});

	test('null is none; anything but a UUID is refused and nothing is placed', async () => {
		await start({ parent_call_id: null });
		expect(sb.ledger).toHaveLength(1);
		expect(sb.ledger[0]).not.toHaveProperty('parent_call_id');
		const res = await api.post(
			'/calling/outbound/individual',
			callBody({ parent_call_id: 'call-1' }),
		);
		expect(res.status).toBe(400);
		expect(JSON.stringify(res.body)).toContain(
			'parent_call_id must be a call UUID, got \\"call-1\\"',
		);
		expect(sb.ledger).toHaveLength(1);
	});
});
