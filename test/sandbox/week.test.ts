/**
 * A bad week (sandbox README "A bad week"): off by default; switched on, each call comes to an
 * outcome of the mix, drawn from a seed (the number's last digits no longer decide), some rows
 * show up late, parentCallId and scheduledAt switch mid-run, and the ring ledger says what
 * rang when and what each call ended with.
 */
import type { RingEntry, Sandbox, WeekSpec } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { AGENT_1, callBody, control as controlOf, type Client } from './helpers';

let sb: Sandbox;
let api: Client;
const sandbox = useSandbox((started) => ({ sb, api } = started));

const START = '/calling/outbound/individual';
const DAY = 86400000;
const HISTORY = `/calling/history?agent_id=${AGENT_1}&limit=100&start_date=2025-06-01T00:00:00Z&end_date=2025-06-09T00:00:00Z`;

const control = (method: string, path: string, body?: unknown) => controlOf(sb, method, path, body);

/** Places calls to numbers ending in 13 (the digits' "never picks up"), one retry allowed. */
async function place(count: number, over: Record<string, unknown> = {}): Promise<string[]> {
	const ids: string[] = [];
	for (let n = 0; n < count; n++) {
		const body = callBody({
			mobile_number: `+14155${10000 + n}13`,
			call_config: { call_retry_config: { retry_count: 1 } },
			...over,
		});
		const res = await api.post(START, body);
		expect(res.status).toBe(200);
		ids.push(res.body.data.call_id);
	}
	return ids;
}

const ring = (id: string): RingEntry => sb.rings({ call_id: id })[0];

describe('off by default', () => {
	test('no week: the digits decide, and the ring ledger still records each call', async () => {
		expect(await control('GET', 'week')).toEqual({ status: 200, body: { on: false } });
		const [id] = await place(1, { mobile_number: '+14155552013' });
		sb.advance(DAY);
		expect(ring(id)).toMatchObject({
			outcome: null,
			status: 'failed',
			sub_status: 'RETRY_LIMIT_REACHED',
			rings: [
				{
					attempt: 1,
					at: '2025-06-02T08:00:00.000+00:00',
					ended_at: '2025-06-02T08:00:30.000+00:00',
					result: 'no_answer',
				},
				{
					attempt: 2,
					at: '2025-06-02T08:01:00.000+00:00',
					ended_at: '2025-06-02T08:01:30.000+00:00',
					result: 'no_answer',
				},
			],
			analysis: null,
			late: null,
		});
	});
});

describe('the outcome mix', () => {
	test('a week without a mix leaves the outcomes to the digits', async () => {
		sb.setWeek({ lateRowsMs: 1000 });
		const [id] = await place(1, { mobile_number: '+14155552099' });
		sb.advance(DAY);
		expect(ring(id)).toMatchObject({
			outcome: null,
			status: 'completed',
			sub_status: 'VOICEMAIL_DETECTED',
		});
	});

	/** What each outcome alone comes to: status, sub-status, attempts, what the analysis says. */
	const CASES: Array<[string, Partial<RingEntry>, number]> = [
		['answered', { status: 'completed', sub_status: 'ACCEPTED' }, 1],
		['no_answer', { status: 'failed', sub_status: 'RETRY_LIMIT_REACHED' }, 2],
		['busy', { status: 'failed', sub_status: 'RETRY_LIMIT_REACHED' }, 2],
		['voicemail', { status: 'completed', sub_status: 'VOICEMAIL_DETECTED' }, 1],
		['failed', { status: 'error', sub_status: 'NOT_ABLE_TO_CALL' }, 2],
		['callback', { status: 'completed', sub_status: 'ACCEPTED' }, 1],
		['opt_out', { status: 'completed', sub_status: 'ACCEPTED' }, 1],
		['never_ends', { status: 'ongoing', sub_status: 'ACCEPTED', ended_at: null }, 1],
	];

	test.each(CASES)(
		'%s alone: every call comes to it, whatever its digits',
		async (outcome, final, rings) => {
			sb.setWeek({ mix: { [outcome]: 1 } });
			const ids = await place(3);
			sb.advance(DAY);
			for (const id of ids) {
				const entry = ring(id);
				expect(entry).toMatchObject({ outcome, ...final });
				expect(entry.rings).toHaveLength(rings);
			}
			const analysis = ring(ids[0]).analysis;
			if (final.status !== 'completed') expect(analysis).toBeNull();
			if (outcome === 'answered')
				expect(['confirmed', 'declined']).toContain(analysis!.classification);
			if (outcome === 'callback')
				expect(analysis).toMatchObject({
					classification: 'reschedule',
					callback_requested: true,
					opt_out: false,
				});
			if (outcome === 'opt_out')
				expect(analysis).toMatchObject({
					classification: 'do_not_call',
					callback_requested: false,
					opt_out: true,
					callback: null,
				});
		},
	);

	test('the opt-out label is among the assistants’ labels while the week is on, and gone after', async () => {
		const labels = async () =>
			(await api.get(`/agent/${AGENT_1}`)).body.agents.classification_labels as string[];
		expect(await labels()).toEqual(['confirmed', 'reschedule', 'declined']);
		sb.setWeek({ mix: 'opt_out=1', optOutLabel: 'remove_me' });
		expect(await labels()).toEqual(['confirmed', 'reschedule', 'declined', 'remove_me']);
		const [id] = await place(1);
		sb.advance(DAY);
		const details = (await api.get(`/calling/call-details?id=${id}&send_analysis=true`)).body.data;
		expect(details.platform_analysis).toMatchObject({
			classification: 'remove_me',
			callback_requested: false,
		});
		expect(JSON.parse(details.transcription_url)[3]).toEqual({
			user: 'Please take me off your list and do not call me again.',
		});
		expect(await control('DELETE', 'week')).toEqual({ status: 200, body: { on: false } });
		expect(await labels()).toEqual(['confirmed', 'reschedule', 'declined']);
	});

	test("never_ends 'registered': the call never rings and stays registered", async () => {
		sb.setWeek({ mix: { never_ends: 1 }, neverEnds: 'registered' });
		const [id] = await place(1);
		sb.advance(3 * DAY);
		expect(ring(id)).toMatchObject({ status: 'registered', sub_status: 'QUEUED', rings: [] });
	});

	test('the mix as text, its shares drawn per call; bad specs are refused with why', async () => {
		const set = await control('POST', 'week', {
			mix: 'answered=40,no_answer=25,busy=10,voicemail=10,failed=5,callback=5,opt_out=3,never_ends=2',
			seed: 7,
		});
		expect(set.body).toMatchObject({ on: true, seed: 7, mix: { answered: 40, never_ends: 2 } });
		expect((await control('GET', 'week')).body).toEqual(set.body);
		expect((await control('GET', 'state')).body.week).toEqual(set.body);
		const ids = await place(200);
		const counts: Record<string, number> = {};
		for (const id of ids) counts[ring(id).outcome!] = (counts[ring(id).outcome!] ?? 0) + 1;
		// Seed 7 draws these 200, near the weights.
		expect(counts).toEqual({
			answered: 82,
			no_answer: 55,
			busy: 18,
			voicemail: 24,
			failed: 5,
			callback: 13,
			opt_out: 3,
		});
		for (const [spec, error] of [
			[{ mix: 'answered=x' }, 'week: mix: the weight of answered must be a number >= 0'],
			[{ mix: { hung_up: 1 } }, 'week: mix: unknown "hung_up"'],
			[{ mix: { answered: 0 } }, 'week: mix: no weight above 0'],
			[{ lateRowsMs: -1 }, 'week: lateRowsMs must be a number from 0'],
			[
				{ outage: { share5xx: 0.9, shareDrop: 0.2 } },
				'week: the outage shares add up to more than 1',
			],
			[{ sometimes: true }, 'week: "sometimes" is not a setting'],
		] as Array<[WeekSpec, string]>) {
			const refused = await control('POST', 'week', spec);
			expect(refused.status).toBe(400);
			expect(refused.body.error).toContain(error);
		}
	});
});

describe('seeded', () => {
	/** The outcomes and requested times of 40 calls placed in one sandbox started with `week`. */
	async function run(week: WeekSpec) {
		const { sb: other } = await sandbox.restart({ week });
		const ids = await place(40);
		other.advance(2 * DAY);
		return ids.map((id) => {
			const e = ring(id);
			return [e.outcome, e.analysis?.callback_requested_time ?? null, e.late];
		});
	}

	test('the same seed draws the same week; another seed another; a reset keeps the option', async () => {
		const week = { seed: 3, mix: 'answered=1,callback=1,no_answer=1', lateRowsMs: 3600000 };
		const first = await run(week);
		expect(await run(week)).toEqual(first);
		expect(await run({ ...week, seed: 4 })).not.toEqual(first);
		sb.reset();
		expect(sb.week).toMatchObject({ on: true, seed: 4 });
	});

	test("a contact's n-th call comes to the same outcome whatever else was placed between", async () => {
		const week = { mix: 'answered=1,busy=1,voicemail=1,opt_out=1' };
		const outcomes = (ids: string[]) => ids.map((id) => ring(id).outcome);
		sb.setWeek(week);
		const alone = outcomes(await place(5, { mobile_number: '+14155550042' }));
		await sandbox.restart({ week });
		const between: string[] = [];
		for (let n = 0; n < 5; n++) {
			await place(3);
			between.push(...(await place(1, { mobile_number: '+14155550042' })));
		}
		expect(outcomes(between)).toEqual(alone);
		expect(new Set(alone).size).toBeGreaterThan(1);
	});
});

describe('rows that show up late', () => {
	test('a late row is absent until its delay; a late status reads as under way until its delay', async () => {
		sb.setWeek({ mix: 'answered=1', lateRowsMs: 3 * 3600000, lateShare: 1 });
		const ids = await place(8);
		// Two minutes on, every call has ended; the latest row and the latest status are still due.
		sb.advance(120000);
		const latest = (mode: string) =>
			ids
				.map(ring)
				.filter((e) => e.late!.mode === mode)
				.sort((a, b) => b.late!.delay_ms - a.late!.delay_ms)[0];
		const row = latest('row');
		const status = latest('status');
		for (const e of [row, status])
			expect(Date.parse(e.late!.visible_from!)).toBeGreaterThan(sb.now());
		expect(status.status).toBe('completed');
		const ofRows = async (q = '') => (await api.get(`${HISTORY}${q}`)).body;
		const idsOf = (body: { calls: Array<{ id: string }> }) => body.calls.map((c) => c.id);
		const before = await ofRows();
		expect(idsOf(before)).not.toContain(row.call_id);
		expect(before.total).toBe(before.calls.length);
		expect(before.calls.find((c: { id: string }) => c.id === status.call_id)).toMatchObject({
			status: 'ongoing',
			sub_status: 'ACCEPTED',
			transcript: '[]',
			call_duration: 0,
			call_cost: null,
			audio_recording: null,
		});
		expect(idsOf(await ofRows('&status=completed'))).not.toContain(status.call_id);
		const details = async (id: string) => await api.get(`/calling/call-details?id=${id}`);
		// Call details are not late unless lateIn is 'both'.
		expect((await details(status.call_id)).body.data.call_status).toBe('completed');
		expect((await details(row.call_id)).status).toBe(200);
		sb.setWeek({ lateIn: 'both' });
		expect((await details(status.call_id)).body.data.call_status).toBe('ongoing');
		expect((await details(row.call_id)).status).toBe(404);
		const last = Math.max(...[row, status].map((e) => Date.parse(e.late!.visible_from!)));
		sb.advance(last - sb.now());
		const after = await ofRows();
		expect(idsOf(after)).toContain(row.call_id);
		expect(after.calls.find((c: { id: string }) => c.id === status.call_id).status).toBe(
			'completed',
		);
	});
});

describe('switches and the ring ledger', () => {
	test('parentCallId and scheduledAt switch mid-run; the ledger keeps what each request sent', async () => {
		const parent = (await place(1))[0];
		const later = {
			call_time: {
				call_start_time: '09:00',
				call_end_time: '17:00',
				timezone: 'America/New_York',
				scheduled_at: '2025-06-03T10:00:00',
			},
		};
		const body = { parent_call_id: parent.toUpperCase(), call_config: later };
		const [honoured] = await place(1, body);
		sb.setWeek({ scheduledAt: 'ignore', parentCallId: 'shown' });
		const [ignored] = await place(1, body);
		const rows = (await api.get(HISTORY)).body.calls;
		expect(rows.find((r: { id: string }) => r.id === ignored).parent_call_id).toBe(
			parent.toUpperCase(),
		);
		sb.setWeek({ parentCallId: 'hidden' });
		expect((await api.get(HISTORY)).body.calls[0]).not.toHaveProperty('parent_call_id');
		sb.advance(2 * DAY);
		expect(ring(honoured)).toMatchObject({
			call_time: later.call_time,
			scheduled_at: '2025-06-03T10:00:00',
			scheduled_at_honoured: true,
			parent_call_id: parent.toUpperCase(),
			rings: [{ attempt: 1, at: '2025-06-03T14:00:00.000+00:00' }],
		});
		// Ignored: it rang at the window's first opening, 09:00 New York on the day it was placed.
		expect(ring(ignored)).toMatchObject({
			scheduled_at_honoured: false,
			rings: [{ attempt: 1, at: '2025-06-02T13:00:00.000+00:00' }],
		});
		// Switched off, the switches are back as the options had them.
		sb.setWeek(null);
		expect(sb.store.scheduledAt).toBe('honour');
		expect(sb.store.parentCallId).toBe('hidden');
	});

	test('GET /__sandbox/rings filters by time, assistant and call', async () => {
		const [first] = await place(1);
		sb.advance(3600000);
		const [second] = await place(1);
		const got = async (q: string) => (await control('GET', `rings${q}`)).body;
		expect((await got('')).count).toBe(2);
		expect(
			(await got('?from=2025-06-02T08:30:00Z')).rings.map((r: RingEntry) => r.call_id),
		).toEqual([second]);
		expect((await got('?to=2025-06-02T08:30:00Z')).rings.map((r: RingEntry) => r.call_id)).toEqual([
			first,
		]);
		expect((await got(`?call_id=${second}&agent_id=${AGENT_1}`)).count).toBe(1);
		expect((await got('?agent_id=a1a1a1a1-0000-4000-8000-000000000002')).count).toBe(0);
		expect((await control('GET', 'rings?from=yesterday')).status).toBe(400);
	});
});
