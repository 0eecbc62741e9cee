/**
 * The soak's week (bench/soak/run.js starts it under jest with bench/soak/jest.config.js, the
 * options in SOAK_OPTIONS, and reads SOAK_RESULT): the package's own trigger and operations,
 * driven as n8n drives them, through n8n-core's engine and the package's transport, against a
 * sandbox over HTTP, on the sandbox's clock. Three workflows:
 *
 * - Sheets: each morning sheets of 1,000-3,000 contacts go through Start (Retry On Fail,
 *   Continue On Fail, the growing Do Not Call list, each row's window in the callee's zone),
 *   then Check Calls, looped through a 2-minute wait until no call is pending.
 * - Follow-up: the Call Ended trigger polls every minute (static data saved after a poll, and
 *   only then); each poll's items go to Call Back (asked: at the requested time, waiting for
 *   its day when it is a day or more ahead; not reached: the next window in the callee's zone;
 *   Max Attempts 3; the Do Not Call list), and a callee who declined joins the list.
 * - A restart of the "process" each day: a fresh module registry, the trigger back from its
 *   saved static data.
 *
 * The truth the judge needs is kept on the side, from the sandbox's state and the world
 * (bench/soak/world.js), never from what the package says.
 */
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: (ms: number) => (globalThis as any).__soakClock.sleep(ms),
}));

import { writeFileSync } from 'node:fs';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { createSandbox } from '../../sandbox';
import { useRealNetwork } from '../../test/sandbox/helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SoakClock } = require('./clock');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { opProxy } = require('./proxy');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { countClientRequests } = require('./wire');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { watchLedger } = require('./ledger');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makeContacts, parseMix } = require('./world');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { followUp, sheetsOfDay, DAY, T0, tomorrowAt } = require('./plan');

type Engine = typeof import('./engine');

const options = JSON.parse(process.env.SOAK_OPTIONS ?? '{}');
const DAYS: number = options.days ?? 7;
const PER_DAY: number = options.callsPerDay ?? 10_000;
const SEED: number = options.seed ?? 1;
const POLL_MS = 60_000;
const CHECK_WAIT_MS = 2 * 60_000;
/**
 * The shipped follow-up example's lookback (2 days: a call-back for the next day's window can
 * end over 24 hours after it was made): a call is emitted within a twelfth of it and a poll.
 */
const LOOKBACK_MS = 48 * 3_600_000;
/** A not-reached call is owed its call-back by then: emitted, then a run of Call Back. */
const DUE_WITHIN_MS = LOOKBACK_MS / 12 + 2 * POLL_MS + 30 * 60_000;
const AGENT = 'a1a1a1a1-0000-4000-8000-000000000001';
/** The week's one campaign is created at 12:00 UTC on its second day (its first, in a one-day run). */
const CAMPAIGN_DAY = Math.min(2, DAYS);
/**
 * --bad: the sandbox's bad week (sandbox/README.md "A bad week"; its figures are the sandbox's
 * choices, FACTS gives none): a quarter of the calls' history rows, or their final status,
 * shown up to 2 hours late; and from 15:00 UTC (11:00 in New York, while the morning's sheets
 * ring) an hour a day in which half the requests answer 500, 502 or 503, a tenth meet a
 * dropped connection and a tenth a refused one. Outcomes stay the world's (its numbers').
 */
const BAD_WEEK = { lateRowsMs: 2 * 3_600_000, lateShare: 0.25, outageHour: 15, outageMinutes: 60 };
const FROM = '+14155550100';

/** A new n8n process: the package and n8n-core loaded afresh, nothing kept in memory. */
function boot(): Engine {
	let engine: Engine | undefined;
	jest.isolateModules(() => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		engine = require('./engine');
	});
	return engine!;
}

useRealNetwork();

test('the week', async () => {
	// Whether the service shows parent_call_id on reads is not published (FACTS): --parent picks.
	const sb = await createSandbox({
		clock: 'manual',
		startTime: T0,
		seed: SEED,
		port: 0,
		parentCallId: options.parent === 'shown' ? 'shown' : 'hidden',
		...(options.bad ? { week: BAD_WEEK } : {}),
	});
	if (options.rateLimit) {
		// The workspace's request limit (sandbox/lib/server/rateLimit.js, where the sandbox has it).
		const set = (sb as any).setRateLimit;
		if (typeof set !== 'function') throw new Error('soak: this sandbox has no request limit');
		set.call(sb, options.rateLimit);
	}
	const proxy = await opProxy(sb.url, () => sb.now());
	// On the wire: sent by a client and not closed, or arrived at the proxy and not answered.
	const wire = countClientRequests();
	const clock = new SoakClock(sb, () => wire.open() + proxy.inFlight());
	(globalThis as any).__soakClock = clock;
	jest.spyOn(Date, 'now').mockImplementation(() => sb.now());
	const credentials = (op: string) => ({ apiKey: sb.apiKey, baseUrl: proxy.baseUrl(op) });

	const mix = parseMix(options.mix);
	const contacts: any[] = makeContacts({ size: Math.ceil(PER_DAY * 2.5), seed: SEED, mix });
	const byPhone = new Map(contacts.map((c) => [c.phone, c]));
	const truth = {
		contacts: Object.fromEntries(
			contacts.map((c) => [c.phone, { zone: c.zone, window: c.window }]),
		),
		doNotCall: [] as Array<{ phone: string; at: number }>,
		requested: [] as IDataObject[],
		emitted: [] as Array<{ call_id: string; at: number }>,
		told: [] as Array<{ call_id: string; at: number; error: string }>,
		policy: {
			notReached: ['no_answer', 'busy', 'voicemail'],
			maxAttempts: 3,
			// A call ended hours after it was made is emitted within the trigger's bound (its
			// lookback / 12 plus a poll: docs/triggers.md), then Call Back runs: owed by then.
			dueWithinMs: DUE_WITHIN_MS,
		},
		// The service's hour a day of trouble (UTC, the sandbox's outage zone by default).
		outages: options.bad
			? Array.from({ length: DAYS }, (_, d) => {
					const from = T0 + d * DAY + BAD_WEEK.outageHour * 3_600_000;
					return { from, to: from + BAD_WEEK.outageMinutes * 60_000 };
				})
			: [],
		emitFrom: T0,
		emitBy: 0,
		horizon: T0 + DAYS * DAY,
	};
	const costs = {
		polls: [] as number[],
		callBackItems: [] as number[],
		checks: [] as number[],
		staticBytes: 0,
		skips: [] as IDataObject[],
		restarts: 0,
		/** Call Back items sent round again after failing (plan.js RETRY_LATER_MS). */
		retried: 0,
	};
	const failures: IDataObject[] = [];

	// The service's own ledger of rings and ends, as they happen.
	const { rings, ended } = watchLedger(sb, {
		ours: (phone: string) => byPhone.has(phone),
		onEnded: (call: any, outcome: string, at: number) => {
			const contact = byPhone.get(call.to_number);
			// The callee asked to be called back: tomorrow at 10:00 in their own zone (the
			// sandbox's words), between then and two hours later.
			if (outcome === 'answered' && contact.kind === 'callback') {
				truth.requested.push({
					call_id: call.id,
					phone: call.to_number,
					at: tomorrowAt(at, contact.zone, '10:00'),
					window: { start: '10:00', end: '12:00' },
				});
			}
		},
	});

	let engine = boot();
	let saved: IDataObject = {};
	const triggerParams = {
		event: 'callEnded',
		assistant: { __rl: true, mode: 'list', value: '' },
		filters: {},
		options: {
			includeDetails: true,
			lookbackMinutes: LOOKBACK_MS / 60_000,
			// As the follow-up example: a call that never connected has no analysis to read.
			detailsFor: 'completed',
		},
	};
	let trigger = engine.trigger(triggerParams, credentials('trigger'), saved);
	const listed = () => truth.doNotCall.map((e) => e.phone);
	const flow = followUp({
		clock,
		credentials,
		listed,
		byPhone,
		truth,
		costs,
		failures,
		agent: AGENT,
		from: FROM,
	});

	/** The poll under way, if any: a restart lets it end first (below). */
	let polling: Promise<void> | undefined;
	const poll = async () => {
		polling = pollOnce();
		await polling;
		polling = undefined;
		if (clock.now() < truth.horizon) clock.at(clock.now() + POLL_MS, poll);
	};
	const pollOnce = async () => {
		try {
			const { items, save } = await trigger.poll();
			costs.polls.push(clock.now());
			if (save) {
				saved = save;
				costs.staticBytes = Math.max(costs.staticBytes, JSON.stringify(save).length);
			}
			if (items.length > 0) clock.start(() => flow.handle(engine, items));
		} catch (error) {
			// n8n logs a failed poll and polls again at the next time; nothing is saved.
			costs.polls.push(clock.now());
			failures.push({ op: 'poll', at: clock.now(), error: String(error) });
		}
	};
	clock.at(T0, poll);

	for (let day = 1; day <= DAYS; day++) {
		const dayStart = T0 + (day - 1) * DAY;
		// A restart in the small hours: a new process, the trigger back from what n8n saved. As
		// n8n stops the old process before the new one loads the static data, a poll under way
		// ends (and saves) first: else two processes would poll from one saved state.
		clock.at(dayStart + 3 * 3_600_000 + 17 * 60_000, async () => {
			if (polling) await polling;
			engine = boot();
			trigger = engine.trigger(triggerParams, credentials('trigger'), saved);
			costs.restarts++;
		});
		const sheets = sheetsOfDay({ day, perDay: PER_DAY, contacts, seed: SEED });
		for (const sheet of sheets) {
			clock.at(dayStart + sheet.offsetMs, () => flow.dialSheet(engine, sheet.rows, CHECK_WAIT_MS));
		}
		if (day === CAMPAIGN_DAY) {
			// The campaign's contacts: a tenth of a day's, none in that day's sheets (a number
			// dialled twice on a day is the judge's "double"), whose own hours are the
			// campaign's window, so that the judge's hours are the campaign's.
			const sheeted = new Set(sheets.flatMap((sh: any) => sh.rows.map((c: any) => c.phone)));
			const chosen = contacts
				.filter(
					(c) => !sheeted.has(c.phone) && c.window.start === '09:00' && c.window.end === '18:00',
				)
				.slice(0, Math.max(1, Math.round(PER_DAY / 10)));
			clock.at(dayStart + 12 * 3_600_000, () => flow.campaign(engine, chosen));
		}
	}
	await clock.runUntil(truth.horizon);
	truth.emitBy = truth.horizon - truth.policy.dueWithinMs;

	const result = {
		options: {
			days: DAYS,
			callsPerDay: PER_DAY,
			seed: SEED,
			mix,
			parent: options.parent ?? 'hidden',
			...(options.bad ? { bad: BAD_WEEK } : {}),
		},
		ledger: { placed: sb.ledger.filter((p: any) => byPhone.has(p.mobile_number)), rings, ended },
		truth,
		requests: proxy.log,
		costs,
		failures: failures.slice(0, 200),
		failureCount: failures.length,
	};
	writeFileSync(process.env.SOAK_RESULT ?? 'soak-result.json', JSON.stringify(result));
	wire.restore();
	await proxy.close();
	await sb.close();
});

export type { INodeExecutionData };
