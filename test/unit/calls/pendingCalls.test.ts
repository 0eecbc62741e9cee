/** One round of a durable wait for many calls: each call leaves once, the rest stay, by reference. */
import fc from 'fast-check';

import {
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
