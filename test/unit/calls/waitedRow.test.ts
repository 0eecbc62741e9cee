/** The output of a row that waited: the record as last read, and how the wait went. */
import type { CallRecord } from '../../../nodes/shared/calls/record';
import { isTerminal, waitOutput } from '../../../nodes/shared/calls/waitedRow';
import { CALL } from '../../helpers/fixtures';
import { record } from '../../helpers/record';

const asRecord = (fields: Record<string, unknown>) => record(fields) as unknown as CallRecord;

test('a call has ended when its status is a terminal one', () => {
	expect(isTerminal(asRecord({ status: 'completed' }))).toBe(true);
	expect(isTerminal(asRecord({ status: 'ongoing' }))).toBe(false);
	expect(isTerminal(asRecord({}))).toBe(false);
});

test('the record, the call ID it was started as, timed_out and whole seconds waited', () => {
	const read = asRecord({ call_id: null, status: 'ongoing', custom_variables: null });
	expect(waitOutput(read, CALL, true, 61_600, { name: 'Ada' })).toEqual({
		...record({ status: 'ongoing' }),
		call_id: CALL,
		custom_variables: { name: 'Ada' },
		timed_out: true,
		waited_seconds: 62,
	});
});

test('variables the read carries win over those sent; a negative wait is 0 seconds', () => {
	const read = asRecord({ call_id: CALL, status: 'completed', custom_variables: { name: 'Bo' } });
	expect(waitOutput(read, 'other', false, -5, { name: 'Ada' })).toMatchObject({
		call_id: CALL,
		custom_variables: { name: 'Bo' },
		timed_out: false,
		waited_seconds: 0,
	});
	expect(waitOutput(asRecord({}), CALL, false, 0).custom_variables).toBeNull();
});
