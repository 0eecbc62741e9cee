/**
 * The soak's ledger: when the service shows that a call ended, on a bad week whose rows or
 * final statuses show up late (sandbox/lib/week/late.js): what the judge owes from.
 */
export {};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { showsAt } = require('../../../bench/soak/ledger');

const H = 3_600_000;

test('nothing late: undefined (owed from its end)', () => {
	expect(showsAt({ created_at: 0 }, 5 * H)).toBeUndefined();
	expect(showsAt({ created_at: 0, week: { late: null } }, 5 * H)).toBeUndefined();
});

test('a row shown late: from when the row shows, or the end when that is later', () => {
	const late = (delay: number) => ({
		created_at: H,
		week: { late: { mode: 'row', delay_ms: delay } },
	});
	expect(showsAt(late(2 * H), 2 * H)).toBe(3 * H);
	expect(showsAt(late(H / 2), 2 * H)).toBe(2 * H);
});

test('a final status shown late: from its end plus the delay', () => {
	const call = { created_at: 0, week: { late: { mode: 'status', delay_ms: H } } };
	expect(showsAt(call, 5 * H)).toBe(6 * H);
});
