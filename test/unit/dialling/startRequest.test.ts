/** Where a start request goes: the contract's path, or v2 for what only v2 takes. */
import { START_PATH, START_PATH_V2, startPath } from '../../../nodes/shared/dialling/startRequest';

test('v2 only for a number pool or a voice override; the contract path otherwise', () => {
	expect(startPath({ from_number: '+14155550100' })).toBe(START_PATH);
	expect(startPath({ from_number_id: 'x' })).toBe(START_PATH);
	expect(startPath({ number_pool_id: 'p' })).toBe(START_PATH_V2);
	expect(startPath({ from_number: '+14155550100', voice_id: 'v' })).toBe(START_PATH_V2);
	expect([START_PATH, START_PATH_V2]).toEqual([
		'/calling/outbound/individual',
		'/calling/v2/outbound/individual',
	]);
});
