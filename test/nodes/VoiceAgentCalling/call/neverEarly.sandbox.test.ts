/**
 * A later call never rings before its time nor outside its window, whether the service honours
 * scheduled_at or ignores it (it left the schema on 2026-02-14; the sandbox's `scheduledAt`
 * switch plays both). Every way Start and Call Back say when is run against the sandbox under
 * both readings, its clock moved until the call rings: it rings at the moment the node said,
 * inside the window it sent (and the user's).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox, SandboxOptions } from '../../../../sandbox';
import { fixtures } from '../../../../sandbox';
import { locator } from '../../../helpers/fixtures';
import { runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { callBody, type Client } from '../../../sandbox/helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string) => Date.parse(iso);
// The sandbox's clock starts at 2025-06-02T08:00:00Z (a Monday; New York on EDT, -04:00).
const START = at('2025-06-02T08:00:00Z');
const TO = '+14155552000';

const wall = (ms: number, zone: string) =>
	new Intl.DateTimeFormat('en-GB', {
		timeZone: zone,
		hourCycle: 'h23',
		hour: '2-digit',
		minute: '2-digit',
	}).format(new Date(ms));

const inside = (hhmm: string, start: string, end: string) =>
	start < end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;

describe.each<NonNullable<SandboxOptions['scheduledAt']>>(['honour', 'ignore'])(
	'scheduled_at %sd by the service',
	(reading) => {
		let sb: Sandbox;
		let api: Client;
		useSandbox((started) => ({ sb, api } = started), { scheduledAt: reading });
		// The node's clock is the sandbox's: "later" is later for both.
		beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => sb.now()));
		afterEach(() => jest.restoreAllMocks());

		/** Moves the sandbox's clock until the call rings (at most 30 hours): its first attempt. */
		function ringOf(id: string): number {
			const stop = sb.now() + 30 * HOUR;
			while (sb.call(id)!.status === 'registered' && sb.now() < stop) sb.advance(10 * MIN);
			const call = sb.call(id)!;
			expect(call.status).not.toBe('registered');
			expect(call.attempts).toBe(1);
			return Date.parse(call.call_attempt_time);
		}

		/** The call_time the call was sent with (the sandbox's ledger keeps the request's). */
		const sentCallTime = (id: string) =>
			sb.ledger.find((e) => e.call_id === id)!.call_time as Record<string, string> | undefined;

		/** It rings at `expected`, inside the window it was sent with and the user's, if any. */
		function ringsAt(id: string, expected: number, userWindow?: [string, string, string]) {
			const callTime = sentCallTime(id)!;
			const rang = ringOf(id);
			expect(new Date(rang).toISOString()).toBe(new Date(expected).toISOString());
			const zone = callTime.timezone;
			expect(inside(wall(rang, zone), callTime.call_start_time, callTime.call_end_time)).toBe(true);
			if (userWindow)
				expect(inside(wall(rang, userWindow[2]), userWindow[0], userWindow[1])).toBe(true);
		}

		describe('Call › Start', () => {
			const start = async (callConfig: IDataObject, extra: IDataObject = {}, phone = TO) => {
				const { output, error } = await runNode({
					type: 'voiceAgentCalling',
					credentials: sandboxCredentials(sb),
					items: [{ json: { name: 'Ada', phone } }],
					parameters: {
						resource: 'call',
						operation: 'start',
						assistant: locator(fixtures.AGENTS[0].id),
						name: '={{ $json.name }}',
						mobileNumber: '={{ $json.phone }}',
						fromNumber: { __rl: true, mode: 'number', value: fixtures.NUMBERS[0].number },
						variablesMode: 'none',
						missingVariables: 'ignore',
						callConfig,
						...extra,
					},
				});
				expect(error).toBeUndefined();
				return output[0].json.call_id as string;
			};

			test('no Scheduled At: now', async () => {
				const id = await start({});
				expect(ringOf(id)).toBeLessThanOrEqual(START + MIN);
			});

			test('Scheduled At, no window: at that time', async () => {
				const id = await start({ scheduledAt: '2025-06-02T11:00:00Z' });
				ringsAt(id, at('2025-06-02T11:00:00Z'));
			});

			test('Scheduled At inside the window: at that time', async () => {
				const id = await start({
					callStartTime: '09:00',
					callEndTime: '17:00',
					timezone: 'UTC',
					scheduledAt: '2025-06-02T10:30:00Z',
				});
				ringsAt(id, at('2025-06-02T10:30:00Z'), ['09:00', '17:00', 'UTC']);
			});

			test('Scheduled At before the window opens: at its opening', async () => {
				const id = await start({
					callStartTime: '12:00',
					callEndTime: '17:00',
					timezone: 'UTC',
					scheduledAt: '2025-06-02T10:30:00Z',
				});
				ringsAt(id, at('2025-06-02T12:00:00Z'), ['12:00', '17:00', 'UTC']);
			});

			test('Scheduled At tomorrow while today’s window is open: tomorrow, not now', async () => {
				const id = await start({
					callStartTime: '07:00',
					callEndTime: '18:00',
					timezone: 'UTC',
					scheduledAt: '2025-06-03T07:30:00Z',
				});
				ringsAt(id, at('2025-06-03T07:30:00Z'), ['07:00', '18:00', 'UTC']);
			});

			test('Scheduled At with an offset, in the callee’s zone: that moment', async () => {
				// 14:00+01:00 is 13:00Z, 09:00 in New York (the zone of +1 212).
				const id = await start(
					{
						callStartTime: '08:00',
						callEndTime: '20:00',
						timezone: 'Europe/London',
						scheduledAt: '2025-06-02T14:00:00+01:00',
					},
					{ calleeTimeZone: true },
					'+12125552000',
				);
				expect(sentCallTime(id)!.timezone).toBe('America/New_York');
				ringsAt(id, at('2025-06-02T13:00:00Z'), ['08:00', '20:00', 'America/New_York']);
			});
		});

		describe('Call › Call Back', () => {
			/** A first call, ended; then Call Back as told. Returns the new call's id. */
			const callBack = async (parameters: IDataObject, item: IDataObject = {}) => {
				const first = (await api.post('/calling/outbound/individual', callBody())).body.data
					.call_id as string;
				sb.advance(5 * MIN);
				expect(sb.call(first)!.status).toBe('completed');
				const { output, error } = await runNode({
					type: 'voiceAgentCalling',
					credentials: sandboxCredentials(sb),
					parameters: { resource: 'call', operation: 'callBack', ...parameters },
					items: [
						{
							json: {
								call_id: first,
								custom_variables: callBody().custom_args_values as IDataObject,
								...item,
							},
						},
					],
				});
				expect(error).toBeUndefined();
				return output[0].json.call_id as string;
			};

			test('Now: now', async () => {
				const id = await callBack({ when: 'now' });
				expect(ringOf(id)).toBeLessThanOrEqual(START + 6 * MIN);
			});

			test('At a Time You Give: at that time', async () => {
				const id = await callBack({ when: 'at', callAt: '2025-06-02T11:05:00Z' });
				ringsAt(id, at('2025-06-02T11:05:00Z'));
			});

			test('At the Requested Call-Back Time: at it, in the zone the callee asked in', async () => {
				// 10:30 in New York is 14:30Z.
				const id = await callBack(
					{ when: 'callbackAt' },
					{
						platform_analysis: {
							callback_requested: true,
							callback_requested_time: '2025-06-02T10:30:00',
							timezone: 'America/New_York',
						},
					},
				);
				expect(sentCallTime(id)!.timezone).toBe('America/New_York');
				ringsAt(id, at('2025-06-02T14:30:00Z'));
			});

			test('At the Next Opening of a Daily Window: at its opening, inside it', async () => {
				const id = await callBack({
					when: 'nextWindow',
					windowStart: '10:00',
					windowEnd: '11:00',
					windowTimeZone: 'UTC',
				});
				ringsAt(id, at('2025-06-02T10:00:00Z'), ['10:00', '11:00', 'UTC']);
			});

			test('At the Next Opening of a Daily Window, now inside it: now, the window sent with it', async () => {
				// 08:05Z: inside 08:00-18:00 UTC. A retry of the call is held inside it too.
				const id = await callBack({
					when: 'nextWindow',
					windowStart: '08:00',
					windowEnd: '18:00',
					windowTimeZone: 'UTC',
				});
				expect(sentCallTime(id)).toEqual({
					call_start_time: '08:00',
					call_end_time: '18:00',
					timezone: 'UTC',
				});
				ringsAt(id, START + 5 * MIN, ['08:00', '18:00', 'UTC']);
			});
		});
	},
);
