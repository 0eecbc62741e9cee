/** A campaign's times: DD/MM/YYYY, HH:MM in its zone, and the window the service accepts. */
import {
	campaignTime,
	windowProblem,
} from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/schedule';

describe('campaign times', () => {
	test('DD/MM/YYYY, HH:MM in the zone: an end rounded down, a start up (never before it)', () => {
		const at = Date.parse('2027-01-14T23:59:59Z');
		expect(campaignTime(at, 'UTC')).toBe('14/01/2027, 23:59');
		expect(campaignTime(at, 'Asia/Kolkata')).toBe('15/01/2027, 05:29');
		expect(campaignTime(at, 'America/New_York')).toBe('14/01/2027, 18:59');
		expect(campaignTime(at, 'UTC', 'up')).toBe('15/01/2027, 00:00');
		expect(campaignTime(Date.parse('2027-01-15T00:00:00Z'), 'UTC', 'up')).toBe('15/01/2027, 00:00');
	});

	test('the start must be ahead of now, the end a minute after its minute', () => {
		const now = Date.parse('2027-01-15T09:30:20Z');
		expect(windowProblem(now, now + 3600e3, now)?.field).toBe('Start');
		// 09:30:50 is sent as 09:31: ahead of now, never before the Start given.
		expect(windowProblem(Date.parse('2027-01-15T09:30:50Z'), now + 3600e3, now)).toBeUndefined();
		expect(
			windowProblem(Date.parse('2027-01-15T09:30:50Z'), Date.parse('2027-01-15T09:31:59Z'), now)
				?.field,
		).toBe('End');
		expect(
			windowProblem(Date.parse('2027-01-15T09:31:00Z'), Date.parse('2027-01-15T09:31:59Z'), now)
				?.field,
		).toBe('End');
		expect(
			windowProblem(Date.parse('2027-01-15T09:31:00Z'), Date.parse('2027-01-15T09:32:00Z'), now),
		).toBeUndefined();
	});
});
