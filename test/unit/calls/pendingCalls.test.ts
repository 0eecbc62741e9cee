/** One round of a durable wait for many calls: each call leaves once, the rest stay, by reference. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	lastDeadline,
	pendingFromItems,
	pendingJson,
	settleRound,
	type OpenCall,
	type PendingState,
	type Settled,
} from '../../../nodes/shared/calls/pendingCalls';
import { placedNoCall } from '../../../nodes/shared/dialling/callee/verdict';
import { recordFromHistory, type CallRecord } from '../../../nodes/shared/calls/record';

const T = Date.parse('2026-11-29T12:00:00Z');
const MIN = 60_000;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const open = (n: number, deadlineMs = T + 60 * MIN): OpenCall => ({
	call_id: id(n),
	agent_id: 'agent-1',
	created_at: new Date(T).toISOString(),
	status: 'registered',
	deadline: new Date(deadlineMs).toISOString(),
	first_checked_at: new Date(T).toISOString(),
	row: { name: `Row ${n}`, phone: `+1415555${1000 + n}` },
});
const read = (n: number, status: string, extra: object = {}) =>
	recordFromHistory({ id: id(n), status, ...extra });
/** A round's reads: each call read open, read ended, failed, or not read, as `fates` says. */
function reads(calls: OpenCall[], fates: string[]) {
	const records = new Map<string, CallRecord>();
	const failed = new Map<string, Error>();
	calls.forEach((c, n) => {
		if (fates[n] === 'open') records.set(c.call_id, read(n, 'ongoing'));
		if (fates[n] === 'ended') records.set(c.call_id, read(n, 'completed'));
		if (fates[n] === 'failed') failed.set(c.call_id, new Error('failed'));
	});
	return { records, failed };
}
const state = (calls: OpenCall[], deadlineMs?: number): PendingState => ({
	pending:
		deadlineMs === undefined
			? calls
			: calls.map((c) => ({ ...c, deadline: new Date(deadlineMs).toISOString() })),
	rounds: 0,
});

test('ended calls leave with their record and row; the rest stay, the same row objects, with the status last read', () => {
	const calls = [open(1), open(2), open(3), open(4)];
	const records = new Map([
		[id(1), read(1, 'completed')],
		[id(2), read(2, 'ongoing')],
		[id(4), read(4, 'failed')],
	]);
	const failed = new Map([[id(3), new Error('Bad key')]]);
	const { settled, next } = settleRound(state(calls), records, failed, T + MIN);
	expect(settled.map((s) => [s.call.call_id, s.record?.status, s.timed_out])).toEqual([
		[id(1), 'completed', false],
		[id(4), 'failed', false],
	]);
	expect(settled[0].call).toBe(calls[0]);
	expect(next).toEqual({ pending: [{ ...calls[1], status: 'ongoing' }, calls[2]], rounds: 1 });
	expect(next?.pending[0].row).toBe(calls[1].row);
	// Nothing new was read of call 3: the very object stays (n8n stores it once).
	expect(next?.pending[1]).toBe(calls[2]);
	// A status read again unchanged keeps the object too.
	expect(settleRound(next!, records, failed, T + 2 * MIN).next?.pending[0]).toBe(next?.pending[0]);
});

test('at the deadline every call still open leaves, timed out, with its last read or why it could not be read', () => {
	const error = new Error('Bad key');
	const { pending: calls } = state([open(1), open(2), open(3)], T + MIN);
	const { settled, next } = settleRound(
		state(calls),
		new Map([
			[id(1), read(1, 'completed')],
			[id(2), read(2, 'ongoing')],
		]),
		new Map([[id(3), error]]),
		T + MIN,
	);
	expect(settled).toEqual([
		{ call: calls[0], record: read(1, 'completed'), timed_out: false },
		{ call: calls[1], record: read(2, 'ongoing'), timed_out: true },
		{ call: calls[2], record: null, timed_out: true, error },
	]);
	expect(next).toBeNull();
});

test('each call waits until its own deadline', () => {
	const calls = [open(1, T + MIN), open(2, T + 5 * MIN)];
	const records = new Map([
		[id(1), read(1, 'ongoing')],
		[id(2), read(2, 'ongoing')],
	]);
	const { settled, next } = settleRound(state(calls), records, new Map(), T + 2 * MIN);
	expect(settled.map((s) => [s.call.call_id, s.timed_out])).toEqual([[id(1), true]]);
	expect(next?.pending.map((c) => c.call_id)).toEqual([id(2)]);
});

describe('with Include Analysis, an answered call leaves with its analysis, or flagged at its deadline', () => {
	const answered = (extra: object = {}) =>
		read(1, 'completed', { call_duration: 42, sub_status: 'ACCEPTED', ...extra });
	const settle = (record: CallRecord, failed: Map<string, Error>, nowMs: number) =>
		settleRound(state([open(1, T + 10 * MIN)]), new Map([[id(1), record]]), failed, nowMs, {
			includeAnalysis: true,
		});
	const error = new Error('An unexpected error occurred.');
	/** Call 1 leaving with `record` at the first read after its end. */
	const leavesAtOnce = (record: CallRecord) =>
		expect(settle(record, new Map(), T + MIN).settled).toEqual([
			{
				call: expect.objectContaining({ call_id: id(1) }),
				record,
				timed_out: false,
				analysis_error: null,
			},
		]);

	test('a failed details read keeps it pending; at its deadline it leaves as read, read_failed', () => {
		const early = settle(answered(), new Map([[id(1), error]]), T + MIN);
		expect(early.settled).toEqual([]);
		expect(early.next?.pending.map((c) => [c.call_id, c.status])).toEqual([[id(1), 'completed']]);
		const late = settle(answered(), new Map([[id(1), error]]), T + 10 * MIN);
		expect(late.settled).toEqual([
			{
				call: expect.objectContaining({ call_id: id(1) }),
				record: answered(),
				timed_out: false,
				error,
				analysis_error: 'read_failed',
			},
		]);
		expect(late.next).toBeNull();
	});

	test('details gone for good (a 404 for a call the history lists) do not wait: it leaves at once, read_failed', () => {
		const gone = Object.assign(new Error('Call not found'), { httpCode: '404' });
		expect(settle(answered(), new Map([[id(1), gone]]), T + MIN).settled).toEqual([
			{
				call: expect.objectContaining({ call_id: id(1) }),
				record: answered(),
				timed_out: false,
				error: gone,
				analysis_error: 'read_failed',
			},
		]);
	});

	// How the service shows an analysis not in yet is not published: null, no key, or {}.
	test.each([
		['null', { platform_analysis: null }],
		['missing', {}],
		['empty', { platform_analysis: {} }],
	])(
		'an analysis not in yet (%s) keeps it pending; at its deadline it leaves, not_in_by_max_wait',
		(_, extra) => {
			const record = answered(extra);
			expect(settle(record, new Map(), T + MIN).settled).toEqual([]);
			expect(settle(record, new Map(), T + 10 * MIN).settled).toEqual([
				{
					call: expect.objectContaining({ call_id: id(1) }),
					record,
					timed_out: false,
					analysis_error: 'not_in_by_max_wait',
				},
			]);
		},
	);

	test('with its analysis it leaves at once, analysis_error null', () => {
		leavesAtOnce(answered({ platform_analysis: { summary: 'Booked', status: 'analyzed' } }));
	});

	test.each([
		['failed', read(1, 'failed', { sub_status: 'RETRY_LIMIT_REACHED' })],
		['no_answer', read(1, 'completed', { call_duration: 0 })],
		['busy', read(1, 'failed', { sub_status: 'busy line' })],
	])(
		'a call not answered (%s) leaves at once: its analysis is empty, minimal or none',
		(_, record) => leavesAtOnce(record),
	);
});

test('a call the service does not know leaves at once, not_found', () => {
	const error = Object.assign(new Error('Call not found'), { httpCode: '404' });
	const calls = [open(1), open(2)];
	const { settled, next } = settleRound(
		state(calls),
		new Map([[id(2), read(2, 'ongoing')]]),
		new Map([[id(1), error]]),
		T + MIN,
		{ unknown: new Set([id(1)]) },
	);
	expect(settled).toEqual([
		{ call: calls[0], record: null, timed_out: false, not_found: true, error },
	]);
	expect(next?.pending.map((c) => c.call_id)).toEqual([id(2)]);
});

test('property: over any rounds, every call leaves exactly once, its row by reference, none after it left', () => {
	const scenario = fc.record({
		count: fc.integer({ min: 0, max: 40 }),
		// Per round and call: not read, read open, read ended, or failed.
		rounds: fc.array(
			fc.array(fc.constantFrom('none', 'open', 'ended', 'failed'), {
				minLength: 40,
				maxLength: 40,
			}),
			{
				minLength: 1,
				maxLength: 12,
			},
		),
		deadlineRound: fc.integer({ min: 0, max: 14 }),
	});
	fc.assert(
		fc.property(scenario, ({ count, rounds, deadlineRound }) => {
			const calls = Array.from({ length: count }, (_, n) => open(n, T + deadlineRound * MIN));
			let current: PendingState | null = state(calls);
			const left = new Map<string, number>();
			for (const [r, fates] of rounds.entries()) {
				if (!current) break;
				const { records, failed } = reads(calls, fates);
				const before: OpenCall[] = current.pending;
				const { settled, next } = settleRound(current, records, failed, T + r * MIN);
				const rowOf = (c: OpenCall) => calls[Number(c.call_id.slice(-12))].row;
				for (const s of settled) {
					expect(left.has(s.call.call_id)).toBe(false);
					left.set(s.call.call_id, r);
					expect(s.call.row).toBe(rowOf(s.call));
					expect(s.timed_out).toBe(r < deadlineRound ? false : s.record?.status !== 'completed');
				}
				// Every call of the round either left or stays, never both.
				expect(
					[
						...settled.map((s) => s.call.call_id),
						...(next?.pending ?? []).map((c) => c.call_id),
					].sort(),
				).toEqual(before.map((c) => c.call_id).sort());
				for (const c of next?.pending ?? []) expect(c.row).toBe(rowOf(c));
				if (r >= deadlineRound) expect(next).toBeNull();
				current = next;
			}
			// Once the rounds reach the deadline, every call has left.
			if (rounds.length > deadlineRound) expect(left.size).toBe(count);
		}),
	);
});

describe('pendingFromItems: the wait from its input', () => {
	const started = (n: number, extra: object = {}) => ({
		call_id: id(n),
		status: 'registered',
		assistant: { id: 'agent-1', name: null, version_id: null, version_slug: null },
		created_at: '2026-11-29T12:00:00.000Z',
		custom_variables: { name: `Row ${n}` },
		...extra,
	});
	const NOW = T + 5 * MIN;
	const DEADLINE = NOW + 60 * MIN;
	const iso = (ms: number) => new Date(ms).toISOString();
	/** A Pending item's call as saved before calls carried their own deadline. */
	const older = (n: number) => {
		const { call_id, agent_id, created_at, row } = open(n);
		return { call_id, agent_id, created_at, row };
	};

	test("Start's items: one state, each item its own row by reference, each call its deadline and first check", () => {
		const items = [
			started(1),
			started(2, { assistant: null, agent_id: 'agent-2', created_at: null, status: undefined }),
		];
		const { state, problems } = pendingFromItems(items, DEADLINE, NOW, placedNoCall);
		expect(problems).toEqual([]);
		const first = { deadline: iso(DEADLINE), first_checked_at: iso(NOW) };
		expect(state).toEqual({
			pending: [
				{
					call_id: id(1),
					agent_id: 'agent-1',
					created_at: '2026-11-29T12:00:00.000Z',
					status: 'registered',
					...first,
					row: items[0],
				},
				{
					call_id: id(2),
					agent_id: 'agent-2',
					created_at: null,
					status: null,
					...first,
					row: items[1],
				},
			],
			rounds: 0,
		});
		expect(state?.pending[0].row).toBe(items[0]);
		expect(lastDeadline(state!.pending)).toBe(iso(DEADLINE));
	});

	test('an item without a call or an assistant is named, by index and field; the others still wait', () => {
		const { state, problems } = pendingFromItems(
			[{ name: 'Ada' }, started(2), started(3, { assistant: {} })],
			DEADLINE,
			NOW,
			placedNoCall,
		);
		expect(problems).toEqual([
			{ index: 0, field: 'call_id', message: 'has no call ID: connect the output of Start' },
			{ index: 2, field: 'assistant.id', message: `has no assistant ID for call ${id(3)}` },
		]);
		expect(state?.pending.map((c) => c.call_id)).toEqual([id(2)]);
	});

	test("an earlier round's state with new calls: one state, each call once, each its own deadline", () => {
		const earlier = {
			pending: [open(1, T + 90 * MIN), open(2, T + 90 * MIN)],
			deadline: iso(T + 90 * MIN),
			rounds: 4,
		};
		const items = [earlier, started(2), started(3)];
		const { state, problems, from } = pendingFromItems(items, DEADLINE, NOW, placedNoCall);
		expect(problems).toEqual([]);
		expect(state?.pending.map((c) => [c.call_id, c.deadline])).toEqual([
			[id(1), iso(T + 90 * MIN)],
			[id(2), iso(T + 90 * MIN)],
			[id(3), iso(DEADLINE)],
		]);
		// Each call is paired with the first item that carried it.
		expect([...from]).toEqual([
			[id(1), 0],
			[id(2), 0],
			[id(3), 2],
		]);
		expect(state?.pending[0]).toBe(earlier.pending[0]);
		expect(state?.rounds).toBe(4);
		expect(lastDeadline(state!.pending)).toBe(iso(T + 90 * MIN));
		// A call given twice waits until the later of its deadlines (a wait is never cut short).
		const later = pendingFromItems(items, T + 120 * MIN, NOW, placedNoCall).state;
		expect(later?.pending.map((c) => [c.call_id, c.deadline])).toEqual([
			[id(1), iso(T + 90 * MIN)],
			[id(2), iso(T + 120 * MIN)],
			[id(3), iso(T + 120 * MIN)],
		]);
		expect(later?.pending[1].row).toBe(earlier.pending[1].row);
	});

	test('an older Pending item (its calls without their own fields): each call takes the item deadline', () => {
		const item = { pending: [older(1)], deadline: iso(T + 30 * MIN), rounds: 3 };
		const { state, problems } = pendingFromItems([item], DEADLINE, NOW, placedNoCall);
		expect(problems).toEqual([]);
		expect(state).toEqual({
			pending: [
				{
					...older(1),
					status: null,
					deadline: iso(T + 30 * MIN),
					first_checked_at: null,
					row: item.pending[0].row,
				},
			],
			rounds: 3,
		});
		expect(state?.pending[0].row).toBe(item.pending[0].row);
	});

	test('a Pending item split into one item per call, or merged back without its deadline, keeps each call as it was', () => {
		const calls = [open(1, T + 20 * MIN), open(2, T + 40 * MIN)];
		// Split Out on `pending`: one item per call, each a copy.
		const split = calls.map((c) => ({ ...c }));
		const fromSplit = pendingFromItems(split, DEADLINE, NOW, placedNoCall);
		expect(fromSplit.problems).toEqual([]);
		expect(fromSplit.state?.pending).toEqual(calls);
		expect(fromSplit.state?.pending[0].row).toBe(calls[0].row);
		// Aggregated back into one list, without the item's deadline.
		const merged = pendingFromItems([{ pending: split }], DEADLINE, NOW, placedNoCall);
		expect(merged.problems).toEqual([]);
		expect(merged.state?.pending).toEqual(calls);
	});

	test('an Ended item given back waits again with its row, not nested in another', () => {
		const row = { name: 'Ada' };
		const ended = {
			...read(1, 'ongoing'),
			assistant: { id: 'agent-1' },
			created_at: iso(T),
			timed_out: true,
			waited_seconds: 60,
			row,
		};
		const { state } = pendingFromItems([ended], DEADLINE, NOW, placedNoCall);
		expect(state?.pending).toEqual([
			{
				call_id: id(1),
				agent_id: 'agent-1',
				created_at: iso(T),
				status: 'ongoing',
				deadline: iso(DEADLINE),
				first_checked_at: iso(NOW),
				row,
			},
		]);
		expect(state?.pending[0].row).toBe(row);
	});

	test('a state changed on its way back is refused, naming what', () => {
		expect(
			pendingFromItems([{ pending: [older(1)], deadline: 'soon' }], DEADLINE, NOW, placedNoCall)
				.problems,
		).toEqual([
			{
				index: 0,
				field: 'deadline',
				message: 'is not a date: pass the Pending output on unchanged',
			},
		]);
		const broken = { pending: [open(1), { call_id: id(2) }], deadline: iso(T) };
		expect(pendingFromItems([broken], DEADLINE, NOW, placedNoCall)).toEqual({
			state: null,
			passed: [],
			from: new Map(),
			problems: [
				{
					index: 0,
					field: 'pending[1]',
					message: 'is not an open call: pass the Pending output on unchanged',
				},
			],
		});
	});

	test('nothing to wait for: no state', () => {
		expect(pendingFromItems([], DEADLINE, NOW, placedNoCall)).toEqual({
			state: null,
			problems: [],
			passed: [],
			from: new Map(),
		});
	});

	test('items that placed no call (an error, a skipped row, a Dry Run) pass, named by index', () => {
		const items = [
			{ error: 'Phone Number: "n/a" is not a phone number [item 0]' },
			started(2),
			{ skipped: 'do_not_call', mobile_number: '+14155550100' },
			{ dry_run: true, body: {} },
			{ name: 'Ada' },
		];
		const { state, problems, passed } = pendingFromItems(items, DEADLINE, NOW, placedNoCall);
		expect(passed).toEqual([0, 2, 3]);
		expect(problems.map((p) => p.index)).toEqual([4]);
		expect(state?.pending.map((c) => c.call_id)).toEqual([id(2)]);
	});
});

describe('property: Pending items split, merged, re-ordered or duplicated between checks', () => {
	type Item = IDataObject;
	type Edit =
		| { kind: 'split' }
		| { kind: 'merge'; size: number; keepDeadline: boolean }
		| { kind: 'shuffle'; keys: number[] }
		| { kind: 'duplicate'; at: number };
	const edit = fc.oneof(
		fc.constant<Edit>({ kind: 'split' }),
		fc.record({
			kind: fc.constant('merge' as const),
			size: fc.integer({ min: 1, max: 4 }),
			keepDeadline: fc.boolean(),
		}),
		fc.record({
			kind: fc.constant('shuffle' as const),
			keys: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
		}),
		fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
	);
	const entriesOf = (item: Item): Item[] =>
		Array.isArray(item.pending) ? (item.pending as Item[]) : [item];
	/** What n8n's Split Out, Aggregate, Sort and Merge nodes can make of the items (copies). */
	function apply(items: Item[], e: Edit): Item[] {
		if (e.kind === 'split') return items.flatMap((i) => entriesOf(i).map((c) => ({ ...c })));
		if (e.kind === 'merge') {
			const out: Item[] = [];
			for (let k = 0; k < items.length; k += e.size) {
				const group = items.slice(k, k + e.size);
				const deadline = group.find((i) => typeof i.deadline === 'string')?.deadline;
				out.push({
					pending: group.flatMap(entriesOf),
					...(e.keepDeadline && Array.isArray(group[0].pending) ? { deadline } : {}),
				});
			}
			return out;
		}
		if (e.kind === 'shuffle')
			return items
				.map((item, n) => ({ item, key: e.keys[n % e.keys.length] * 100 + n }))
				.sort((a, b) => a.key - b.key)
				.map((x) => x.item);
		return items.length === 0 ? items : [...items, { ...items[e.at % items.length] }];
	}
	const scenario = fc.record({
		deadlines: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 8 }),
		rounds: fc.array(
			fc.record({
				fates: fc.array(fc.constantFrom('none', 'open', 'ended', 'failed'), {
					minLength: 8,
					maxLength: 8,
				}),
				edits: fc.array(edit, { maxLength: 4 }),
			}),
			{ minLength: 1, maxLength: 10 },
		),
	});
	const summary = (settled: Settled[]) =>
		[...settled].sort((a, b) => a.call.call_id.localeCompare(b.call.call_id));

	test('each call once, its deadline and row kept, and the same calls leave as without the edits', () => {
		fc.assert(
			fc.property(scenario, ({ deadlines, rounds }) => {
				const calls = deadlines.map((d, n) => open(n, T + d * MIN));
				const deadlineOf = new Map(calls.map((c) => [c.call_id, c.deadline]));
				let plain: PendingState | null = { pending: calls, rounds: 0 };
				let edited: PendingState | null = plain;
				for (const [r, { fates, edits }] of rounds.entries()) {
					if (!plain || !edited) break;
					const nowMs = T + r * MIN;
					let items: Item[] = [pendingJson(edited)];
					for (const e of edits) items = apply(items, e);
					// New calls would wait until far later: a call read as new shows at once.
					const read1 = pendingFromItems(items, T + 999 * MIN, nowMs, placedNoCall);
					expect(read1.problems).toEqual([]);
					const got = read1.state!.pending;
					expect(got.map((c) => c.call_id).sort()).toEqual(
						plain.pending.map((c) => c.call_id).sort(),
					);
					for (const c of got) {
						expect(c.deadline).toBe(deadlineOf.get(c.call_id));
						expect(c.row).toBe(calls[Number(c.call_id.slice(-12))].row);
						expect(c.row).not.toHaveProperty('row');
					}
					const { records, failed } = reads(calls, fates);
					const a = settleRound(plain, records, failed, nowMs);
					const b = settleRound(read1.state!, records, failed, nowMs);
					expect(summary(b.settled)).toEqual(summary(a.settled));
					expect(b.next === null).toBe(a.next === null);
					plain = a.next;
					edited = b.next;
				}
			}),
		);
	});
});
