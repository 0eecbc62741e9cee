import { isTerminalStatus, TERMINAL_STATUSES } from '../../../nodes/shared/calls/statuses';

test('statuses: the five terminal ones end a call, in any case; unknown ones do not', () => {
	expect(TERMINAL_STATUSES).toEqual(['completed', 'failed', 'error', 'cancelled', 'forwarded']);
	for (const s of ['completed', 'FAILED', ' error ', 'Cancelled', 'forwarded'])
		expect(isTerminalStatus(s)).toBe(true);
	for (const s of ['registered', 'ongoing', 'retry', 'transferred', '', null, undefined, 1]) {
		expect(isTerminalStatus(s)).toBe(false);
	}
});
