/**
 * The calls the follow-up workflow received only in executions n8n marked crashed: what the
 * soak's judge counts as lost with them (bench/soak/n8nMeasure.js).
 */
export {}; // a module: its names are its own (the soak is plain JS, required)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { crashedOnly } = require('../../../bench/soak/n8nMeasure');

test('a call in a crashed execution only is lost with it; one also received by another execution is not', () => {
	expect(
		crashedOnly([
			{ executionId: '1', status: 'success', callIds: ['a', 'b'] },
			{ executionId: '2', status: 'crashed', callIds: ['c', 'd'] },
			{ executionId: '3', status: 'error', callIds: ['d'] },
			{ executionId: '4', status: 'crashed', callIds: ['b', 'e'] },
		]),
	).toEqual([
		{ call_id: 'c', execution: '2' },
		{ call_id: 'e', execution: '4' },
	]);
	expect(crashedOnly([{ executionId: '1', status: 'success', callIds: ['a'] }])).toEqual([]);
});
