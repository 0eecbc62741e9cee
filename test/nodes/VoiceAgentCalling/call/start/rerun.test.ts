import type { IDataObject } from 'n8n-workflow';

import {
	matchEarlierCalls,
	type GuardRow,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/rerun';

const row = (index: number, mobile_number: string, name?: string): GuardRow => ({
	index,
	body: { mobile_number, ...(name === undefined ? {} : { name }), agent_id: 'a' },
});
const call = (id: string, to_number: string, name: string, created_at: string): IDataObject => ({
	id,
	to_number,
	name,
	created_at,
});

const T = (s: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, s)).toISOString();

test('rows an earlier attempt dialled are matched by number (digits only) and name (case-insensitive)', () => {
	const rows = [
		row(0, '+14155551000', 'Ada'),
		row(1, '+14155551001', 'Ben'),
		row(2, '+14155551002', 'Cy'),
	];
	const history = [
		call('c0', '+1 415 555 1000', 'ada', T(1)),
		call('c1', '14155551001', 'BEN', T(2)),
	];
	expect([...matchEarlierCalls(rows, history, 10)]).toEqual([
		[0, history[0]],
		[1, history[1]],
	]);
});

test('a different name on the same number is another call, not this row', () => {
	const history = [call('c0', '+14155551000', 'Someone else', T(1))];
	expect(matchEarlierCalls([row(0, '+14155551000', 'Ada')], history, 10).size).toBe(0);
});

test('a row without a name matches on the number alone', () => {
	const history = [call('c0', '+14155551000', 'Whoever', T(1))];
	expect(matchEarlierCalls([row(0, '+14155551000')], history, 10).get(0)).toBe(history[0]);
});

test('no evidence (none of the first `concurrency` rows was called): nothing matches, whatever else was called', () => {
	const rows = Array.from({ length: 8 }, (_, n) => row(n, `+1415555100${n}`, `R${n}`));
	const history = [call('c5', '+14155551005', 'R5', T(1)), call('c7', '+14155551007', 'R7', T(2))];
	expect(matchEarlierCalls(rows, history, 4).size).toBe(0);
	// With row 3 (one of the first four) called too, the batch is a re-run: 3, 5 and 7 match.
	const rerun = [...history, call('c3', '+14155551003', 'R3', T(3))];
	expect([...matchEarlierCalls(rows, rerun, 4).keys()].sort()).toEqual([3, 5, 7]);
});

test('each earlier call accounts for one row only (oldest first); a number twice in the batch dials the second', () => {
	const rows = [row(0, '+14155551000', 'Ada'), row(1, '+14155551000', 'Ada')];
	const once = [call('c0', '+14155551000', 'Ada', T(5))];
	expect([...matchEarlierCalls(rows, once, 10)]).toEqual([[0, once[0]]]);
	const twice = [
		call('late', '+14155551000', 'Ada', T(9)),
		call('early', '+14155551000', 'Ada', T(1)),
	];
	expect([...matchEarlierCalls(rows, twice, 10)].map(([i, c]) => [i, c.id])).toEqual([
		[0, 'early'],
		[1, 'late'],
	]);
});

test('an empty history or an empty batch matches nothing', () => {
	expect(matchEarlierCalls([row(0, '+14155551000', 'Ada')], [], 10).size).toBe(0);
	expect(matchEarlierCalls([], [call('c', '+14155551000', 'Ada', T(1))], 10).size).toBe(0);
});

test('the call a row is about (a follow-up of a completed call) is never taken for an earlier attempt', () => {
	const history = [call('c0', '+14155551000', 'Ada', T(1))];
	const followUp: GuardRow = { ...row(0, '+14155551000', 'Ada'), about: ['c0'] };
	expect(matchEarlierCalls([followUp], history, 10).size).toBe(0);
	// Its follow-up call, made by an attempt that died, is still found.
	const withEarlier = [...history, call('f0', '+14155551000', 'Ada', T(30))];
	expect(matchEarlierCalls([followUp], withEarlier, 10).get(0)?.id).toBe('f0');
});
