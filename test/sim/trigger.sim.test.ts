/**
 * A simulated day of calls against the trigger's real page loop (pollOnce) and cursor, with
 * a fake clock and an in-memory history service: late and out-of-order completions,
 * polls failing part-way through paging, polls run twice on the same static data, polls
 * overlapping each other; and a service with quirks: pages capped below the limit asked
 * for, `total: "many"`, rows without created_at, rows listed hours after their creation,
 * call details that answer 404 for good.
 *
 * What a poll was bound to emit is judged from what the service answered it, not from the
 * trigger's code: a call is due at the first successful poll whose pages listed it with a
 * final status (frozen clock), and an independent check says every call that ended (and was
 * listed) well inside the lookback after its creation must have become due. Costs are
 * counted per poll: history requests (with the window each poll read), details requests,
 * static data bytes.
 */
import type { CursorOptions } from '../../nodes/shared/calls/cursor';
import {
	callRecordOfRow,
	detailsEnricher,
	pollInto,
	type FetchPage,
	type PollOptions,
	type PollStore,
} from '../../nodes/shared/calls/poll';
import { HISTORY_PAGE_SIZE } from '../../nodes/shared/calls/history';
import { FakeHistory, shownFinal, type ServiceQuirks, type SimCall } from './fakeHistory';
import { seeded as prng } from '../helpers/seeded';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const D0 = Date.parse('2026-11-25T00:00:00Z');
const MAX_STATE = 64 * 1024;

const uuid = (n: number) => `5a1e0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

interface Population {
	calls: SimCall[];
	/** Calls whose completion comes after they left any lookback window. */
	tooLate: number;
	neverComplete: number;
}

/**
 * `count` calls created over [from, from + span): 10 % of them in bulk bursts of 100 created
 * in the same second; durations from seconds to an hour; 70 % attempted at once, 15 % retried
 * 1-6 h later, 10 % scheduled 6-22 h later, 3 % completing beyond the lookback, 2 % never.
 */
function makeCalls(
	rand: () => number,
	count: number,
	from: number,
	span: number,
	lookback: number,
): Population {
	const calls: SimCall[] = [];
	let tooLate = 0;
	let neverComplete = 0;
	let burstAt = 0;
	let burstLeft = 0;
	for (let n = 0; n < count; n++) {
		let created: number;
		if (burstLeft > 0) {
			created = burstAt;
			burstLeft--;
		} else if (rand() < 0.1 / 100) {
			burstAt = from + Math.floor((rand() * span) / SECOND) * SECOND;
			burstLeft = 99;
			created = burstAt;
		} else {
			created = from + Math.floor(rand() * span);
		}
		const duration = Math.round(Math.exp(Math.log(3) + rand() * Math.log(3600 / 3)) * 10) / 10;
		const kind = rand();
		let attempt: number;
		if (kind < 0.7) attempt = created + rand() * 30 * SECOND;
		else if (kind < 0.85) attempt = created + HOUR + rand() * 5 * HOUR;
		else if (kind < 0.95) attempt = created + 6 * HOUR + rand() * 16 * HOUR;
		else if (kind < 0.98) {
			attempt = created + lookback + 30 * MINUTE + rand() * 6 * HOUR;
			tooLate++;
		} else {
			attempt = created + rand() * HOUR;
			neverComplete++;
		}
		attempt = Math.floor(attempt);
		const completes = kind >= 0.98 ? Infinity : attempt + Math.round(duration * SECOND);
		calls.push({
			id: uuid(n),
			created,
			attempt,
			duration,
			completes,
			agentId: 'agent-1',
			bulkListId: null,
			callType: (['outbound', 'outbound', 'inbound', 'webcall'] as const)[Math.floor(rand() * 4)],
			voicemail: rand() < 0.1,
		});
	}
	return { calls, tooLate, neverComplete };
}

interface SimConfig {
	seed: number;
	calls: number;
	lookback: number;
	/** Service time that passes per history request (0: the window is frozen during a poll). */
	tickPerRequest: number;
	pollEvery: number;
	/** Calls are created over this time, from an hour before the first poll. */
	span: number;
	duration: number;
	quirks?: ServiceQuirks;
	/** Shares of calls listed without created_at, and without any time at all. */
	noCreatedAt?: number;
	bare?: number;
	/** Include Call Details: share of calls whose details answer 404 for good, and the chance
	 * that one details request fails with a 500 (failing its poll). */
	details?: { gone: number; flaky: number };
	/** Shares of calls that end failed and cancelled instead of completed. */
	endings?: { failed: number; cancelled: number };
	/** Call Ended (every final status) instead of Call Completed. */
	ended?: boolean;
	/** Chance that a second poll starts 20 s after one, while it still runs. */
	overlap?: number;
	/** The in-flight guard (n8n's case); false leaves settle() alone between overlapping polls. */
	guard?: boolean;
	/** Share of rows the history lists only some time after their creation (up to `maxMs`). */
	lateRows?: { share: number; maxMs: number };
	/** Polls started before this (ms after the first poll) are left out of the cost figures. */
	steadyAfter?: number;
	/** Chance that a poll fails part-way (default 0.1). */
	failRate?: number;
}

/** The value at quantile q of numbers (nearest rank). */
function quantile(values: number[], q: number): number {
	if (values.length === 0) return 0;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** History requests a poll needs for `n` completed calls in its window, per the quirks. */
function expectedRequests(n: number, quirks: ServiceQuirks = {}): number {
	const size = Math.min(HISTORY_PAGE_SIZE, quirks.pageCap ?? HISTORY_PAGE_SIZE);
	if (quirks.total !== 'many') return n === 0 ? 1 : Math.ceil(n / size);
	// A short page proves the end only when its echoed limit says so; else an empty page does.
	if (quirks.echoLimit !== false || quirks.pageCap === undefined) return Math.floor(n / size) + 1;
	return Math.floor(n / size) + 1 + (n % size === 0 ? 0 : 1);
}

/** Polls and their history requests grouped by the window each read (hours, rounded up). */
function windowTable(costs: Array<{ requests: number; windowMs: number }>): string {
	const rows = new Map<number, { polls: number; requests: number }>();
	for (const c of costs) {
		const hours = Math.ceil(c.windowMs / HOUR);
		const row = rows.get(hours) ?? { polls: 0, requests: 0 };
		row.polls++;
		row.requests += c.requests;
		rows.set(hours, row);
	}
	return [...rows.entries()]
		.sort((a, b) => a[0] - b[0])
		.map(([h, r]) => `<=${h}h: ${r.polls} polls, ${r.requests} requests`)
		.join('; ');
}

async function simulate(config: SimConfig) {
	const started = Date.now();
	const rand = prng(config.seed);
	const population = makeCalls(rand, config.calls, D0 - HOUR, config.span, config.lookback);
	// The quirks draw from their own sequence, so the base population stays the same per seed.
	const quirk = prng(config.seed ^ 0x5eed);
	const gone = new Set<string>();
	for (const c of population.calls) {
		const r = quirk();
		if (r < (config.noCreatedAt ?? 0)) c.noCreatedAt = true;
		else if (r < (config.noCreatedAt ?? 0) + (config.bare ?? 0)) c.bare = true;
		if (config.details && quirk() < config.details.gone) gone.add(c.id);
		if (config.lateRows && quirk() < config.lateRows.share) {
			c.listed = c.created + Math.floor(quirk() * config.lateRows.maxMs);
		}
		if (config.endings) {
			const e = quirk();
			if (e < config.endings.failed)
				c.ends = { status: 'failed', sub_status: 'RETRY_LIMIT_REACHED' };
			else if (e < config.endings.failed + config.endings.cancelled)
				c.ends = { status: 'cancelled', sub_status: 'USER_TERMINATED' };
			// Never connected: the row says 0 seconds, so it ended when its last attempt started.
			if (c.ends && Number.isFinite(c.completes)) {
				c.duration = 0;
				c.completes = c.attempt;
			}
		}
	}
	const service = new FakeHistory(population.calls, config.quirks);
	const guard = config.guard ?? true;
	const byId = new Map(population.calls.map((c) => [c.id, c]));
	const options: PollOptions = {
		lookbackMs: config.lookback,
		emitRecentMs: 0,
		callTypes: [],
		voicemail: 'any',
		ended: config.ended,
	} satisfies CursorOptions & PollOptions;

	// What poll() keeps: the node's workflow static data.
	const staticData: PollStore = {};
	const emittedAt = new Map<string, number[]>();
	const problems: string[] = [];
	const firstPoll = D0 - 2 * MINUTE;
	let clock = firstPoll;
	let baselineAt: number | undefined;
	let polls = 0;
	let failed = 0;
	let reruns = 0;
	let overlaps = 0;
	let skipped = 0;
	let detailsRequests = 0;
	let detailsErrors = 0;
	let maxState = 0;
	let maxRequests = 0;
	let totalRequests = 0;
	let pageMismatches = 0;
	/** Per successful poll after steadyAfter: history requests, details requests, window read. */
	const costs: Array<{ requests: number; details: number; windowMs: number; whole: number }> = [];
	/** Per call: the first successful poll whose pages listed it with a final status. */
	const dueAt = new Map<string, number>();
	// The calls the event is about: Call Completed's are the completed ones.
	const isEvent = (c: SimCall) => config.ended === true || c.ends === undefined;
	/** Per emitted call: emission time minus the time it was first listed final, and its age then. */
	const delays: Array<{ delay: number; age: number }> = [];

	const runPoll = async (failAtRequest: number | undefined, at: number, overlapped = false) => {
		const now = at;
		clock = Math.max(clock, at);
		service.advanceTo(clock);
		let requests = 0;
		let detailsNow = 0;
		let detailsFailed = false;
		let firstStart: number | undefined;
		const listedFinal = new Set<string>();
		const fetchPage: FetchPage = async (qs) => {
			requests++;
			if (requests === 1) firstStart = Date.parse(String(qs.start_date));
			await null; // an overlapping poll may run in between
			if (config.tickPerRequest > 0) {
				clock += config.tickPerRequest;
				service.advanceTo(clock);
			}
			if (requests === failAtRequest) throw new Error('500 Internal Server Error (simulated)');
			const body = service.list(qs);
			// A poll reading fewer pages than drawn fails at its last one (a short page or an empty one).
			const lastPage = body.calls.length < Number(qs.limit);
			if (failAtRequest !== undefined && requests < failAtRequest && lastPage) {
				throw new Error('500 Internal Server Error (simulated)');
			}
			for (const row of body.calls) {
				const call = byId.get(String(row.id))!;
				if (isEvent(call) && row.status === (call.ends?.status ?? 'completed')) {
					listedFinal.add(call.id);
				}
			}
			return { rows: body.calls, total: body.total, limit: body.limit };
		};
		const pollOptions: PollOptions = { ...options };
		if (config.details) {
			const { flaky } = config.details;
			pollOptions.enrich = detailsEnricher(
				async (call) => {
					detailsRequests++;
					detailsNow++;
					await null;
					if (rand() < flaky) {
						detailsFailed = true;
						throw Object.assign(new Error('500 (simulated)'), { status: 500 });
					}
					if (gone.has(String(call.id))) {
						throw Object.assign(new Error('Call not found'), { status: 404 });
					}
					return { id: call.id, call_status: 'completed' };
				},
				(error) => (error as { status?: number }).status === 404,
			);
		}
		const before = JSON.stringify(staticData.cursor ?? null);
		try {
			// Exactly what poll() does: the store is the static data, pollInto reads and writes it.
			const result = await pollInto(staticData, fetchPage, now, pollOptions, { guard });
			if (!result) {
				skipped++;
				if (requests !== 0) problems.push('a skipped poll made requests');
				return 0;
			}
			totalRequests += requests;
			maxRequests = Math.max(maxRequests, requests);
			const windowStart = firstStart ?? now;
			if (config.tickPerRequest === 0 && !overlapped) {
				// One request per page of the window this poll asked for, as the paging rule says.
				const inWindow = config.ended
					? service.countCreatedSince(windowStart)
					: service.countCompletedSince(windowStart);
				if (requests !== expectedRequests(inWindow, config.quirks)) pageMismatches++;
			}
			if (now >= firstPoll + (config.steadyAfter ?? 0)) {
				// What reading the whole window would have cost this poll (the former behaviour).
				const wholeStart = now - config.lookback;
				const whole = expectedRequests(
					config.ended
						? service.countCreatedSince(wholeStart)
						: service.countCompletedSince(wholeStart),
					config.quirks,
				);
				costs.push({ requests, details: detailsNow, windowMs: now - windowStart, whole });
			}
			maxState = Math.max(maxState, JSON.stringify(staticData).length);
			const finished = clock;
			// Calls completing while the baseline read its pages may go either way: not due.
			if (baselineAt === undefined) baselineAt = finished;
			else {
				// Due: listed final to this poll, ended after the baseline, within the lookback
				// after its creation (the promise); a call past that may be emitted or not.
				for (const id of listedFinal) {
					const c = byId.get(id)!;
					const shown = shownFinal(c);
					if (dueAt.has(id) || shown > now || shown <= baselineAt) continue;
					if (shown - c.created <= config.lookback) dueAt.set(id, now);
				}
			}
			for (const item of result.items) {
				const id = String(item.id);
				const call = byId.get(id)!;
				if (call.completes > finished) problems.push(`${id} emitted before it completed`);
				// What the node emits for it: the call record.
				const emitted = callRecordOfRow(item);
				if (emitted.call_id !== id) problems.push(`${id} emitted as ${String(emitted.call_id)}`);
				if (!isEvent(call)) problems.push(`${id} emitted though it ${call.ends?.status}`);
				const status = call.ends?.status ?? 'completed';
				if (emitted.status !== status) problems.push(`${id} emitted as ${String(emitted.status)}`);
				if (emitted.outcome === 'pending') problems.push(`${id} emitted pending`);
				if (!Array.isArray(emitted.transcript_turns))
					problems.push(`${id} without transcript_turns`);
				if (config.details) {
					if (gone.has(id)) {
						detailsErrors++;
						if (emitted.raw_details !== undefined || !emitted.details_error) {
							problems.push(`${id} without its details_error`);
						}
					} else if ((emitted.raw_details as { id?: unknown } | undefined)?.id !== id) {
						problems.push(`${id} without its details`);
					}
				}
				if (config.tickPerRequest === 0 && !listedFinal.has(id)) {
					problems.push(`${id} emitted but not listed final to its poll`);
				}
				emittedAt.set(id, [...(emittedAt.get(id) ?? []), now]);
				const shown = shownFinal(call);
				delays.push({ delay: Math.max(0, now - shown), age: shown - call.created });
			}
			// Items come in completion order (a row with no time at all is placed when seen).
			const timed = result.items.filter((item) => !byId.get(String(item.id))!.bare);
			for (let i = 1; i < timed.length; i++) {
				const a = byId.get(String(timed[i - 1].id))!;
				const b = byId.get(String(timed[i].id))!;
				if (a.completes > b.completes) problems.push(`out of order at ${now}`);
			}
			return result.items.length;
		} catch (error) {
			if (!failAtRequest && !detailsFailed) {
				problems.push(`unexpected failure at ${now}: ${(error as Error).message}`);
				return -1;
			}
			failed++;
			if (!overlapped && JSON.stringify(staticData.cursor ?? null) !== before)
				problems.push('failed poll changed state');
			return -1;
		}
	};

	const overlapDraw = prng(config.seed ^ 0x0e1a9);
	while (clock <= firstPoll + config.duration) {
		const pollStart = clock;
		polls++;
		const fail = polls > 1 && rand() < (config.failRate ?? 0.1);
		const pagesNow = Math.floor(service.countCompletedSince(pollStart - config.lookback) / 100) + 1;
		const failAt = fail ? 1 + Math.floor(rand() * pagesNow) : undefined;
		if (polls > 1 && overlapDraw() < (config.overlap ?? 0)) {
			// Two Poll Times entries, or a poll slower than its interval: a second poll starts
			// 20 s later on the same static data while the first still reads its pages.
			overlaps++;
			polls++;
			const first = runPoll(failAt, pollStart, true);
			await null;
			await Promise.all([first, runPoll(undefined, pollStart + 20 * SECOND, true)]);
		} else {
			const emitted = await runPoll(failAt, pollStart);
			if (emitted >= 0 && rand() < 0.05) {
				reruns++;
				const again = await runPoll(undefined, clock);
				// Same static data, same data (a frozen window): nothing twice.
				if (config.tickPerRequest === 0 && again !== 0) {
					problems.push(`rerun at ${pollStart} emitted ${again}`);
				}
			}
		}
		clock = Math.max(clock, pollStart + config.pollEvery);
	}

	let emittedOnce = 0;
	let duplicates = 0;
	for (const [id, times] of emittedAt) {
		if (times.length > 1) {
			duplicates++;
			problems.push(`${id} emitted ${times.length} times`);
		} else if (dueAt.has(id)) emittedOnce++;
		const c = byId.get(id)!;
		const inPromise = shownFinal(c) - c.created <= config.lookback;
		if (!dueAt.has(id) && inPromise && config.tickPerRequest === 0) {
			problems.push(`${id} emitted but never due`);
		}
	}
	// Independent of the trigger's windows: calls that ended (and were listed) after the
	// baseline, well inside the lookback of their creation and well before the end, must
	// have been listed final to some successful poll.
	const end = firstPoll + config.duration;
	const surelyDue = population.calls.filter(
		(c) =>
			isEvent(c) &&
			shownFinal(c) > (baselineAt ?? Infinity) + MINUTE &&
			shownFinal(c) - c.created < config.lookback - 30 * MINUTE &&
			// The promised delay: about half its age at its end, plus polls that failed.
			shownFinal(c) + Math.max(30 * MINUTE, (shownFinal(c) - c.created) / 2 + 10 * MINUTE) < end,
	);
	for (const c of surelyDue) if (!dueAt.has(c.id)) problems.push(`${c.id} never due`);
	let missed = 0;
	let late = 0;
	for (const [id, due] of dueAt) {
		const times = emittedAt.get(id);
		if (!times) missed++;
		else if (times[0] > due) late++;
	}
	const perPoll = costs.map((c) => c.requests);
	const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
	return {
		...population,
		polls,
		failed,
		reruns,
		overlaps,
		skipped,
		duplicates,
		detailsRequests,
		detailsErrors,
		due: dueAt.size,
		surelyDue: surelyDue.length,
		emittedOnce,
		missed,
		late,
		maxState,
		maxRequests,
		totalRequests,
		pageMismatches,
		problems,
		/** Over the successful polls after steadyAfter. */
		perPoll: {
			polls: costs.length,
			mean: mean(perPoll),
			p95: quantile(perPoll, 0.95),
			max: Math.max(0, ...perPoll),
			details: mean(costs.map((c) => c.details)),
			/** The same polls reading the whole window (computed by the paging rule). */
			whole: mean(costs.map((c) => c.whole)),
			/** History requests by the window each poll read (rounded up to the hour). */
			byWindow: windowTable(costs),
		},
		/** From the moment a call was listed final to its emission. */
		delay: {
			p50: quantile(
				delays.map((d) => d.delay),
				0.5,
			),
			p95: quantile(
				delays.map((d) => d.delay),
				0.95,
			),
			max: Math.max(0, ...delays.map((d) => d.delay)),
			/** The largest delay beyond half the call's age at its end. */
			overHalfAge: Math.max(0, ...delays.map((d) => d.delay - d.age / 2)),
		},
		delays,
		ms: Date.now() - started,
		serviceRequests: service.requests,
	};
}

/**
 * Calls in the simulated day: `npm test` runs it at 3,000 (the same polls, failures and
 * reruns; a third of the pages to read); SIM_FULL=1 at the 10,000 it was designed at.
 */
const DAY_CALLS = process.env.SIM_FULL === '1' ? 10_000 : 3_000;

describe('trigger simulation', () => {
	test(`a day of ${DAY_CALLS.toLocaleString('en-US')} calls: each completed call once, bounded state, one request per page`, async () => {
		const r = await simulate({
			seed: 20261125,
			calls: DAY_CALLS,
			lookback: DAY,
			tickPerRequest: 0,
			pollEvery: MINUTE,
			span: DAY,
			duration: 2 * DAY,
		});
		console.log(
			`sim: ${r.calls.length} calls, ${r.polls} polls (${r.failed} failed part-way, ${r.reruns} run twice), ` +
				`${r.due} due, ${r.emittedOnce} emitted once, ${r.missed} missed, ${r.late} late, ` +
				`${r.tooLate} completed beyond the lookback, ${r.neverComplete} never completed, ` +
				`state max ${r.maxState} B, requests/poll max ${r.maxRequests}, ` +
				`${r.totalRequests} requests in successful polls (${r.serviceRequests} in all), ${r.ms} ms`,
		);
		expect(r.problems).toEqual([]);
		expect(r.missed).toBe(0);
		expect(r.late).toBe(0);
		expect(r.emittedOnce).toBe(r.due);
		expect(r.surelyDue).toBeGreaterThan(0.9 * DAY_CALLS);
		expect(r.due).toBeGreaterThanOrEqual(r.surelyDue);
		expect(r.maxState).toBeLessThan(MAX_STATE);
		expect(r.pageMismatches).toBe(0);
		expect(r.failed).toBeGreaterThan(200);
		expect(r.reruns).toBeGreaterThan(50);
	});

	test('completions landing while pages are read: still once, by the first poll that lists them final', async () => {
		const r = await simulate({
			seed: 7,
			calls: 2_000,
			lookback: 6 * HOUR,
			tickPerRequest: 2 * SECOND,
			pollEvery: MINUTE,
			span: 6 * HOUR,
			duration: 12 * HOUR,
		});
		console.log(
			`sim (moving clock): ${r.polls} polls (${r.failed} failed, ${r.reruns} run twice), ` +
				`${r.due} due, ${r.emittedOnce} emitted once, ${r.missed} missed, state max ${r.maxState} B, ${r.ms} ms`,
		);
		expect(r.problems).toEqual([]);
		expect(r.missed).toBe(0);
		expect(r.late).toBe(0);
		expect(r.surelyDue).toBeGreaterThan(1000);
		expect(r.due).toBeGreaterThanOrEqual(r.surelyDue);
	});

	/** 2,000 calls made over 6 hours, looked back 6 hours, polled every minute for 12 hours. */
	const busyDay = {
		calls: 2_000,
		lookback: 6 * HOUR,
		tickPerRequest: 0,
		pollEvery: MINUTE,
		span: 6 * HOUR,
		duration: 12 * HOUR,
	};
	const hostile = {
		...busyDay,
		noCreatedAt: 0.02,
		bare: 0.01,
		details: { gone: 0.02, flaky: 0.0005 },
		overlap: 0.1,
	};
	const report = (label: string, r: Awaited<ReturnType<typeof simulate>>) =>
		console.log(
			`sim (${label}): ${r.polls} polls (${r.failed} failed, ${r.overlaps} overlapped, ${r.skipped} skipped by the guard), ` +
				`${r.due} due, ${r.emittedOnce} emitted once, ${r.missed} missed, ${r.duplicates} duplicates, ` +
				`${r.detailsErrors} emitted with details_error, state max ${r.maxState} B, ` +
				`history requests/poll max ${r.maxRequests}, mean ${(r.totalRequests / (r.polls - r.failed - r.skipped)).toFixed(1)}, ` +
				`${r.detailsRequests} details requests, ${r.ms} ms`,
		);
	const expectExact = (r: Awaited<ReturnType<typeof simulate>>) => {
		expect(r.problems).toEqual([]);
		expect(r.missed).toBe(0);
		expect(r.late).toBe(0);
		expect(r.duplicates).toBe(0);
		expect(r.emittedOnce).toBe(r.due);
		expect(r.due).toBeGreaterThanOrEqual(r.surelyDue);
		expect(r.surelyDue).toBeGreaterThan(1000);
		expect(r.pageMismatches).toBe(0);
	};

	test('pages capped at 50 (echoed), total "many", rows without created_at, 404 details, overlapping polls', async () => {
		const r = await simulate({
			...hostile,
			seed: 14,
			quirks: { pageCap: 50, total: 'many' },
		});
		report('page cap 50, guard', r);
		expectExact(r);
		expect(r.overlaps).toBeGreaterThan(40);
		expect(r.skipped).toBe(r.overlaps);
		expect(r.detailsErrors).toBeGreaterThan(10);
		expect(r.failed).toBeGreaterThan(40);
	});

	test('the same without the in-flight guard: settling against the latest state alone keeps it exact', async () => {
		const r = await simulate({
			...hostile,
			seed: 12,
			guard: false,
			quirks: { pageCap: 50, echoLimit: false, total: 'many' },
		});
		report('page cap 50 unechoed, no guard', r);
		expectExact(r);
		expect(r.overlaps).toBeGreaterThan(40);
		expect(r.skipped).toBe(0);
	});

	const mixed = {
		...busyDay,
		endings: { failed: 0.15, cancelled: 0.1 },
		overlap: 0.1,
	};

	test('Call Ended with failed and cancelled calls mixed in: every final call once, one unfiltered read per page', async () => {
		const r = await simulate({ ...mixed, seed: 31, ended: true });
		report('Call Ended, 25 % failed or cancelled', r);
		expectExact(r);
		expect(r.failed).toBeGreaterThan(20);
		expect(r.maxState).toBeLessThan(MAX_STATE);
	});

	test('Call Completed with the same mix emits only the completed calls, each once', async () => {
		const r = await simulate({ ...mixed, seed: 31 });
		report('Call Completed, 25 % failed or cancelled', r);
		expectExact(r);
	});
	/**
	 * The run users do: 10,000 calls a day for two days, polled every minute, Call Ended with a
	 * quarter of the calls failing or cancelled, 5 % of rows listed up to 3 hours late, 10 % of
	 * polls failing part-way, 5 % run twice, 5 % overlapped. Costs are counted over the second
	 * day, when the 24 h window is full.
	 */
	const tenThousand = {
		calls: 20_000,
		lookback: DAY,
		tickPerRequest: 0,
		pollEvery: MINUTE,
		span: 2 * DAY,
		duration: 2 * DAY,
		steadyAfter: DAY + 2 * MINUTE,
		endings: { failed: 0.15, cancelled: 0.1 },
		lateRows: { share: 0.05, maxMs: 3 * HOUR },
		overlap: 0.05,
	};
	const costLine = (label: string, r: Awaited<ReturnType<typeof simulate>>) =>
		console.log(
			`sim (${label}): ${r.polls} polls (${r.failed} failed, ${r.overlaps} overlapped, ${r.reruns} run twice), ` +
				`${r.due} due, ${r.emittedOnce} emitted once, ${r.missed} missed, ${r.duplicates} duplicates; ` +
				`second day: ${r.perPoll.polls} polls, history requests a poll mean ${r.perPoll.mean.toFixed(2)}, ` +
				`p95 ${r.perPoll.p95}, max ${r.perPoll.max} (whole window every poll: ${r.perPoll.whole.toFixed(1)}, ` +
				`${(r.perPoll.whole / r.perPoll.mean).toFixed(1)}x), details a poll ${r.perPoll.details.toFixed(2)}; ` +
				`static data max ${r.maxState} B; delay from listed final to emitted p50 ${Math.round(r.delay.p50 / SECOND)} s, ` +
				`p95 ${Math.round(r.delay.p95 / SECOND)} s, max ${Math.round(r.delay.max / SECOND)} s, ` +
				`at most ${Math.round(r.delay.overHalfAge / SECOND)} s beyond half the age; ` +
				`by window: ${r.perPoll.byWindow}; ${r.ms} ms`,
		);
	const expectKept = (r: Awaited<ReturnType<typeof simulate>>) => {
		expect(r.problems.slice(0, 10)).toEqual([]);
		expect(r.missed).toBe(0);
		expect(r.late).toBe(0);
		expect(r.duplicates).toBe(0);
		expect(r.emittedOnce).toBe(r.due);
		expect(r.due).toBeGreaterThanOrEqual(r.surelyDue);
		expect(r.surelyDue).toBeGreaterThan(12_000);
		expect(r.pageMismatches).toBe(0);
		expect(r.maxState).toBeLessThanOrEqual(MAX_STATE);
		expect(r.failed).toBeGreaterThan(200);
	};

	test('10,000 calls a day, Call Ended, rows listed late: at most 5 history requests a poll on average', async () => {
		const r = await simulate({ ...tenThousand, seed: 48, ended: true });
		costLine('10,000 a day, Call Ended', r);
		expectKept(r);
		// The bound of issue 48, as a count over the seeded day (not a time).
		expect(r.perPoll.mean).toBeLessThanOrEqual(5);
	});

	test('10,000 calls a day, Call Completed, rows listed late: each completed call once', async () => {
		const r = await simulate({ ...tenThousand, seed: 48 });
		costLine('10,000 a day, Call Completed', r);
		expectKept(r);
	});
	test('10,000 calls a day on a hostile service (pages capped at 50 unechoed, total "many", rows without created_at, 404 details, no guard): each ended call once', async () => {
		const r = await simulate({
			...tenThousand,
			seed: 4848,
			ended: true,
			quirks: { pageCap: 50, echoLimit: false, total: 'many' },
			noCreatedAt: 0.02,
			bare: 0.01,
			details: { gone: 0.02, flaky: 0.0005 },
			guard: false,
		});
		costLine('10,000 a day, Call Ended, hostile service', r);
		expectKept(r);
		expect(r.detailsErrors).toBeGreaterThan(100);
	});
});
