/** @jest-environment ./test/helpers/zoneEnvironment.js */
/**
 * Duplicate Protection in the zones n8n may run in: an earlier attempt's calls are matched to
 * the rows oldest first, by their created_at read as the service means it (UTC without an
 * offset), whatever the process's TZ.
 */
import { matchEarlierCalls } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/rerun';
import { TEST_ZONES, useTimeZone } from '../../../../helpers/timeZone';

describe.each(TEST_ZONES)('with the process in %s', (zone) => {
	useTimeZone(zone);

	test('two calls to one number: the older one, written with an offset, goes to the first row', () => {
		const older = { id: 'a', to_number: '+14155551000', created_at: '2026-11-25T12:00:00+00:00' };
		const newer = { id: 'b', to_number: '+14155551000', created_at: '2026-11-25T12:30:00' };
		const rows = [0, 1].map((index) => ({ index, body: { mobile_number: '+14155551000' } }));
		expect(matchEarlierCalls(rows, [newer, older], 1)).toEqual(
			new Map([
				[0, older],
				[1, newer],
			]),
		);
	});
});
