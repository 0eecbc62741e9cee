/**
 * Call › Start with Scheduled At: the exact call_time sent. The service may ignore
 * scheduled_at (it left its schema) and ring at once, so every scheduled call also carries a
 * window that opens at its moment: the user's window end, else two hours; an explicit offset
 * fixes the moment, also on a fall-back night and in the callee's zone.
 */
import { runNode, expectAllMocksUsed, mockApi } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart } from '../../../../helpers/startParams';

expectAllMocksUsed();

afterEach(() => jest.restoreAllMocks());
const nowIs = (iso: string) => jest.spyOn(Date, 'now').mockReturnValue(Date.parse(iso));

const params = (callConfig: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
	sheetStart({}, { callConfig, ...extra });

const started = {
	status: 'success',
	message: 'Call initiated successfully',
	data: { call_id: '00000000-0000-4000-8000-000000000001', call_status: 'registered' },
};

const body = (phone: string, callTime: Record<string, string>) => ({
	name: 'Ada',
	mobile_number: phone,
	agent_id: AGENT,
	from_number: '+14155550000',
	call_config: { call_time: callTime },
});

const start = (callConfig: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
	runNode({
		type: 'voiceAgentCalling',
		items: [{ json: { name: 'Ada', phone: '+12125550100' } }],
		parameters: params(callConfig, extra),
	});

describe('Call › Start › Scheduled At: the moment a call may first ring, kept by a window', () => {
	test('an explicit offset on the fall-back night is that moment in the callee’s zone, never the local time read again', async () => {
		nowIs('2027-10-30T12:00:00Z');
		// London shows 01:30 twice that night: +01:00 is 00:30Z (20:30 EDT in New York), Z is
		// 01:30Z (21:30 EDT). Read back from London's local 01:30, one of them is an hour off.
		const sent = (hhmm: string) =>
			body('+12125550100', {
				call_start_time: hhmm,
				call_end_time: '23:00',
				timezone: 'America/New_York',
				scheduled_at: `2027-10-30T${hhmm}:00`,
			});
		mockApi()
			.post('/calling/outbound/individual', sent('20:30'))
			.reply(200, started)
			.post('/calling/outbound/individual', sent('21:30'))
			.reply(200, started);
		for (const scheduledAt of ['2027-10-31T01:30:00+01:00', '2027-10-31T01:30:00Z']) {
			const { error } = await start(
				{ callStartTime: '08:00', callEndTime: '23:00', timezone: 'Europe/London', scheduledAt },
				{ calleeTimeZone: true },
			);
			expect(error).toBeUndefined();
		}
	});

	test('in the zone itself: the first 01:30 as given; the second (Z) moves to the end of the repeated hour', async () => {
		nowIs('2027-10-30T12:00:00Z');
		mockApi()
			.post(
				'/calling/outbound/individual',
				body('+12125550100', {
					call_start_time: '01:30',
					call_end_time: '03:30',
					timezone: 'Europe/London',
					scheduled_at: '2027-10-31T01:30:00',
				}),
			)
			.reply(200, started)
			.post(
				'/calling/outbound/individual',
				body('+12125550100', {
					call_start_time: '02:00',
					call_end_time: '04:00',
					timezone: 'Europe/London',
					scheduled_at: '2027-10-31T02:00:00',
				}),
			)
			.reply(200, started);
		for (const scheduledAt of ['2027-10-31T01:30:00+01:00', '2027-10-31T01:30:00Z']) {
			const { error } = await start({ timezone: 'Europe/London', scheduledAt });
			expect(error).toBeUndefined();
		}
	});

	test('no window of the user: one from the scheduled time for two hours, in Time Zone', async () => {
		nowIs('2026-11-25T12:00:00Z');
		mockApi()
			.post(
				'/calling/outbound/individual',
				body('+12125550100', {
					call_start_time: '18:30',
					call_end_time: '20:30',
					timezone: 'America/New_York',
					scheduled_at: '2026-11-25T18:30:00',
				}),
			)
			.reply(200, started);
		const { error } = await start({
			timezone: 'America/New_York',
			scheduledAt: '2026-11-25T18:30:00',
		});
		expect(error).toBeUndefined();
	});

	test('a local time the zone skips is read forward: New York 02:30 on 2027-03-14 is 03:30 EDT', async () => {
		nowIs('2027-03-13T12:00:00Z');
		mockApi()
			.post(
				'/calling/outbound/individual',
				body('+12125550100', {
					call_start_time: '03:30',
					call_end_time: '05:30',
					timezone: 'America/New_York',
					scheduled_at: '2027-03-14T03:30:00',
				}),
			)
			.reply(200, started);
		const { error } = await start({
			timezone: 'America/New_York',
			scheduledAt: '2027-03-14T02:30:00',
		});
		expect(error).toBeUndefined();
	});

	test('outside the user’s window: its next opening; the window’s end kept', async () => {
		// 20:00 is after the 09:00-18:00 window: the next morning at 09:00.
		mockApi()
			.post(
				'/calling/outbound/individual',
				body('+12125550100', {
					call_start_time: '09:00',
					call_end_time: '18:00',
					timezone: 'UTC',
					scheduled_at: '2026-11-26T09:00:00',
				}),
			)
			.reply(200, started);
		nowIs('2026-11-25T19:00:00Z');
		const { error } = await start({
			callStartTime: '09:00',
			callEndTime: '18:00',
			timezone: 'UTC',
			scheduledAt: '2026-11-25T20:00:00',
		});
		expect(error).toBeUndefined();
	});

	test('today’s opening of the same window still open: it closes at now, so a service ignoring scheduled_at cannot ring today', async () => {
		nowIs('2026-11-25T14:00:00Z');
		mockApi()
			.post(
				'/calling/outbound/individual',
				body('+12125550100', {
					call_start_time: '09:00',
					call_end_time: '14:00',
					timezone: 'UTC',
					scheduled_at: '2026-11-26T09:00:00',
				}),
			)
			.reply(200, started);
		const { error } = await start({
			callStartTime: '09:00',
			callEndTime: '18:00',
			timezone: 'UTC',
			scheduledAt: '2026-11-26T09:00:00',
		});
		expect(error).toBeUndefined();
	});

	test('a day or more ahead: refused before anything is sent, saying why', async () => {
		nowIs('2026-11-25T12:00:00Z');
		const { error } = await start({ timezone: 'UTC', scheduledAt: '2026-11-27T09:00:00' });
		expect(error?.message).toBe(
			'Call Settings › Scheduled At: 2026-11-27T09:00:00 (UTC) is a day or more away: the service may ignore scheduled_at, and the call window would then open a day early. It can be sent from 2026-11-26T11:00:00 (UTC) on (e.g. after a Wait node) [item 0]',
		);
	});
});
