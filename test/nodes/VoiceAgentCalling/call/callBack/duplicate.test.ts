/**
 * Duplicate Protection's reading of the history (duplicate.ts): the moments the service
 * writes, numbers however it writes them, the source's own time, and the calls to the callee
 * up to the source (where no parent_call_id tells). The count was moved from source.test.ts.
 */
import fc from 'fast-check';

import {
	callsUpToSource,
	cleanNumber,
	distinct,
	momentOf,
	sourceMs,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/duplicate';

const ID = 'a0000000-0000-4000-8000-000000000001';
const q = {
	sourceId: ID,
	agentIds: [],
	numbers: ['+14155550100'],
	fromMs: Date.parse('2030-01-01T00:00:00Z'),
	untilMs: Date.parse('2030-01-02T00:00:00Z'),
};

test("Duplicate Protection counts the history's calls to the number however the history writes it", () => {
	const rows = [
		{ id: 'a', to_number: '14155550100', created_at: '2030-01-01T10:00:00Z' },
		{ id: 'b', to_number: '+1 (415) 555-0100', created_at: '2030-01-01T11:00:00Z' },
		{ id: 'c', to_number: '+14155550101', created_at: '2030-01-01T11:30:00Z' },
		{ id: ID, to_number: '+14155550100', created_at: '2030-01-01T12:00:00Z' },
	];
	expect(callsUpToSource(rows, q, Date.parse('2030-01-01T12:00:00Z'))).toBe(3);
});

test.each([
	['2030-01-01T12:00:00+02:00', { ms: Date.parse('2030-01-01T10:00:00Z'), exact: true }],
	['2030-01-01T12:00:00Z', { ms: Date.parse('2030-01-01T12:00:00Z'), exact: true }],
	// No offset: read as UTC, and not exact (the search widens by the zone it may be in).
	['2030-01-01T12:00:00', { ms: Date.parse('2030-01-01T12:00:00Z'), exact: false }],
	['yesterday', undefined],
	[null, undefined],
])('momentOf(%j)', (value, moment) => {
	expect(momentOf(value)).toEqual(moment);
});

test.each([
	['+1 415-555-0123', '+14155550123'],
	['14155550100', '+14155550100'],
	[14155550100, '+14155550100'],
	[null, ''],
	[{ n: 1 }, ''],
])('cleanNumber(%j) is %j', (value, number) => {
	expect(cleanNumber(value)).toBe(number);
});

test('distinct: any values, the non-empty text once each, in the order first seen', () => {
	fc.assert(
		fc.property(
			fc.array(
				fc.oneof(fc.constantFrom<string | null | undefined>('a', 'b', 'c', '', null, undefined)),
			),
			(values) => {
				const out = distinct(values);
				expect(out).toEqual(values.filter((v, k) => !!v && values.indexOf(v) === k));
			},
		),
		{ seed: 20260101 },
	);
});

test("the source's time: its own row's, else the time told; NaN when neither tells", () => {
	const told = Date.parse('2030-01-01T09:00:00Z');
	const own = {
		id: ID.toUpperCase(),
		to_number: '+14155550100',
		created_at: '2030-01-01T12:00:00Z',
	};
	const other = { id: 'b', to_number: '+14155550100', created_at: '2030-01-01T11:00:00Z' };
	expect(sourceMs([other, own], q, told)).toBe(Date.parse('2030-01-01T12:00:00Z'));
	expect(sourceMs([other], q, told)).toBe(told);
	expect(sourceMs([{ ...own, created_at: null }], q, told)).toBe(told);
	expect(sourceMs([], q, Number.NaN)).toBeNaN();
});
