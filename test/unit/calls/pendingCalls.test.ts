/** One round of a durable wait for many calls: each call leaves once, the rest stay, by reference. */
import fc from 'fast-check';

import {
	pendingFromItems,
	settleRound,
	type OpenCall,
	type PendingState,
} from '../../../nodes/shared/calls/pendingCalls';
import { recordFromHistory, type CallRecord } from '../../../nodes/shared/calls/record';

const T = Date.parse('2026-11-29T12:00:00Z');
const MIN = 60_000;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const open = (n: number): OpenCall => ({
	call_id: id(n),
	agent_id: 'agent-1',
	created_at: new Date(T).toISOString(),
	row: { name: `Row ${n}`, phone: `+1415555${1000 + n}` },
});
const read = (n: number, status: string) => recordFromHistory({ id: id(n), status });
const state = (calls: OpenCall[], deadlineMs = T + 60 * MIN): PendingState => ({
	pending: calls,
	deadline: new Date(deadlineMs).toISOString(),
	rounds: 0,
});

test('ended calls leave with their record and row; the rest stay, the same row objects', () => {
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
	expect(next).toEqual({ pending: [calls[1], calls[2]], deadline: state([]).deadline, rounds: 1 });
	expect(next?.pending[0].row).toBe(calls[1].row);
});

test('at the deadline every call still open leaves, timed out, with its last read or why it could not be read', () => {
	const calls = [open(1), open(2), open(3)];
	const error = new Error('Bad key');
	const { settled, next } = settleRound(
		state(calls, T + MIN),
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
			const calls = Array.from({ length: count }, (_, n) => open(n));
			let current: PendingState | null = state(calls, T + deadlineRound * MIN);
			const left = new Map<string, number>();
			for (const [r, fates] of rounds.entries()) {
				if (!current) break;
				const records = new Map<string, CallRecord>();
				const failed = new Map<string, Error>();
				calls.forEach((c, n) => {
					if (fates[n] === 'open') records.set(c.call_id, read(n, 'ongoing'));
					if (fates[n] === 'ended') records.set(c.call_id, read(n, 'completed'));
					if (fates[n] === 'failed') failed.set(c.call_id, new Error('failed'));
				});
				const before: OpenCall[] = current.pending;
				const { settled, next } = settleRound(current, records, failed, T + r * MIN);
				for (const s of settled) {
					expect(left.has(s.call.call_id)).toBe(false);
					left.set(s.call.call_id, r);
					expect(s.call).toBe(calls[Number(s.call.call_id.slice(-12))]);
					expect(s.timed_out).toBe(r < deadlineRound ? false : s.record?.status !== 'completed');
				}
				// Every call of the round either left or stays, by reference, never both.
				expect(
					[...settled.map((s) => s.call), ...(next?.pending ?? [])].sort((a, b) =>
						a.call_id.localeCompare(b.call_id),
					),
				).toEqual([...before].sort((a, b) => a.call_id.localeCompare(b.call_id)));
				for (const c of next?.pending ?? []) expect(c).toBe(calls[Number(c.call_id.slice(-12))]);
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
	const DEADLINE = T + 60 * MIN;

	test("Start's items: one state, each item its own row by reference, until the deadline", () => {
		const items = [
			started(1),
			started(2, { assistant: null, agent_id: 'agent-2', created_at: null }),
		];
		const { state, problems } = pendingFromItems(items, DEADLINE);
		expect(problems).toEqual([]);
		expect(state).toEqual({
			pending: [
				{
					call_id: id(1),
					agent_id: 'agent-1',
					created_at: '2026-11-29T12:00:00.000Z',
					row: items[0],
				},
				{ call_id: id(2), agent_id: 'agent-2', created_at: null, row: items[1] },
			],
			deadline: new Date(DEADLINE).toISOString(),
			rounds: 0,
		});
		expect(state?.pending[0].row).toBe(items[0]);
	});

	test('an item without a call or an assistant is named, by index and field; the others still wait', () => {
		const { state, problems } = pendingFromItems(
			[{ name: 'Ada' }, started(2), started(3, { assistant: {} })],
			DEADLINE,
		);
		expect(problems).toEqual([
			{ index: 0, field: 'call_id', message: 'has no call ID: connect the output of Start' },
			{ index: 2, field: 'assistant.id', message: `has no assistant ID for call ${id(3)}` },
		]);
		expect(state?.pending.map((c) => c.call_id)).toEqual([id(2)]);
	});

	test("an earlier round's state with new calls: one state, each call once, the latest deadline", () => {
		const earlier = {
			pending: [open(1), open(2)],
			deadline: new Date(T + 90 * MIN).toISOString(),
			rounds: 4,
		};
		const items = [earlier, started(2), started(3)];
		const { state, problems, from } = pendingFromItems(items, DEADLINE);
		expect(problems).toEqual([]);
		expect(state?.pending.map((c) => c.call_id)).toEqual([id(1), id(2), id(3)]);
		// Each call is paired with the first item that carried it.
		expect([...from]).toEqual([
			[id(1), 0],
			[id(2), 0],
			[id(3), 2],
		]);
		expect(state?.pending[0]).toBe(earlier.pending[0]);
		expect(state?.deadline).toBe(earlier.deadline);
		expect(state?.rounds).toBe(4);
		// A later deadline of new calls holds too.
		expect(pendingFromItems(items, T + 120 * MIN).state?.deadline).toBe(
			new Date(T + 120 * MIN).toISOString(),
		);
	});

	test('a state changed on its way back is refused, naming what', () => {
		expect(pendingFromItems([{ pending: [open(1)], deadline: 'soon' }], DEADLINE).problems).toEqual(
			[
				{
					index: 0,
					field: 'deadline',
					message: 'is not a date: pass the Pending output on unchanged',
				},
			],
		);
		const broken = { pending: [open(1), { call_id: id(2) }], deadline: new Date(T).toISOString() };
		expect(pendingFromItems([broken], DEADLINE)).toEqual({
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
		expect(pendingFromItems([], DEADLINE)).toEqual({
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
		const { state, problems, passed } = pendingFromItems(items, DEADLINE);
		expect(passed).toEqual([0, 2, 3]);
		expect(problems.map((p) => p.index)).toEqual([4]);
		expect(state?.pending.map((c) => c.call_id)).toEqual([id(2)]);
	});
});
