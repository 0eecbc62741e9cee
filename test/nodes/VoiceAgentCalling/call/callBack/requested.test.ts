/**
 * Call Back's At the Requested Call-Back Time and the record's callback_at read one time one
 * way (shared/calls/requestedTime.ts): where the record has a callback_at, Call Back given that
 * record sends the call at that moment, whatever the callee's number and Time Zone When Unknown
 * add; where the record has none, Call Back either refuses or says it assumed the zone. The node
 * tests (callBack.test.ts) cover the requests and the output.
 */
import fc from 'fast-check';

import { readRequested } from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/requested';
import { sourceFrom } from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/source';
import { laterCall } from '../../../../../nodes/shared/dialling/laterCall';
import { asJson, recordFromDetails } from '../../../../../nodes/shared/calls/record';
import { zoneClock } from '../../../../../nodes/shared/engine/dateTime';
import { requestedValue, requestedZone } from '../../../../helpers/requestedTimes';

const ID = 'a0000000-0000-4000-8000-000000000001';
const MINUTE = 60_000;

/** Callees whose number tells a zone (Los Angeles, India, London), or none (Russia). */
const numbers = fc.constantFrom('+14155550123', '+919876543210', '+442079460000', '+79161234567');

/** The call's record as Get, the triggers and Check Calls output it, with its analysis. */
const recordOf = (value: string | null, timezone: unknown, to: string) =>
	recordFromDetails({
		id: ID,
		call_status: 'completed',
		to_number: to,
		platform_analysis: {
			callback_requested: true,
			callback_requested_time: value,
			...(timezone === undefined ? {} : { timezone }),
		},
	});

/** The local time `ms` shows in `zone` reads back to it (not the second pass of a repeated hour). */
function readsBack(ms: number, zone: string): boolean {
	const clock = zoneClock(zone);
	const [date, time] = clock.local(ms).split('T');
	const [year, month, day] = date.split('-').map(Number);
	const [hour, minute, second] = time.split(':').map(Number);
	return clock.instant({ year, month, day, hour, minute, second }) === ms;
}

test("property: the record's callback_at is the moment Call Back, given that record, sends the call at", () => {
	fc.assert(
		fc.property(
			requestedValue,
			requestedZone,
			numbers,
			fc.constantFrom(undefined, 'Europe/Moscow'),
			(value, timezone, to, defaultZone) => {
				const record = recordOf(value, timezone, to);
				const requested = sourceFrom(asJson(record), ID).requested;
				const read = readRequested(requested, { number: to, defaultZone, workflowZone: 'UTC' });
				if (record.callback_at === null) {
					// Nothing the call fixes: Call Back refuses, or says the zone was assumed.
					expect(!read.ok || read.zoneAssumed).toBe(true);
					return;
				}
				const moment = Date.parse(record.callback_at);
				expect(read).toMatchObject({ ok: true, fromMs: moment, zoneAssumed: false });
				if (!read.ok) return;
				// Sent an hour before that moment: the call_time's first ring is that moment (to the
				// minute), never earlier.
				const later = laterCall({
					fromMs: read.fromMs,
					zone: read.zone,
					nowMs: moment - 60 * MINUTE,
					window: read.window,
				});
				expect(later).toMatchObject({ now: false, callTime: expect.any(Object) });
				if (later.now) return;
				const minute = Math.ceil(moment / MINUTE) * MINUTE;
				if (readsBack(minute, read.zone)) expect(later.atMs).toBe(minute);
				else expect(later.atMs).toBeGreaterThan(moment);
			},
		),
	);
});

test.each([
	['2026-11-25T18:30:00', '+05:30', '+14155550123', '2026-11-25T18:30:00+05:30'],
	['2026-11-25', 'Asia/Kolkata', '+79161234567', '2026-11-25T09:00:00+05:30'],
	['2026-11-25T18:30:00-05:00', undefined, '+79161234567', '2026-11-25T18:30:00-05:00'],
])(
	'%j in %j to %s: the record says %s, and Call Back reads that moment',
	(value, timezone, to, at) => {
		const record = recordOf(value, timezone, to);
		expect(record.callback_at).toBe(at);
		const requested = sourceFrom(asJson(record), ID).requested;
		const read = readRequested(requested, { number: to, workflowZone: 'UTC' });
		expect(read).toMatchObject({ ok: true, fromMs: Date.parse(at), zoneAssumed: false });
	},
);
