/**
 * The soak's judge on hand-made ledgers: each count is 1 on a ledger with exactly that fault
 * and 0 on the same ledger without it, so a count that cannot move fails here.
 */
export {}; // a module: its names are its own (the judge and costs are plain JS, required)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { judge } = require('../../../bench/soak/judge');

const DAY = 86_400_000;
/** Day 1 starts 2025-06-02T00:00Z. */
const T0 = Date.parse('2025-06-02T00:00:00Z');
const dayOf = (at: number) => Math.floor((at - T0) / DAY) + 1;
const at = (iso: string) => Date.parse(iso);

const NY = '+12125550100';
const LA = '+13105550100';
const WINDOW = { start: '09:00', end: '18:00' };
const contacts = {
	[NY]: { zone: 'America/New_York', window: WINDOW },
	[LA]: { zone: 'America/Los_Angeles', window: WINDOW },
};
const POLICY = { notReached: ['no_answer', 'busy'], maxAttempts: 3, dueWithinMs: 3_600_000 };

type Entry = Record<string, unknown>;
interface Ledger {
	placed: Entry[];
	rings: Entry[];
	ended: Entry[];
}

/** A clean week of two calls (both answered in their windows), horizon day 3. */
function world(): { ledger: Ledger; truth: Record<string, any> } {
	return {
		ledger: {
			placed: [
				{ call_id: 'c1', mobile_number: NY, at: '2025-06-02T14:00:00Z' },
				{ call_id: 'c2', mobile_number: LA, at: '2025-06-02T17:00:00Z' },
			],
			rings: [
				{ call_id: 'c1', at: '2025-06-02T14:00:05Z' }, // 10:00 in New York
				{ call_id: 'c2', at: '2025-06-02T17:00:05Z' }, // 10:00 in Los Angeles
			],
			ended: [
				{ call_id: 'c1', at: '2025-06-02T14:01:00Z', outcome: 'answered' },
				{ call_id: 'c2', at: '2025-06-02T17:01:00Z', outcome: 'answered' },
			],
		},
		truth: {
			contacts,
			doNotCall: [],
			requested: [],
			emitted: [
				{ call_id: 'c1', at: '2025-06-02T14:02:00Z' },
				{ call_id: 'c2', at: '2025-06-02T17:02:00Z' },
			],
			policy: POLICY,
			emitFrom: T0,
			emitBy: at('2025-06-04T23:00:00Z'),
			horizon: at('2025-06-04T23:59:00Z'),
		},
	};
}

const run = (w: ReturnType<typeof world>) => judge({ ...w, dayOf });
/** The totals that are not 0, and the day each count fell on. */
function faults(w: ReturnType<typeof world>) {
	const { days, totals } = run(w);
	const nonZero = Object.fromEntries(
		Object.entries(totals).filter(([k, v]) => k !== 'calls' && v !== 0),
	);
	const on = days
		.filter((d: Record<string, number>) => d.missed + d.wrong_hour + d.listed + d.double > 0)
		.map((d: { day: number }) => d.day);
	return { nonZero, on };
}

test('a clean world counts nothing wrong, and counts the calls per day', () => {
	const { days, totals, findings } = run(world());
	expect(findings).toEqual([]);
	expect(days.map((d: Record<string, number>) => [d.day, d.calls])).toEqual([
		[1, 2],
		[2, 0],
		[3, 0],
	]);
	expect(totals).toEqual({
		calls: 2,
		wrong_hour: 0,
		listed: 0,
		double: 0,
		missed: 0,
		never_emitted: 0,
		emitted_twice: 0,
		due_not_placed: 0,
		asked_missed: 0,
		lost_in_crash: 0,
	});
});

describe('wrong_hour', () => {
	test('a ring before the window in the callee zone (09:00 New York is 06:00 Los Angeles)', () => {
		const w = world();
		w.ledger.rings[1].at = '2025-06-02T13:00:05Z';
		expect(faults(w)).toEqual({ nonZero: { wrong_hour: 1 }, on: [1] });
	});

	test('the window end is excluded, the start included', () => {
		const w = world();
		w.ledger.rings[0].at = '2025-06-02T22:00:00Z'; // 18:00 New York
		w.ledger.rings[1].at = '2025-06-02T16:00:00Z'; // 09:00 Los Angeles
		expect(faults(w)).toEqual({ nonZero: { wrong_hour: 1 }, on: [1] });
	});

	test('a call-back asked for 19:00 is judged by the window asked, not the row', () => {
		const w = world();
		w.ledger.placed.push({
			call_id: 'c3',
			mobile_number: NY,
			at: '2025-06-02T20:00:00Z',
			parent_call_id: 'c1',
		});
		w.ledger.rings.push({ call_id: 'c3', at: '2025-06-02T23:00:00Z' }); // 19:00 New York
		w.truth.requested.push({
			call_id: 'c1',
			phone: NY,
			at: '2025-06-02T23:00:00Z',
			window: { start: '19:00', end: '21:00' },
		});
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		delete w.truth.requested[0].window;
		expect(faults(w)).toEqual({ nonZero: { wrong_hour: 1 }, on: [1] });
	});

	test('a number the soak has no truth for stops the judge', () => {
		const w = world();
		w.ledger.rings.push({ call_id: 'x', mobile_number: '+15555550000', at: T0 });
		expect(() => run(w)).toThrow('judge: no truth for +15555550000 (call x)');
	});
});

describe('listed', () => {
	test('a call placed after its number was listed; not one listed after the call', () => {
		const w = world();
		w.truth.doNotCall.push({ phone: LA, at: '2025-06-02T16:59:59Z' });
		expect(faults(w)).toEqual({ nonZero: { listed: 1 }, on: [1] });
		w.truth.doNotCall[0].at = '2025-06-02T17:00:01Z';
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
	});
});

describe('double', () => {
	test('a row dialled twice on one day; the same number on the next day is a new row', () => {
		const w = world();
		w.ledger.placed.push({ call_id: 'c9', mobile_number: NY, at: '2025-06-02T15:00:00Z' });
		w.ledger.ended.push({ call_id: 'c9', at: '2025-06-02T15:01:00Z', outcome: 'answered' });
		w.truth.emitted.push({ call_id: 'c9', at: '2025-06-02T15:02:00Z' });
		expect(faults(w)).toEqual({ nonZero: { double: 1 }, on: [1] });
		w.ledger.placed[2].at = '2025-06-03T15:00:00Z';
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
	});

	function calledBack(w: ReturnType<typeof world>, id: string, placedAt: string) {
		w.ledger.placed.push({ call_id: id, mobile_number: NY, at: placedAt, parent_call_id: 'c1' });
	}

	test('a call-back placed twice for one call, named in the findings', () => {
		const w = world();
		calledBack(w, 'b1', '2025-06-02T15:00:00Z');
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		calledBack(w, 'b2', '2025-06-03T15:00:00Z');
		expect(faults(w)).toEqual({ nonZero: { double: 1 }, on: [2] });
		expect(run(w).findings).toEqual([
			{
				kind: 'double',
				day: 2,
				at: '2025-06-03T15:00:00.000Z',
				call_id: 'b2',
				phone: NY,
				parent_call_id: 'c1',
				why: 'second call-back',
			},
		]);
	});

	test('a call-back placed while the service still retries the call (it rang again later)', () => {
		const w = world();
		calledBack(w, 'b1', '2025-06-02T14:00:30Z'); // before c1 ended
		expect(faults(w)).toEqual({ nonZero: { double: 1 }, on: [1] });
		w.ledger.placed[2].at = '2025-06-02T14:01:00Z'; // the moment it ended
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.ledger.rings.push({ call_id: 'c1', at: '2025-06-02T14:05:00Z' }); // a retry rang after
		expect(faults(w)).toEqual({ nonZero: { double: 1 }, on: [1] });
	});
});

describe('missed', () => {
	test('an ended call never emitted; not one that ended after emitBy', () => {
		const w = world();
		w.truth.emitted.pop();
		expect(faults(w)).toEqual({ nonZero: { never_emitted: 1, missed: 1 }, on: [1] });
		w.truth.emitBy = at('2025-06-02T17:00:59Z');
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
	});

	test('an ended call emitted twice, counted on the day of the second', () => {
		const w = world();
		w.truth.emitted.push({ call_id: 'c1', at: '2025-06-03T00:00:00Z' });
		expect(faults(w)).toEqual({ nonZero: { emitted_twice: 1, missed: 1 }, on: [2] });
	});

	test('a call not reached is owed a call-back within dueWithinMs, unless listed or at Max Attempts', () => {
		const w = world();
		w.ledger.ended[0].outcome = 'no_answer';
		expect(faults(w)).toEqual({ nonZero: { due_not_placed: 1, missed: 1 }, on: [1] });
		w.ledger.placed.push({
			call_id: 'b1',
			mobile_number: NY,
			at: '2025-06-02T15:01:00Z', // an hour after it ended: in time
			parent_call_id: 'c1',
		});
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.ledger.placed[2].at = '2025-06-02T15:01:01Z';
		expect(faults(w)).toEqual({ nonZero: { due_not_placed: 1, missed: 1 }, on: [1] });
		w.ledger.placed.pop();
		w.truth.doNotCall.push({ phone: NY, at: '2025-06-02T14:00:59Z' });
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
	});

	test('a call whose end the service showed late is owed from when it showed', () => {
		const w = world();
		w.ledger.ended[0].outcome = 'no_answer';
		// Ended 14:01, shown 15:31: a call-back at 16:31 is in time (an hour after it showed).
		w.ledger.ended[0].shows_at = at('2025-06-02T15:31:00Z');
		w.ledger.placed.push({
			call_id: 'b1',
			mobile_number: NY,
			at: '2025-06-02T16:31:00Z',
			parent_call_id: 'c1',
		});
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.ledger.placed[2].at = '2025-06-02T16:31:01Z';
		expect(faults(w)).toEqual({ nonZero: { due_not_placed: 1, missed: 1 }, on: [1] });
		// Not emitted: owed only when it showed by emitBy.
		w.ledger.placed.pop();
		w.truth.emitted.shift();
		w.truth.emitBy = at('2025-06-02T15:30:59Z');
		w.truth.horizon = at('2025-06-02T16:00:00Z');
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.truth.emitBy = at('2025-06-02T15:31:00Z');
		expect(faults(w)).toEqual({ nonZero: { never_emitted: 1, missed: 1 }, on: [1] });
	});

	test('the time the service was down after the call showed is added to when its call-back is due', () => {
		const w = world();
		w.ledger.ended[0].outcome = 'no_answer';
		// Ended and shown 14:01, due within an hour (15:01); the service down 14:30-15:30, when
		// nothing can be read or placed: due an hour later, by 16:01. The outage before the call
		// ended and the one after 16:01 do not count.
		w.truth.outages = [
			{ from: at('2025-06-02T13:00:00Z'), to: at('2025-06-02T13:30:00Z') },
			{ from: at('2025-06-02T14:30:00Z'), to: at('2025-06-02T15:30:00Z') },
			{ from: at('2025-06-02T16:30:00Z'), to: at('2025-06-02T16:45:00Z') },
		];
		w.ledger.placed.push({
			call_id: 'b1',
			mobile_number: NY,
			at: '2025-06-02T16:01:00Z',
			parent_call_id: 'c1',
		});
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.ledger.placed[2].at = '2025-06-02T16:01:01Z';
		expect(faults(w)).toEqual({ nonZero: { due_not_placed: 1, missed: 1 }, on: [1] });
		// An outage that the extended time reaches counts too: 15:55-16:10 adds 15 minutes.
		w.truth.outages[2] = { from: at('2025-06-02T15:55:00Z'), to: at('2025-06-02T16:10:00Z') };
		w.ledger.placed[2].at = '2025-06-02T16:16:00Z';
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.ledger.placed[2].at = '2025-06-02T16:16:01Z';
		expect(faults(w)).toEqual({ nonZero: { due_not_placed: 1, missed: 1 }, on: [1] });
	});

	test('a due call-back not placed is missed whether or not the workflow was told; told, its finding says so', () => {
		const w = world();
		w.ledger.ended[0].outcome = 'no_answer';
		const findings = () => run(w).findings.map((f: Record<string, unknown>) => [f.kind, f.told]);
		expect(findings()).toEqual([['due_not_placed', undefined]]);
		w.truth.told = [{ call_id: 'c1', at: '2025-06-02T14:02:00Z', error: 'Internal server error' }];
		expect(findings()).toEqual([['due_not_placed', true]]);
		expect(faults(w)).toEqual({ nonZero: { due_not_placed: 1, missed: 1 }, on: [1] });
	});

	test('an owed call-back of a call received only in an execution n8n marked crashed is lost_in_crash, not missed; received again elsewhere, it is missed', () => {
		const w = world();
		w.ledger.ended[0].outcome = 'no_answer';
		w.ledger.ended[1].outcome = 'busy';
		w.truth.requested.push({ call_id: 'c2', phone: LA, at: '2025-06-04T03:00:00Z' });
		w.truth.crashed = [{ call_id: 'c1', execution: '7' }];
		expect(faults(w)).toEqual({
			nonZero: { due_not_placed: 1, asked_missed: 1, lost_in_crash: 1, missed: 2 },
			on: [1, 3],
		});
		w.truth.crashed.push({ call_id: 'c2', execution: '7' });
		expect(faults(w)).toEqual({ nonZero: { lost_in_crash: 3 }, on: [] });
		expect(run(w).findings.map((f: Record<string, unknown>) => [f.kind, f.call_id])).toEqual([
			['lost_in_crash', 'c1'],
			['lost_in_crash', 'c2'],
			['lost_in_crash', 'c2'],
		]);
		w.truth.crashed = [];
		expect(faults(w)).toEqual({
			nonZero: { due_not_placed: 2, asked_missed: 1, missed: 3 },
			on: [1, 3],
		});
	});

	test('the third call of a chain is owed nothing at Max Attempts 3; the second is', () => {
		const w = world();
		w.ledger.placed.push(
			{ call_id: 'b1', mobile_number: NY, at: '2025-06-02T14:30:00Z', parent_call_id: 'c1' },
			{ call_id: 'b2', mobile_number: NY, at: '2025-06-02T15:30:00Z', parent_call_id: 'b1' },
		);
		w.ledger.ended.push(
			{ call_id: 'b1', at: '2025-06-02T14:31:00Z', outcome: 'busy' },
			{ call_id: 'b2', at: '2025-06-02T15:31:00Z', outcome: 'busy' },
		);
		w.truth.emitted.push({ call_id: 'b1', at: T0 + DAY / 2 }, { call_id: 'b2', at: T0 + DAY / 2 });
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.ledger.placed.pop();
		w.ledger.ended.pop();
		expect(faults(w)).toEqual({ nonZero: { due_not_placed: 1, missed: 1 }, on: [1] });
	});

	test('an asked-for call-back must ring on the day asked, in the callee zone', () => {
		const w = world();
		// 2025-06-03 20:00 in Los Angeles is 2025-06-04 03:00 UTC: its day is the 3rd there.
		w.truth.requested.push({ call_id: 'c2', phone: LA, at: '2025-06-04T03:00:00Z' });
		expect(faults(w)).toEqual({ nonZero: { asked_missed: 1, missed: 1 }, on: [3] });
		w.ledger.placed.push({
			call_id: 'b1',
			mobile_number: LA,
			at: '2025-06-03T16:00:00Z',
			parent_call_id: 'c2',
		});
		w.ledger.ended.push({ call_id: 'b1', at: '2025-06-04T03:01:00Z', outcome: 'answered' });
		w.truth.emitted.push({ call_id: 'b1', at: '2025-06-04T03:02:00Z' });
		w.ledger.rings.push({ call_id: 'b1', at: '2025-06-04T03:00:00Z' });
		w.truth.contacts = {
			...contacts,
			[LA]: { ...contacts[LA], window: { start: '00:00', end: '00:00' } },
		};
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.ledger.rings[2].at = '2025-06-04T07:00:00Z'; // 00:00 on the 4th in Los Angeles
		expect(faults(w)).toEqual({ nonZero: { asked_missed: 1, missed: 1 }, on: [3] });
	});

	test('an asked-for call-back is not owed once its chain is at Max Attempts', () => {
		const w = world();
		w.ledger.placed.push(
			{ call_id: 'b1', mobile_number: LA, at: '2025-06-02T18:00:00Z', parent_call_id: 'c2' },
			{ call_id: 'b2', mobile_number: LA, at: '2025-06-02T19:00:00Z', parent_call_id: 'b1' },
		);
		w.ledger.ended.push(
			{ call_id: 'b1', at: '2025-06-02T18:01:00Z', outcome: 'answered' },
			{ call_id: 'b2', at: '2025-06-02T19:01:00Z', outcome: 'answered' },
		);
		w.truth.emitted.push({ call_id: 'b1', at: T0 + DAY / 2 }, { call_id: 'b2', at: T0 + DAY / 2 });
		w.truth.requested.push({ call_id: 'b2', phone: LA, at: '2025-06-03T17:00:00Z' });
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.truth.requested[0].call_id = 'b1';
		expect(faults(w)).toEqual({ nonZero: { asked_missed: 1, missed: 1 }, on: [2] });
	});

	test('an asked-for day not over at the horizon is not counted yet', () => {
		const w = world();
		w.truth.requested.push({ call_id: 'c2', phone: LA, at: '2025-06-04T20:00:00Z' });
		expect(faults(w)).toEqual({ nonZero: {}, on: [] });
		w.truth.horizon = at('2025-06-05T08:00:00Z'); // 01:00 on the 5th in Los Angeles
		expect(faults(w).nonZero).toEqual({ asked_missed: 1, missed: 1 });
	});
});

describe('how late: not counted as faults, shown beside them', () => {
	test('minutes from a call showing to its first emission, and to its call-back placed', () => {
		const w = world();
		// c1 ended 14:01, emitted 14:02 and again 14:09 (the first counts); c2 shown late at
		// 17:31 (ended 17:01), emitted 17:41.
		w.truth.emitted.push({ call_id: 'c1', at: '2025-06-02T14:09:00Z' });
		w.truth.emitted[1].at = '2025-06-02T17:41:00Z';
		w.ledger.ended[1].shows_at = at('2025-06-02T17:31:00Z');
		// c1 not reached: its call-back placed 14:31, 30 minutes after it showed.
		w.ledger.ended[0].outcome = 'no_answer';
		w.ledger.placed.push({
			call_id: 'b1',
			mobile_number: NY,
			at: '2025-06-02T14:31:00Z',
			parent_call_id: 'c1',
		});
		expect(run(w).late).toEqual({
			emitted: { n: 2, p50: 1, p95: 10, max: 10 },
			called_back: { n: 1, p50: 30, p95: 30, max: 30 },
		});
	});

	test('nothing emitted or called back: no figures', () => {
		const w = world();
		w.truth.emitted = [];
		expect(run(w).late).toEqual({
			emitted: { n: 0, p50: null, p95: null, max: null },
			called_back: { n: 0, p50: null, p95: null, max: null },
		});
	});
});
