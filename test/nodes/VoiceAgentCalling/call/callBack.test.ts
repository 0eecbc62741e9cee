/**
 * Call › Call Back: the same call placed again with parent_call_id, now or later; each
 * override; Duplicate Protection (a call already placed back: skipped, saying which, not placed again);
 * Retry On Fail never places it twice; Max Attempts ends a chain; unknown variables are asked
 * for. Every request is logged in order and every body compared whole.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import {
	callBackApi,
	callBackBody,
	callBackParams,
	found,
	MAX_ATTEMPTS_SKIP,
	strictNock,
} from '../../../helpers/callBack';
import { jsonOf, runNode } from '../../../helpers/harness';
import { AGENT, CALL } from '../../../helpers/fixtures';
import { record } from '../../../helpers/record';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const NEW_CALL = '11111111-2222-4333-8444-555555555555';
const P1 = 'a0000000-0000-4000-8000-000000000001';
const P2 = 'a0000000-0000-4000-8000-000000000002';
const OTHER_AGENT = 'b2b2b2b2-0000-4000-8000-000000000002';
const VERSION = 'c3c3c3c3-0000-4000-8000-000000000003';
const TO = '+14155550123';
const FROM = '+14155550100';

/** A call's details as GET /calling/call-details serves them (no parent key unless given). */
const detailsOf = (id: string, extra: IDataObject = {}): IDataObject => ({
	id,
	call_direction: 'outbound',
	call_status: 'completed',
	call_sub_status: 'ACCEPTED',
	from_number: FROM,
	to_number: TO,
	callee_name: 'Ada',
	agent_id: AGENT,
	custom_args_values: { clinic: 'Acme' },
	...extra,
});

/** Call › Start's output for CALL: a record without parent_call_id or attempt. */
const started = record({
	call_id: CALL,
	status: 'registered',
	direction: 'outbound',
	assistant: { id: AGENT },
	from_number: FROM,
	to_number: TO,
	callee_name: 'Ada',
	custom_variables: { clinic: 'Acme' },
	raw: { call_id: CALL },
});

interface Service {
	details?: Record<string, IDataObject>;
	rows?: IDataObject[];
	prompt?: string;
	postStatus?: number;
}

/** The service: every request in order, and the bodies of the starts. */
function service({
	details = {},
	rows = [],
	prompt = 'Hi @{{callee_name}} from @{{clinic}}',
	postStatus = 200,
}: Service) {
	const { log, bodies, scope, onDetails, onHistory } = callBackApi();
	onDetails((id) => {
		log.push(`details ${id}`);
		return found(details[id]);
	});
	onHistory((qs) => {
		log.push(`history ${JSON.stringify(qs)}`);
		const offset = Number(qs.offset);
		const page = offset === 0 ? rows : [];
		return [200, { calls: page, limit: 100, offset, count: page.length, total: rows.length }];
	});
	scope.get(/^\/ca\/api\/v0\/agent\/[^/]+$/).reply((uri) => {
		const id = uri.split('/').pop() as string;
		log.push(`agent ${id}`);
		return [200, { agents: { id, agent_config: { agent_prompt: prompt, intro_message: '' } } }];
	});
	scope.post('/calling/outbound/individual').reply((_uri, body) => {
		log.push('start');
		bodies.push(body as IDataObject);
		if (postStatus !== 200) return [postStatus, { detail: 'upstream failed' }];
		return [
			200,
			{
				status: 'success',
				message: 'Call initiated successfully',
				data: {
					call_id: NEW_CALL,
					call_status: 'registered',
					initiated_at: '2026-11-25T12:00:01',
					agent_id: AGENT,
				},
			},
		];
	});
	return { log, bodies };
}

/** The history query of Duplicate Protection: the assistant, 7 days back, a minute ahead. */
const historyQuery = (agent = AGENT) =>
	`history ${JSON.stringify({
		agent_id: agent,
		start_date: '2026-11-18T12:00:00.000Z',
		end_date: '2026-11-25T12:01:00.000Z',
		limit: '100',
		offset: '0',
	})}`;

const body = (extra: IDataObject = {}): IDataObject =>
	callBackBody(TO, FROM, { custom_args_values: { clinic: 'Acme' }, ...extra });

/** The new call's record as Call Back outputs it (its variables the original call's). */
const placed = (sent: IDataObject, attempt = 2) => ({
	...record({
		call_id: NEW_CALL,
		status: 'registered',
		direction: 'outbound',
		assistant: { id: AGENT, version_id: (sent.version_id as string) ?? null },
		from_number: sent.from_number,
		to_number: sent.mobile_number,
		callee_name: sent.name || null,
		created_at: '2026-11-25T12:00:01',
		custom_variables: sent.custom_args_values ?? null,
		raw: {
			call_id: NEW_CALL,
			call_status: 'registered',
			initiated_at: '2026-11-25T12:00:01',
			agent_id: AGENT,
			message: 'Call initiated successfully',
		},
	}),
	parent_call_id: CALL,
	attempt,
	already_called_back: false,
	variables_from: sent.custom_args_values ? 'original_call' : 'none',
});

/** An empty item names no call: the Call ID is given. */
const run = (
	parameters: IDataObject,
	items: Array<Record<string, unknown>> = [started],
	extra: IDataObject = {},
) =>
	runNode({
		type: 'voiceAgentCalling',
		parameters: callBackParams({
			...(items[0] && Object.keys(items[0]).length ? {} : { callId: CALL }),
			...parameters,
		}),
		// A fresh copy each run: the send-once ledger is keyed by the item's object, per execution.
		items: items.map((json) => ({ json: structuredClone(json) as IDataObject })),
		...extra,
	});

strictNock(NOW);

describe('Call › Call Back › When: At the Next Opening of a Daily Window', () => {
	const details = { [CALL]: detailsOf(CALL, { parent_call_id: null }) };
	const windowAt = async (nowIso: string, window: IDataObject) => {
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse(nowIso));
		// A fresh service per run: an earlier run's persisted replies would answer first.
		nock.cleanAll();
		const { bodies, log } = service({ details });
		const { output, error } = await run({ when: 'nextWindow', ...window });
		return { bodies, log, output, error };
	};
	const nine = { windowStart: '09:00', windowEnd: '18:00' };
	// The window is sent with the scheduled time: a service that ignores scheduled_at (it left
	// the schema) still rings only inside it.
	const at = (timezone: string, scheduledAt: string) =>
		body({
			call_config: {
				call_time: {
					call_start_time: '09:00',
					call_end_time: '18:00',
					timezone,
					scheduled_at: scheduledAt,
				},
			},
		});

	test('before the window: today at its start, in the window zone', async () => {
		// 12:00Z is 07:00 in New York (EST).
		const r = await windowAt('2026-11-25T12:00:00Z', {
			...nine,
			windowTimeZone: 'America/New_York',
		});
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([at('America/New_York', '2026-11-25T09:00:00')]);
		expect(jsonOf(r.output)).toEqual([placed(r.bodies[0])]);
	});

	test('a Window Time Zone typed in another case is sent as the tz database spells it', async () => {
		const r = await windowAt('2026-11-25T12:00:00Z', {
			...nine,
			windowTimeZone: 'america/new_york',
		});
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([at('America/New_York', '2026-11-25T09:00:00')]);
	});

	test('inside the window: called now, with the window and no scheduled time', async () => {
		// 12:00Z is 13:00 in Berlin.
		const r = await windowAt('2026-11-25T12:00:00Z', { ...nine, windowTimeZone: 'Europe/Berlin' });
		expect(r.error).toBeUndefined();
		// A retry of the call, or a call the service queues, rings only inside it too.
		const window = { call_start_time: '09:00', call_end_time: '18:00', timezone: 'Europe/Berlin' };
		expect(r.bodies).toEqual([body({ call_config: { call_time: window } })]);
	});

	test('any time of day, inside the window or not: the window goes with the call, a scheduled time only outside it', async () => {
		const hhmm = (minutes: number) =>
			`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
		// Zones without daylight saving: the day's wall clock is the offset's, read by hand.
		const OFFSET_MIN: Record<string, number> = { UTC: 0, 'Asia/Kolkata': 330, 'Asia/Tokyo': 540 };
		const arb = fc
			.record({
				zone: fc.constantFrom(...Object.keys(OFFSET_MIN)),
				// start < end, whole minutes of a day.
				bounds: fc
					.uniqueArray(fc.integer({ min: 0, max: 1439 }), { minLength: 2, maxLength: 2 })
					.map((b) => b.sort((x, y) => x - y)),
				nowMinute: fc.integer({ min: 0, max: 1439 }),
				second: fc.integer({ min: 0, max: 59 }),
			})
			.chain((c) =>
				fc.oneof(
					fc.constant(c),
					// Now at the window's edges: its start, its last minute, its end.
					fc
						.constantFrom(c.bounds[0], c.bounds[1] - 1, c.bounds[1])
						.map((nowMinute) => ({ ...c, nowMinute })),
				),
			);
		await fc.assert(
			fc.asyncProperty(arb, async ({ zone, bounds: [start, end], nowMinute, second }) => {
				// 2026-11-25 at nowMinute:second on the zone's wall clock.
				const nowMs =
					Date.UTC(2026, 10, 25) + (nowMinute - OFFSET_MIN[zone]) * 60_000 + second * 1000;
				const window = { call_start_time: hhmm(start), call_end_time: hhmm(end), timezone: zone };
				const r = await windowAt(new Date(nowMs).toISOString(), {
					windowStart: hhmm(start),
					windowEnd: hhmm(end),
					windowTimeZone: zone,
				});
				expect(r.error).toBeUndefined();
				// Before the opening (a part minute before it counts as the opening): today's; after the
				// close: tomorrow's; inside: now, the window alone.
				const callTime =
					nowMinute >= start && nowMinute < end
						? window
						: {
								...window,
								scheduled_at: `2026-11-${nowMinute < start ? 25 : 26}T${hhmm(start)}:00`,
							};
				expect(r.bodies).toEqual([body({ call_config: { call_time: callTime } })]);
			}),
			{ numRuns: 60 },
		);
	});

	test('after the window: tomorrow at its start, over a month end', async () => {
		// 13:00Z is 18:30 in Kolkata, on the last day of November.
		const r = await windowAt('2026-11-30T13:00:00Z', { ...nine, windowTimeZone: 'Asia/Kolkata' });
		expect(r.bodies).toEqual([at('Asia/Kolkata', '2026-12-01T09:00:00')]);
	});

	test('a DST day in New York: the zone decides, not a fixed offset', async () => {
		// 2026-03-08 springs forward at 02:00: 13:30Z is 09:30 EDT (inside), 08:30 at EST.
		const inside = await windowAt('2026-03-08T13:30:00Z', {
			...nine,
			windowTimeZone: 'America/New_York',
		});
		const window = {
			call_start_time: '09:00',
			call_end_time: '18:00',
			timezone: 'America/New_York',
		};
		expect(inside.bodies).toEqual([body({ call_config: { call_time: window } })]);
		// 06:30Z on the 8th is 01:30 EST: before the window, which opens at 09:00 EDT that day.
		const before = await windowAt('2026-03-08T06:30:00Z', {
			...nine,
			windowTimeZone: 'America/New_York',
		});
		expect(before.bodies).toEqual([at('America/New_York', '2026-03-08T09:00:00')]);
	});

	test('a missing or wrong window: an error naming the field, nothing sent', async () => {
		const missing = await windowAt('2026-11-25T12:00:00Z', {
			...nine,
			windowTimeZone: '={{ "" }}',
		});
		expect(missing.error?.message).toBe('Window Time Zone: is required [item 0]');
		expect(missing.log).toEqual([]);
		const zone = await windowAt('2026-11-25T12:00:00Z', { ...nine, windowTimeZone: 'Mars/Base' });
		expect(zone.error?.message).toBe(
			'Window Time Zone: "Mars/Base" is not an IANA time zone, e.g. Asia/Kolkata [item 0]',
		);
		const order = await windowAt('2026-11-25T12:00:00Z', {
			windowStart: '18:00',
			windowEnd: '09:00',
			windowTimeZone: 'UTC',
		});
		expect(order.error?.message).toBe(
			'Window End: 09:00 is not after Window Start (18:00) [item 0]',
		);
		expect(order.log).toEqual([]);
	});
});

describe('Call › Call Back › When', () => {
	test('Now: the call from the item placed again with parent_call_id', async () => {
		const { log, bodies } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) },
		});
		const { output, error } = await run({ when: 'now' });
		expect(error).toBeUndefined();
		// The item lacks its place in a chain: the details tell it (no parent).
		expect(log).toEqual([`details ${CALL}`, historyQuery(), `agent ${AGENT}`, 'start']);
		expect(bodies).toEqual([body()]);
		expect(jsonOf(output)).toEqual([placed(body())]);
	});

	const analysed = (callbackAt: string | null) =>
		detailsOf(CALL, {
			parent_call_id: null,
			platform_analysis: {
				callback_requested: callbackAt !== null,
				callback_requested_time: callbackAt,
				timezone: 'Asia/Kolkata',
			},
		});

	test("At the Requested Call-Back Time: in the analysis' zone, a window from that time, what was read in the output", async () => {
		const { bodies } = service({ details: { [CALL]: analysed('2026-11-26T09:00:00') } });
		const { output, error } = await run({ when: 'callbackAt' }, [{}], {
			timezone: 'Europe/Berlin',
		});
		expect(error).toBeUndefined();
		// 09:00 in Kolkata, sent there (not in the workflow's zone), for two hours.
		const sent = body({
			call_config: {
				call_time: {
					call_start_time: '09:00',
					call_end_time: '11:00',
					timezone: 'Asia/Kolkata',
					scheduled_at: '2026-11-26T09:00:00',
				},
			},
		});
		expect(bodies).toEqual([sent]);
		expect(jsonOf(output)).toEqual([
			{
				...placed(sent),
				requested_time: {
					value: '2026-11-26T09:00:00',
					read_as: '2026-11-26T09:00:00+05:30',
					timezone: 'Asia/Kolkata',
					zone_from: 'analysis',
					zone_assumed: false,
				},
			},
		]);
	});

	test('a call-back asked for 18:30 New York: a window from 18:30 in New York, never a bare scheduled_at in UTC', async () => {
		const { bodies } = service({
			details: {
				[CALL]: detailsOf(CALL, {
					parent_call_id: null,
					platform_analysis: {
						callback_requested: true,
						callback_requested_time: '2026-11-25T18:30:00',
						timezone: 'America/New_York',
					},
				}),
			},
		});
		const { error } = await run({ when: 'callbackAt' }, [{}]);
		expect(error).toBeUndefined();
		expect(bodies).toEqual([
			body({
				call_config: {
					call_time: {
						call_start_time: '18:30',
						call_end_time: '20:30',
						timezone: 'America/New_York',
						scheduled_at: '2026-11-25T18:30:00',
					},
				},
			}),
		]);
	});

	test('At the Requested Call-Back Time already past: called now, without scheduled_at', async () => {
		const { bodies } = service({ details: { [CALL]: analysed('2026-11-25T10:00:00') } });
		const { error } = await run({ when: 'callbackAt' }, [{}]);
		expect(error).toBeUndefined();
		expect(bodies).toEqual([body()]);
	});

	test('At the Requested Call-Back Time with none asked for: an error naming the field, nothing placed', async () => {
		const { log } = service({ details: { [CALL]: analysed(null) } });
		const { error } = await run({ when: 'callbackAt' }, [{}]);
		expect(error?.message).toBe(
			'When: the callee asked for no call-back (the analysis says callback_requested: false). Choose Now or At a Time You Give [item 0]',
		);
		expect(log).toEqual([`details ${CALL}`]);
	});

	test('At a Time You Give: future scheduled with a window from it, past called now, nonsense and too far refused before any request', async () => {
		const { bodies, log } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) },
		});
		await run({ when: 'at', callAt: '2026-11-26T09:00:00' });
		await run({ when: 'at', callAt: '2026-11-20T15:30:00' });
		expect(bodies).toEqual([
			body({
				call_config: {
					call_time: {
						call_start_time: '09:00',
						call_end_time: '11:00',
						timezone: 'UTC',
						scheduled_at: '2026-11-26T09:00:00',
					},
				},
			}),
			body(),
		]);
		log.length = 0;
		const { error } = await run({ when: 'at', callAt: 'tomorrow-ish' });
		expect(error?.message).toBe('Call At: "tomorrow-ish" is not a date-time [item 0]');
		// No window holds a call back for two days: refused, before any request.
		const far = await run({ when: 'at', callAt: '2026-11-27T15:30:00' });
		expect(far.error?.message).toBe(
			'Call At: 2026-11-27T15:30:00 (UTC) is a day or more away: the service may ignore scheduled_at, and the call window would then open a day early. It can be sent from 2026-11-26T17:30:00 (UTC) on (e.g. after a Wait node) [item 0]',
		);
		expect(log).toEqual([]);
	});
});

describe('Call › Call Back › When: At the Requested Call-Back Time, read with what the call gives', () => {
	/** The details with an analysis of the given keys; none at all with `null`. */
	const withAnalysis = (analysis: IDataObject | null) =>
		detailsOf(CALL, {
			parent_call_id: null,
			...(analysis ? { platform_analysis: analysis } : {}),
		});
	const asked = (time: string, zone?: unknown) => ({
		callback_requested: true,
		callback_requested_time: time,
		...(zone === undefined ? {} : { timezone: zone }),
	});
	const callTime = (start: string, end: string, timezone: string, scheduledAt: string) =>
		body({
			call_config: {
				call_time: {
					call_start_time: start,
					call_end_time: end,
					timezone,
					scheduled_at: scheduledAt,
				},
			},
		});
	const placeBack = async (analysis: IDataObject | null, parameters: IDataObject = {}, to = TO) => {
		nock.cleanAll();
		const details = withAnalysis(analysis);
		details.to_number = to;
		const { bodies, log } = service({ details: { [CALL]: details } });
		const r = await run({ when: 'callbackAt', ...parameters }, [{}]);
		return { ...r, bodies, log, said: jsonOf(r.output)[0]?.requested_time };
	};
	const sentTo = (sent: IDataObject, to: string) => ({ ...sent, mobile_number: to });

	test("a time with an offset and no zone in the analysis: that moment, written in the callee's zone (the number's)", async () => {
		// 18:30-05:00 is 23:30Z: 15:30 in Los Angeles, the zone of area code 415.
		const r = await placeBack(asked('2026-11-25T18:30:00-05:00'));
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([
			callTime('15:30', '17:30', 'America/Los_Angeles', '2026-11-25T15:30:00'),
		]);
		expect(r.said).toEqual({
			value: '2026-11-25T18:30:00-05:00',
			read_as: '2026-11-25T15:30:00-08:00',
			timezone: 'America/Los_Angeles',
			zone_from: 'number',
			zone_assumed: false,
		});
	});

	test("a local time, the analysis' timezone missing: read in the callee's zone from the number, said so", async () => {
		const r = await placeBack(asked('2026-11-25T18:30:00'));
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([
			callTime('18:30', '20:30', 'America/Los_Angeles', '2026-11-25T18:30:00'),
		]);
		expect(r.said).toMatchObject({
			read_as: '2026-11-25T18:30:00-08:00',
			zone_from: 'number',
			zone_assumed: true,
		});
	});

	test("a local time, the analysis' timezone an offset: what the call says comes before the number's zone (the record's callback_at is that moment too)", async () => {
		// 18:30+05:30 is 13:00Z: 05:00 in Los Angeles, the zone of area code 415, which writes it.
		const r = await placeBack(asked('2026-11-25T18:30:00', '+05:30'));
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([
			callTime('05:00', '07:00', 'America/Los_Angeles', '2026-11-25T05:00:00'),
		]);
		expect(r.said).toEqual({
			value: '2026-11-25T18:30:00',
			read_as: '2026-11-25T05:00:00-08:00',
			timezone: 'America/Los_Angeles',
			zone_from: 'number',
			zone_assumed: false,
		});
	});

	test("a local time whose number tells no zone: the analysis' offset fixes the moment (written in the workflow's zone)", async () => {
		const RU = '+79161234567';
		const r = await placeBack(asked('2026-11-25T21:00:00', '+03:00'), {}, RU);
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([
			sentTo(callTime('18:00', '20:00', 'UTC', '2026-11-25T18:00:00'), RU),
		]);
		expect(r.said).toMatchObject({ zone_from: 'workflow', zone_assumed: false });
	});

	test('nothing tells the zone: an error saying exactly what is missing; with Time Zone When Unknown, read there', async () => {
		const RU = '+79161234567';
		const none = await placeBack(asked('2026-11-25T18:30:00'), {}, RU);
		expect(none.error?.message).toBe(
			'When: the requested call-back time "2026-11-25T18:30:00" has no offset, the analysis gives no zone to read it in (its timezone is missing) and neither does the number (the country of +79161234567 (+7) has several time zones): set Time Zone When Unknown [item 0]',
		);
		expect(none.log).toEqual([`details ${CALL}`]);
		const moscow = await placeBack(
			asked('2026-11-25T18:30:00'),
			{ assumedZone: 'Europe/Moscow' },
			RU,
		);
		expect(moscow.error).toBeUndefined();
		expect(moscow.bodies).toEqual([
			sentTo(callTime('18:30', '20:30', 'Europe/Moscow', '2026-11-25T18:30:00'), RU),
		]);
		expect(moscow.said).toMatchObject({
			timezone: 'Europe/Moscow',
			zone_from: 'time_zone_when_unknown',
			zone_assumed: true,
		});
	});

	test('a Time Zone When Unknown typed in another case is sent as the tz database spells it', async () => {
		const RU = '+79161234567';
		const r = await placeBack(asked('2026-11-25T18:30:00'), { assumedZone: 'EUROPE/moscow' }, RU);
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([
			sentTo(callTime('18:30', '20:30', 'Europe/Moscow', '2026-11-25T18:30:00'), RU),
		]);
		expect(r.said).toMatchObject({ timezone: 'Europe/Moscow' });
	});

	test("a day without a time: that day's opening of the 09:00-18:00 window, in the callee's zone", async () => {
		// 12:00Z is 07:00 in New York: today's window has not opened yet.
		const r = await placeBack(asked('2026-11-25', 'America/New_York'));
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([
			callTime('09:00', '18:00', 'America/New_York', '2026-11-25T09:00:00'),
		]);
	});

	test("a day without a time, now inside that day's 09:00-18:00: called now, the window with it", async () => {
		// 17:59 in New York (22:59Z): the call rings now, a retry of it still before 18:00 there.
		jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-25T22:59:00Z'));
		const window = {
			call_start_time: '09:00',
			call_end_time: '18:00',
			timezone: 'America/New_York',
		};
		const today = await placeBack(asked('2026-11-25', 'America/New_York'));
		expect(today.error).toBeUndefined();
		expect(today.bodies).toEqual([body({ call_config: { call_time: window } })]);
		// A day gone by: now, inside today's window, the same.
		const past = await placeBack(asked('2026-11-24', 'America/New_York'));
		expect(past.bodies).toEqual([body({ call_config: { call_time: window } })]);
	});

	test('no analysis, or a time that is no date: the error says which', async () => {
		const none = await placeBack(null);
		expect(none.error?.message).toBe(
			'When: the call has no analysis yet, so no requested call-back time (the service adds it after the call). Choose Now or At a Time You Give, or call back once the analysis is in [item 0]',
		);
		const vague = await placeBack(asked('tomorrow evening', 'Asia/Kolkata'));
		expect(vague.error?.message).toBe(
			'When: the requested call-back time "tomorrow evening" is not a date or an ISO 8601 date-time. Choose Now or At a Time You Give [item 0]',
		);
		const empty = await placeBack({ callback_requested: true, timezone: 'Asia/Kolkata' });
		expect(empty.error?.message).toBe(
			'When: the analysis gives no requested call-back time (callback_requested_time is empty although callback_requested is true). Choose Now or At a Time You Give [item 0]',
		);
	});

	test('a requested time a day or more away: not placed yet, the output says why and from when it can be', async () => {
		const r = await placeBack(asked('2026-11-27T10:00:00', 'Asia/Kolkata'));
		expect(r.error).toBeUndefined();
		expect(r.bodies).toEqual([]);
		expect(jsonOf(r.output)).toEqual([
			{
				skipped: 'too_far_ahead',
				skip_reason:
					'When: 2026-11-27T10:00:00 (Asia/Kolkata) is a day or more away: the service may ignore scheduled_at, and the call window would then open a day early. It can be sent from 2026-11-26T12:00:00 (Asia/Kolkata) on (e.g. after a Wait node)',
				send_from: '2026-11-26T12:00:00+05:30',
				requested_time: {
					value: '2026-11-27T10:00:00',
					read_as: '2026-11-27T10:00:00+05:30',
					timezone: 'Asia/Kolkata',
					zone_from: 'analysis',
					zone_assumed: false,
				},
				mobile_number: TO,
				parent_call_id: CALL,
				attempt: 2,
				already_called_back: false,
			},
		]);
	});

	test('Time Zone When Unknown that is no zone: refused before any request', async () => {
		const r = await placeBack(asked('2026-11-25T18:30:00'), { assumedZone: '+03:00' });
		expect(r.error?.message).toMatch(
			/^Time Zone When Unknown: "\+03:00" is not an IANA time zone name/,
		);
		expect(r.log).toEqual([]);
	});
});

describe('Call › Call Back › Overrides and variables', () => {
	test('every override replaces the original value', async () => {
		const { bodies, log } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) },
			prompt: 'Hello @{{city}}',
		});
		const overrides = {
			assistantId: OTHER_AGENT,
			versionId: VERSION,
			phoneNumber: '+14155550999',
			calleeName: 'Grace',
			fromNumber: '+14155550111',
			variables: '{"city":"Pune","visits":3}',
		};
		const { error } = await run({ when: 'now', overrides });
		expect(error).toBeUndefined();
		// The call-back could have been placed by either assistant: both histories are searched.
		expect(log).toEqual([
			`details ${CALL}`,
			historyQuery(OTHER_AGENT),
			historyQuery(),
			`agent ${OTHER_AGENT}`,
			'start',
		]);
		expect(bodies).toEqual([
			{
				name: 'Grace',
				mobile_number: '+14155550999',
				agent_id: OTHER_AGENT,
				version_id: VERSION,
				from_number: '+14155550111',
				parent_call_id: CALL,
				custom_args_values: { city: 'Pune', visits: '3' },
			},
		]);
	});

	// A Get Many record: history rows carry no variables.
	const fromHistory = record({
		call_id: CALL,
		assistant: { id: AGENT },
		from_number: FROM,
		to_number: TO,
		callee_name: 'Ada',
		raw: { id: CALL },
	});

	test('variables not known and used by the prompt: the Variables override is asked for', async () => {
		const { log } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null, custom_args_values: undefined }) },
		});
		const { error } = await run({ when: 'now' }, [fromHistory]);
		expect(error?.message).toBe(
			"Overrides › Variables: the original call's variables are not known (a history row does not carry them), and it needs @{{clinic}}, which the assistant uses: give it here [item 0]",
		);
		expect(log).toEqual([`details ${CALL}`, historyQuery(), `agent ${AGENT}`]);
	});

	test('variables not known, the prompt uses none beyond the call itself: placed without them', async () => {
		const { bodies } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null, custom_args_values: undefined }) },
			prompt: 'Hi @{{callee_name}}',
		});
		const { error } = await run({ when: 'now' }, [fromHistory]);
		expect(error).toBeUndefined();
		const sent = body();
		delete sent.custom_args_values;
		expect(bodies).toEqual([sent]);
	});

	// The user's sheet, as `$('Contacts').all()` hands it over: n8n items, numbers as typed (a
	// number twice: callBack.rows.test.ts).
	const contacts = [
		{ json: { name: 'Bo', phone: '(415) 555-0199', clinic: 'North', date: 'June 8' } },
		{ json: { name: 'Ada', phone: '415 555 0123', clinic: 'Sunrise', date: 'June 9' } },
		{ json: { name: 'Di', phone: '+1 415 555 0124', clinic: 'Later', date: 'June 10' } },
		{ json: { name: 'Cy', phone: 'n/a', clinic: 'West', date: 'June 11' } },
	];
	const historyService = (prompt = 'Hi @{{callee_name}} from @{{clinic}} on @{{date}}') =>
		service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null, custom_args_values: undefined }) },
			prompt,
		});

	test("Variables From Rows: the row with the callee's number gives the variables, all but name and phone", async () => {
		const { bodies, log } = historyService();
		const { output, error } = await run({ when: 'now', overrides: { variableRows: contacts } }, [
			fromHistory,
		]);
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, historyQuery(), `agent ${AGENT}`, 'start']);
		const sent = body({ custom_args_values: { clinic: 'Sunrise', date: 'June 9' } });
		expect(bodies).toEqual([sent]);
		expect(jsonOf(output)).toEqual([{ ...placed(sent), variables_from: 'rows', variables_row: 2 }]);
	});

	test('Variables From Rows with its own phone column and columns left out, as plain objects', async () => {
		const { bodies } = historyService('Hi @{{clinic}}');
		const rows = contacts.map(({ json: { phone, ...rest } }) => ({ ...rest, mobile: phone }));
		const { output, error } = await run(
			{
				when: 'now',
				overrides: {
					variableRows: rows,
					variableRowsPhone: 'mobile',
					variableRowsLeaveOut: 'name, date',
				},
			},
			[fromHistory],
		);
		expect(error).toBeUndefined();
		expect(bodies).toEqual([body({ custom_args_values: { clinic: 'Sunrise' } })]);
		expect(jsonOf(output)[0]).toMatchObject({ variables_from: 'rows', variables_row: 2 });
	});

	test("the Variables override comes before the rows, the rows before the call's own", async () => {
		const { bodies } = service({ details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) } });
		const both = await run({
			when: 'now',
			overrides: { variables: '{"clinic":"Given"}', variableRows: contacts },
		});
		expect(both.error).toBeUndefined();
		expect(jsonOf(both.output)[0]).toMatchObject({ variables_from: 'override' });
		const rowsOnly = await run({ when: 'now', overrides: { variableRows: contacts } });
		expect(rowsOnly.error).toBeUndefined();
		expect(jsonOf(rowsOnly.output)[0]).toMatchObject({ variables_from: 'rows', variables_row: 2 });
		expect(bodies.map((b) => b.custom_args_values)).toEqual([
			{ clinic: 'Given' },
			{ clinic: 'Sunrise', date: 'June 9' },
		]);
	});

	test('no row has the number: the error says so, with what the prompt needs; nothing placed', async () => {
		const { log } = historyService();
		const { error } = await run(
			{ when: 'now', overrides: { variableRows: contacts.slice(0, 1) } },
			[fromHistory],
		);
		expect(error?.message).toBe(
			"Overrides › Variables: the original call's variables are not known (a history row does not carry them, and no row of Variables From Rows (1) has +14155550123), and it needs @{{clinic}}, @{{date}}, which the assistant uses: give them here [item 0]",
		);
		expect(log).toEqual([`details ${CALL}`, historyQuery(), `agent ${AGENT}`]);
	});

	test('a row without a variable the prompt uses, or a Variables override without it: refused, naming which gave what', async () => {
		const { log } = historyService('Hi @{{clinic}} at @{{time}}');
		const fromRow = await run({ when: 'now', overrides: { variableRows: contacts } }, [
			fromHistory,
		]);
		expect(fromRow.error?.message).toBe(
			'Overrides › Variables: row 2 of Variables From Rows gives no value for @{{time}}, which the assistant uses: give it here [item 0]',
		);
		const given = await run({ when: 'now', overrides: { variables: '{"clinic":"X"}' } }, [
			fromHistory,
		]);
		expect(given.error?.message).toBe(
			'Overrides › Variables: gives no value for @{{time}}, which the assistant uses: give it here [item 0]',
		);
		expect(log).not.toContain('start');
	});

	test.each([
		['one object', { phone: TO, clinic: 'X' }],
		['text that is no JSON list', 'Sunrise'],
		['a list of numbers', [TO]],
	])(
		'Variables From Rows that is %s: an error naming the field, before any request',
		async (_, value) => {
			const { log } = historyService();
			const { error } = await run({ when: 'now', overrides: { variableRows: value } }, [
				fromHistory,
			]);
			expect(error?.message).toBe(
				"Overrides › Variables From Rows: must be a list of rows (objects or items), e.g. {{ $('Contacts').all() }} for every item of the node named Contacts [item 0]",
			);
			expect(log).toEqual([]);
		},
	);

	test('known variables that lack one the prompt uses: refused, nothing placed', async () => {
		const { log } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) },
			prompt: '@{{clinic}} @{{date}}',
		});
		const { error } = await run({ when: 'now' });
		expect(error?.message).toBe(
			'Overrides › Variables: the call gives no value for @{{date}}, which the assistant uses: give it here [item 0]',
		);
		expect(log).not.toContain('start');
	});
});

describe('Call › Call Back › never twice', () => {
	test('a call already placed back (its history row names the parent): skipped, saying which call, not placed again', async () => {
		const row = {
			id: NEW_CALL,
			to_number: TO,
			name: 'Ada',
			status: 'completed',
			agent: { id: AGENT },
			parent_call_id: CALL,
		};
		const { log } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) },
			rows: [{ id: P2, to_number: TO, parent_call_id: P1 }, row],
		});
		const { output, error } = await run({ when: 'now' });
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, historyQuery()]);
		expect(jsonOf(output)).toEqual([
			{
				skipped: 'already_called_back',
				mobile_number: '+14155550123',
				skip_reason: `Already called back: call ${NEW_CALL} names this call as its parent_call_id, so no second call-back is placed`,
				call_back_id: NEW_CALL,
				recognised_by: 'parent_call_id',
				parent_call_id: CALL,
				attempt: 2,
				already_called_back: true,
			},
		]);
	});

	test('history rows without parent_call_id: the details of calls to the number decide', async () => {
		const row = { id: NEW_CALL, to_number: TO, status: 'registered' };
		const { log } = service({
			details: {
				[CALL]: detailsOf(CALL, { parent_call_id: null }),
				[NEW_CALL]: detailsOf(NEW_CALL, { parent_call_id: CALL }),
			},
			rows: [
				row,
				{ id: P1, to_number: '+14155550777', status: 'completed' },
				{ id: CALL, to_number: TO },
			],
		});
		const { output } = await run({ when: 'now' });
		expect(log).toEqual([`details ${CALL}`, historyQuery(), `details ${NEW_CALL}`]);
		expect(jsonOf(output)[0]).toMatchObject({
			skipped: 'already_called_back',
			mobile_number: '+14155550123',
			call_back_id: NEW_CALL,
			recognised_by: 'parent_call_id',
			already_called_back: true,
			parent_call_id: CALL,
		});
	});

	test('a source whose item tells when its last attempt began: the call-back is looked for from then, not from when it was made', async () => {
		const { log } = service({ details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) } });
		// Made at 12:00 a day ago. It rang at 11:30 today with an offset: from 11:29. At 09:00
		// without one: it may be in any zone, so from 14 hours before 09:00 UTC (and a minute).
		// At 01:00 without one: 14 hours before is before it was made, so from when it was made.
		for (const [startedAt, from] of [
			['2026-11-25T11:30:00+00:00', '2026-11-25T11:29:00.000Z'],
			['2026-11-25T09:00:00', '2026-11-24T18:59:00.000Z'],
			['2026-11-25T01:00:00', '2026-11-24T11:59:00.000Z'],
		]) {
			log.length = 0;
			const { error } = await run({ when: 'now' }, [
				{
					...started,
					status: 'failed',
					created_at: '2026-11-24T12:00:00+00:00',
					started_at: startedAt,
				},
			]);
			expect(error).toBeUndefined();
			expect(log.slice(0, 2)).toEqual([
				`details ${CALL}`,
				`history ${JSON.stringify({ agent_id: AGENT, start_date: from, end_date: '2026-11-25T12:01:00.000Z', limit: '100', offset: '0' })}`,
			]);
		}
	});

	test('Duplicate Protection off: no history read', async () => {
		const { log } = service({ details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) } });
		await run({ when: 'now', duplicateProtection: false });
		expect(log).toEqual([`details ${CALL}`, `agent ${AGENT}`, 'start']);
	});

	test('Retry On Fail: a failed start is replayed, never sent again', async () => {
		const { log } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null }) },
			postStatus: 500,
		});
		const { error } = await run({ when: 'now' }, [started], {
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(error?.message).toBe('upstream failed');
		// n8n tried three times; the later tries replay the first outcome, reading nothing anew.
		expect(log).toEqual([`details ${CALL}`, historyQuery(), `agent ${AGENT}`, 'start']);
	});
});

describe('Call › Call Back › where the service shows no parent_call_id', () => {
	// FACTS gives parent_call_id only as a request field: neither these details nor these
	// history rows carry the key. The source call was made at 11:00.
	const SOURCE_AT = '2026-11-25T11:00:00+00:00';
	const untold = { [CALL]: detailsOf(CALL, { initiation_time: SOURCE_AT }) };
	const row = (id: string, createdAt: string, to = TO) => ({
		id,
		to_number: to,
		name: 'Ada',
		status: 'failed',
		sub_status: 'FAILED',
		created_at: createdAt,
		agent: { id: AGENT },
	});
	/** One read: its earlier attempts (Look Back, 7 days, before the source) to a minute past now. */
	const counted = `history ${JSON.stringify({
		agent_id: AGENT,
		start_date: '2026-11-18T10:59:00.000Z',
		end_date: '2026-11-25T12:01:00.000Z',
		limit: '100',
		offset: '0',
	})}`;

	test("Max Attempts counts the assistant's calls to the number up to this one: the third is not called back", async () => {
		const { log } = service({
			details: untold,
			rows: [
				row(CALL, SOURCE_AT),
				row(P1, '2026-11-25T10:00:00+00:00'),
				row(P2, '2026-11-24T10:00:00+00:00'),
				// Another number does not count.
				row('a0000000-0000-4000-8000-000000000009', '2026-11-25T09:00:00+00:00', '+14155550777'),
			],
		});
		const { output, error } = await run({ when: 'now' }, [{}]);
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, counted]);
		expect(jsonOf(output)).toEqual([MAX_ATTEMPTS_SKIP]);
	});

	test('the second call to the number is called back as attempt 3, the history read once', async () => {
		const { log, bodies } = service({
			details: untold,
			rows: [row(CALL, SOURCE_AT), row(P1, '2026-11-25T10:00:00+00:00')],
		});
		const { output, error } = await run({ when: 'now' }, [{}]);
		expect(error).toBeUndefined();
		// P1 is older than the source: never its call-back, no details read for it.
		expect(log).toEqual([`details ${CALL}`, counted, `agent ${AGENT}`, 'start']);
		expect(bodies).toEqual([body()]);
		expect(jsonOf(output)[0]).toMatchObject({
			call_id: NEW_CALL,
			attempt: 3,
			parent_call_id: CALL,
		});
	});

	test("a source the history does not show yet (a service clock ahead): counted up to the details' time", async () => {
		const { output, log } = await (async () => {
			const s = service({
				details: untold,
				rows: [row(P1, '2026-11-25T10:00:00+00:00'), row(P2, '2026-11-24T10:00:00+00:00')],
			});
			return { ...(await run({ when: 'now' }, [{}])), log: s.log };
		})();
		expect(log).toEqual([`details ${CALL}`, counted]);
		expect(jsonOf(output)[0]).toMatchObject({ skipped: 'max_attempts', attempt: 4 });
	});

	test('a later call of the assistant to the number: presumed to be the call-back, and the output says so', async () => {
		const later = row(NEW_CALL, '2026-11-25T11:05:00+00:00');
		const { log, bodies } = service({
			details: { ...untold, [NEW_CALL]: detailsOf(NEW_CALL) },
			rows: [later, row(CALL, SOURCE_AT)],
		});
		const { output, error } = await run({ when: 'now' }, [{}]);
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, counted, `details ${NEW_CALL}`]);
		expect(bodies).toEqual([]);
		expect(jsonOf(output)).toEqual([
			{
				skipped: 'presumed_called_back',
				mobile_number: '+14155550123',
				skip_reason: `Presumed already called back: call ${NEW_CALL} of the assistant reached this callee (${TO}) after this call, and the service shows no parent_call_id to tell whether it is this call's call-back or another (another workflow's call, a reminder). No call is placed, so none is placed twice: check that call, and run again with Duplicate Protection off if it is not a call-back`,
				call_back_id: NEW_CALL,
				recognised_by: 'number_and_time',
				parent_call_id: CALL,
				attempt: 2,
				already_called_back: true,
			},
		]);
	});

	test('a call to the number made while the source waited for its attempt: not its call-back, and not an earlier attempt of its chain', async () => {
		// The source was made at 11:00 and rang at 11:50 (its window opened then): a call to the
		// number at 11:20 (another chain's call-back, ringing in the same window) was made before
		// the source could be over, so it is not this call's call-back.
		const between = row(P1, '2026-11-25T11:20:00+00:00');
		const { log, bodies } = service({ details: untold, rows: [between, row(CALL, SOURCE_AT)] });
		const { output, error } = await run({ when: 'now' }, [
			{
				call_id: CALL,
				status: 'failed',
				created_at: SOURCE_AT,
				started_at: '2026-11-25T11:50:00+00:00',
			},
		]);
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, counted, `agent ${AGENT}`, 'start']);
		expect(bodies).toEqual([body()]);
		expect(jsonOf(output)[0]).toMatchObject({
			call_id: NEW_CALL,
			attempt: 2,
			parent_call_id: CALL,
		});
	});

	test("the same without the attempt's start (a service that leaves it out): presumed, as before", async () => {
		const between = row(P1, '2026-11-25T11:20:00+00:00');
		const { log, bodies } = service({
			details: { ...untold, [P1]: detailsOf(P1) },
			rows: [between, row(CALL, SOURCE_AT)],
		});
		const { output } = await run({ when: 'now' }, [
			{ call_id: CALL, status: 'failed', created_at: SOURCE_AT },
		]);
		expect(log).toEqual([`details ${CALL}`, counted, `details ${P1}`]);
		expect(bodies).toEqual([]);
		expect(jsonOf(output)[0]).toMatchObject({ skipped: 'presumed_called_back', call_back_id: P1 });
	});

	test("details that name another parent decide: that later call is not this one's call-back", async () => {
		const { bodies } = service({
			details: { ...untold, [NEW_CALL]: detailsOf(NEW_CALL, { parent_call_id: P1 }) },
			rows: [row(NEW_CALL, '2026-11-25T11:05:00+00:00'), row(CALL, SOURCE_AT)],
		});
		const { error } = await run({ when: 'now' }, [{}]);
		expect(error).toBeUndefined();
		expect(bodies).toEqual([body()]);
	});
});

describe('Call › Call Back › the assistant read once per run', () => {
	/** Call Start's record of call `id` (first of its chain), with the assistant `agent`. */
	const first = (id: string, agent = AGENT) => ({
		...started,
		call_id: id,
		assistant: { ...(started.assistant as IDataObject), id: agent },
		parent_call_id: null,
	});

	// Each item's status is read (one request each: the item has all else), the assistant once.
	const ended = Object.fromEntries([CALL, P1, P2].map((id) => [id, detailsOf(id)]));
	const status = (id: string) => `details ${id}`;

	/** Items CALL, P1 (of `p1Agent`) and P2, called back now, Duplicate Protection off. */
	const threeItems = async (p1Agent = AGENT) => {
		const { log, bodies } = service({ details: ended });
		const { output, error } = await run({ when: 'now', duplicateProtection: false }, [
			first(CALL),
			first(P1, p1Agent),
			first(P2),
		]);
		expect(error).toBeUndefined();
		return { log, bodies, output };
	};

	test('3 items of one assistant: GET /agent/{id} once, 3 calls placed', async () => {
		const { log, bodies, output } = await threeItems();
		expect(log).toEqual([
			status(CALL),
			`agent ${AGENT}`,
			'start',
			status(P1),
			'start',
			status(P2),
			'start',
		]);
		expect(bodies).toEqual([body(), body({ parent_call_id: P1 }), body({ parent_call_id: P2 })]);
		expect(jsonOf(output).map((o) => o.parent_call_id)).toEqual([CALL, P1, P2]);
	});

	test('items of two assistants: each read once, in the order first needed', async () => {
		const { log } = await threeItems(OTHER_AGENT);
		expect(log).toEqual([
			status(CALL),
			`agent ${AGENT}`,
			'start',
			status(P1),
			`agent ${OTHER_AGENT}`,
			'start',
			status(P2),
			'start',
		]);
	});

	test('a new run reads it again (nothing kept past the run)', async () => {
		const { log } = service({ details: ended });
		await run({ when: 'now', duplicateProtection: false }, [first(CALL)]);
		await run({ when: 'now', duplicateProtection: false }, [first(P1)]);
		expect(log).toEqual([
			status(CALL),
			`agent ${AGENT}`,
			'start',
			status(P1),
			`agent ${AGENT}`,
			'start',
		]);
	});
});

describe('Call › Call Back › Max Attempts', () => {
	const chain = {
		[CALL]: detailsOf(CALL, { parent_call_id: P1 }),
		[P1]: detailsOf(P1, { parent_call_id: P2 }),
		[P2]: detailsOf(P2, { parent_call_id: null }),
	};

	test('the third call of a chain is not called back under the default 3: skipped, nothing placed', async () => {
		const { log } = service({ details: chain });
		const { output, error } = await run({ when: 'now' }, [{}]);
		expect(error).toBeUndefined();
		// P1 naming a parent makes the source at least attempt 3: P2 is not read.
		expect(log).toEqual([`details ${CALL}`, `details ${P1}`]);
		expect(jsonOf(output)).toEqual([
			{
				skipped: 'max_attempts',
				mobile_number: '+14155550123',
				skip_reason: 'Max Attempts (3) reached: this call is attempt 3 of its chain',
				parent_call_id: CALL,
				attempt: 4,
				already_called_back: false,
			},
		]);
	});

	test('under Max Attempts 4 it is placed as attempt 4', async () => {
		const { bodies, output } = await (async () => {
			const s = service({ details: chain });
			const r = await run({ when: 'now', maxAttempts: 4 }, [{}]);
			return { bodies: s.bodies, output: r.output };
		})();
		expect(bodies).toEqual([body()]);
		expect(jsonOf(output)[0]).toMatchObject({
			call_id: NEW_CALL,
			attempt: 4,
			parent_call_id: CALL,
		});
	});

	test("Call Back's own output carries its attempt: no chain read", async () => {
		const { log } = service({});
		const { output } = await run({ when: 'now', callId: NEW_CALL }, [
			{ ...placed(body()), attempt: 3 },
		]);
		expect(log).toEqual([]);
		expect(jsonOf(output)[0]).toMatchObject({
			skipped: 'max_attempts',
			mobile_number: '+14155550123',
			attempt: 4,
			parent_call_id: NEW_CALL,
		});
	});
});
