// @ts-check
'use strict';

/**
 * `npm run soak -- --n8n [--minutes N] [--calls-per-day N] [--seed N] [--speed N] [--mix ...]
 * [--at HH:MM|now]`: the day on n8n's engine. The shipped examples (Follow up on every ended
 * call, active; Wait for a sheet's calls, run for each sheet; Campaign from a sheet, run once),
 * imported as shipped with only their credentials and their sheet swapped, in n8n 2.x queue
 * mode (its own Postgres and Redis, a main, two workers, a webhook process: the queue suites'
 * cluster), against the sandbox on its real clock, at the week's rate for `--minutes`; a worker,
 * the main and the webhook process killed (-9) at seeded moments and each started again.
 *
 * n8n and the sandbox run on one clock moved to `--at` (UTC, default 19:00, when every US and
 * Canadian zone is inside 08:00-21:00; libfaketime for n8n, as the follow-up suite does): the
 * examples dial at any hour, as shipped, so the judge's callee window holds only in the
 * callees' daytime. `--at now` keeps the real clock.
 *
 * Prints the judge's counts (bench/soak/judge.js), requests per placed call, each process's
 * memory over the run, n8n's database bytes per call, and ends with the soak's one line.
 * Exits non-zero on any wrong count.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { cluster: clusterModule, flatted, REPO } = require('./n8nTs');
const env = require(path.join(REPO, 'scripts/n8n/env.js'));
const { ensureN8n } = require(path.join(REPO, 'scripts/n8n/install.js'));
const { createSandbox } = require(path.join(REPO, 'sandbox'));
const { countingProxy } = require(path.join(REPO, 'bench/lib.js'));
const { judge } = require('./judge');
const { makePlan, parseMix, csv, rng, DEFAULT_MIX } = require('./n8nPlan');
const {
	memorySampler,
	databaseBytes,
	emissions,
	executionDigest,
	crashedOnly,
} = require('./n8nMeasure');
const { recorder, judgeInput, contactTruth, ENDED } = require('./n8nLedger');
const setup = require('./n8nSetup');
const { report } = require('./n8nReport');

const MIN = 60_000;
/** A not-reached call's call-back is owed within this (a poll a minute, a restart, the queue). */
const DUE_WITHIN_MS = 5 * MIN;
/** The hours a callee may be rung, in their own zone (a choice: the usual legal calling hours). */
const CALLEE_WINDOW = { start: '08:00', end: '21:00' };
/** The follow-up example's Max Attempts. */
const MAX_ATTEMPTS = 3;

/** @param {string[]} argv */
function options(argv) {
	const value = (/** @type {string} */ name, /** @type {string} */ fallback) => {
		const i = argv.indexOf(name);
		return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
	};
	const num = (/** @type {string} */ name, /** @type {number} */ fallback) => {
		const n = Number(value(name, String(fallback)));
		if (!(n > 0)) throw new Error(`${name} needs a number above 0`);
		return n;
	};
	const short = argv.includes('--short');
	return {
		minutes: num('--minutes', short ? 5 : 60),
		callsPerDay: num('--calls-per-day', 10_000),
		seed: num('--seed', 48),
		speed: num('--speed', 4),
		mix: parseMix(value('--mix', DEFAULT_MIX)),
		at: value('--at', '19:00'),
		sampleMs: num('--sample-seconds', short ? 15 : 60) * 1000,
	};
}

/** Whole seconds to move the clocks forward to the next `HH:MM` UTC (0: now, or inside the hour). */
function clockShift(/** @type {string} */ at) {
	if (at === 'now') return 0;
	const m = /^(\d{2}):(\d{2})$/.exec(at);
	if (!m) throw new Error(`--at takes HH:MM (UTC) or now, not ${at}`);
	const now = Date.now();
	const day = new Date(now);
	day.setUTCHours(Number(m[1]), Number(m[2]), 0, 0);
	let target = day.getTime();
	// Already in the hour from it: run now.
	if (now >= target && now < target + 60 * MIN) return 0;
	if (target < now) target += 24 * 60 * MIN;
	return Math.ceil((target - now) / 1000);
}

const say = (/** @type {string} */ line) =>
	console.log(`[soak-n8n ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @param {string[]} argv */
async function main(argv) {
	const o = options(argv);
	const started = Date.now();
	const plan = makePlan({
		seed: o.seed,
		minutes: o.minutes,
		callsPerDay: o.callsPerDay,
		mix: o.mix,
	});
	say(
		`${o.minutes} min at ${o.callsPerDay} calls/day: ${plan.total} contacts (${plan.campaign.length} by the campaign, ${plan.sheets.length} sheets), seed ${o.seed}, speed ${o.speed}; kills ${plan.kills.map((k) => `${k.kind}@${(k.atMs / MIN).toFixed(1)}min`).join(', ')}`,
	);
	if (process.env.E2E_BUILT !== '1') {
		say('building the package (npm run build)...');
		await env.mustExec(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
			env: env.npmEnv(),
		});
	}
	const n8n = await ensureN8n({ major: 2, log: () => undefined });
	say(`n8n ${n8n.version} ready`);

	const shift = clockShift(o.at);
	const sandbox = await createSandbox({ port: 0, clock: 'real', speed: o.speed, seed: o.seed });
	if (shift) sandbox.advance(shift * 1000);
	const record = recorder(sandbox);
	const proxies = {
		trigger: await countingProxy(sandbox.origin),
		callBack: await countingProxy(sandbox.origin),
		other: await countingProxy(sandbox.origin),
	};
	const apiPath = new URL(sandbox.url).pathname;

	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-agent-soak-n8n-'));
	const files = env.prepareFilesFolder(userFolder).folder;
	// The contacts the follow-up example reads (its shipped path): everyone this day calls.
	fs.writeFileSync(path.join(files, 'campaign', 'contacts.csv'), csv(plan.contacts));
	fs.mkdirSync(path.join(files, 'soak'), { recursive: true });
	for (const s of plan.sheets)
		fs.writeFileSync(path.join(files, 'soak', `sheet-${s.k}.csv`), csv(s.rows));
	fs.writeFileSync(path.join(files, 'soak', 'campaign.csv'), csv(plan.campaign));
	await env.installForSuite(userFolder);

	const { Cluster } = clusterModule();
	/** @type {NodeJS.ProcessEnv} */
	const clockEnv = {};
	if (shift) {
		const { shiftClock } = require(path.join(REPO, 'test/helpers/fakeClock.ts'));
		shiftClock(clockEnv, shift);
	}
	const cluster = new Cluster({
		n8n,
		userFolder,
		// The examples read their files relative to the folder n8n runs in: the user folder.
		cwd: userFolder,
		extra: {
			// As n8n 3.x always does: the sheets' manual runs go to the workers.
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			QUEUE_WORKER_LOCK_DURATION: '10000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
			QUEUE_WORKER_STALLED_INTERVAL: '5000',
			N8N_LOG_LEVEL: 'info',
			...clockEnv,
		},
		log: say,
	});
	let exitCode = 1;
	// Ctrl-C or a CI timeout: stop what was started (the n8n processes run in their own groups).
	const interrupted = () => {
		say('interrupted: stopping the cluster');
		cluster.stop().finally(() => {
			if (!process.env.SOAK_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
			process.exit(130);
		});
	};
	process.once('SIGINT', interrupted);
	process.once('SIGTERM', interrupted);
	try {
		exitCode = await runDay({ o, plan, sandbox, record, proxies, apiPath, cluster, n8n, shift });
	} finally {
		for (const p of Object.values(proxies)) await p.close();
		const left = await cluster.stop();
		await sandbox.close();
		if (!process.env.SOAK_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
		if (left.leftPids.length || left.leftPorts.length)
			say(`left behind: pids ${left.leftPids.join(' ')} ports ${left.leftPorts.join(' ')}`);
		say(`done in ${((Date.now() - started) / MIN).toFixed(1)} min of wall time`);
	}
	return exitCode;
}

/**
 * Redis, Postgres, the workflows and credentials imported, the main (the follow-up example
 * activated there, as the editor's Publish does), two workers and a webhook process.
 * @param {any} ctx
 */
async function startCluster(ctx) {
	const { plan, proxies, apiPath, cluster, n8n } = ctx;
	await cluster.startStores();
	const { all, sheetIds, callBackNodes } = setup.workflows(plan.sheets.length);
	const credential = (/** @type {{ id: string, name: string }} */ ref, /** @type {any} */ proxy) =>
		env.sandboxCredential({ ...ref, baseUrl: `${proxy.origin}${apiPath}` });
	await env.importAll(n8n, await cluster.cliEnv(), {
		credentials: [
			credential(setup.CREDENTIALS.other, proxies.other),
			credential(setup.CREDENTIALS.trigger, proxies.trigger),
			credential(setup.CREDENTIALS.callBack, proxies.callBack),
		],
		workflows: all,
	});
	await cluster.startMain();
	ctx.rest = env.restClient(cluster.mainPort);
	await ctx.rest.ownerLogin();
	await env.activateInN8n(n8n, ctx.rest, setup.FOLLOW_UP, { log: () => cluster.main?.lines ?? [] });
	await cluster.startWorker();
	await cluster.startWorker();
	await cluster.startWebhook();
	return { sheetIds, callBackNodes };
}

/**
 * The day's events in order: the campaign at once, each sheet at its minute, each kill -9 at
 * its moment followed by a start of the same kind of process (a new main is logged in to).
 * @param {any} ctx @param {{ rest: any, runs: Record<string, string>, killLog: string[], t0: number }} state
 * @param {string[]} sheetIds
 */
function dayEvents(ctx, state, sheetIds) {
	const { plan, cluster } = ctx;
	/** @type {Array<{ at: number, what: string, run: () => Promise<void> }>} */
	const events = [
		{
			at: 0,
			what: 'campaign',
			run: async () =>
				void (state.runs[setup.CAMPAIGN] = await env.startManualRun(state.rest, setup.CAMPAIGN)),
		},
	];
	for (const s of plan.sheets)
		events.push({
			at: s.atMs,
			what: `sheet ${s.k} (${s.rows.length} rows)`,
			run: async () =>
				void (state.runs[sheetIds[s.k]] = await env.startManualRun(state.rest, sheetIds[s.k])),
		});
	for (const k of plan.kills)
		events.push({
			at: k.atMs,
			what: `kill -9 ${k.kind}`,
			run: async () => {
				const t = Date.now();
				if (k.kind === 'main') {
					await cluster.kill9(cluster.main);
					await cluster.startMain();
					state.rest = env.restClient(cluster.mainPort);
					await state.rest.ownerLogin();
				} else {
					const list = k.kind === 'worker' ? cluster.workers : cluster.webhooks;
					const victim = list[k.kind === 'worker' ? k.worker % list.length : 0];
					await cluster.kill9(victim);
					list.splice(list.indexOf(victim), 1);
					await (k.kind === 'worker' ? cluster.startWorker() : cluster.startWebhook());
				}
				state.killLog.push(
					`${k.kind} killed at ${((t - state.t0) / MIN).toFixed(1)} min, back after ${((Date.now() - t) / 1000).toFixed(0)} s`,
				);
			},
		});
	return events.sort((a, b) => a.at - b.at);
}

/** @param {any} ctx */
async function runDay(ctx) {
	const { o, plan, sandbox, record, proxies, cluster, n8n } = ctx;
	const { sheetIds, callBackNodes } = await startCluster(ctx);
	// The trigger's first poll (at activation) records where it starts: calls from now on count.
	const emitFrom = sandbox.now();
	const since = emitFrom;
	const dbBefore = await databaseBytes(cluster);
	const t0 = Date.now();
	const memory = memorySampler(cluster, t0, o.sampleMs);
	/** @type {{ rest: any, runs: Record<string, string>, killLog: string[], t0: number }} */
	const state = { rest: ctx.rest, runs: {}, killLog: [], t0 };
	const { runs, killLog } = state;
	for (const e of dayEvents(ctx, state, sheetIds)) {
		const wait = t0 + e.at - Date.now();
		// The plan's own moments (a schedule, not a wait for something to happen).
		if (wait > 0) await sleep(wait);
		say(e.what);
		await e.run();
	}
	const wait = t0 + plan.span - Date.now();
	if (wait > 0) await sleep(wait);
	say('the day is over: draining (every call ended, its call-back due or placed)');
	const parse = (/** @type {string} */ text) => flatted().parseFlatted(n8n.dir, text);
	const followUpRuns = () =>
		emissions(cluster, parse, setup.FOLLOW_UP, setup.TRIGGER_NODE, callBackNodes);
	const drain = await drainUntilSettled(
		sandbox,
		record,
		proxies.trigger.log,
		ctx.shift * 1000,
		async () => {
			const [[count]] = await cluster.sql(
				`select count(*) from execution_entity where "workflowId" = '${setup.FOLLOW_UP}' and status = 'crashed'`,
			);
			if (Number(count) === 0) return new Set();
			return new Set(crashedOnly(await followUpRuns()).map((c) => c.call_id));
		},
	);
	if (drain.capped)
		say(
			`the day did not settle within 30 minutes (call-backs owed: ${drain.owed.join(' ')}; ${drain.open} calls open): judged as it is`,
		);
	memory.take();
	memory.stop();
	const horizon = sandbox.now();
	const dbAfter = await databaseBytes(cluster);
	const followUps = await followUpRuns();
	const statuses = await cluster.sql(
		'select "workflowId", status, count(*) from execution_entity group by 1, 2 order by 1, 2',
	);
	// One execution of each manual workflow, node by node (the first sheet, the campaign).
	/** @type {Record<string, any>} */
	const digests = {};
	for (const id of [sheetIds[0], setup.CAMPAIGN])
		if (runs[id]) digests[id] = await executionDigest(cluster, parse, runs[id]);
	const emitted = followUps.flatMap((e) => e.callIds.map((call_id) => ({ call_id, at: e.at })));
	const random = rng(o.seed + 1);
	const contacts = await contactTruth(plan.contacts, random, CALLEE_WINDOW);
	const input = judgeInput({
		sandbox,
		record,
		since,
		contacts,
		emitted,
		horizon,
		emitFrom,
		emitBy: drain.quietSince,
		dueWithinMs: DUE_WITHIN_MS,
		maxAttempts: MAX_ATTEMPTS,
		crashed: crashedOnly(followUps),
	});
	const verdict = judge(input);
	return report({
		o,
		plan,
		verdict,
		input,
		proxies,
		memory: memory.samples,
		dbBefore,
		dbAfter,
		followUps,
		statuses,
		killLog,
		runs,
		digests,
		wallMs: Date.now() - t0,
		t0,
		shiftMs: ctx.shift * 1000,
		drain,
	});
}

/**
 * Waits until the day has settled: no call rings or waits to ring soon, every not-reached call
 * short of Max Attempts has its call-back placed, but those the workflow received only in an
 * execution n8n marked crashed (`lost`: nothing places them any more, the judge counts them
 * apart), and the trigger has polled twice since the last call ended (so it had every ended
 * call to emit). Bounded: after 30 minutes it stops, and the judge counts what was owed and
 * not done.
 * @param {any} sandbox @param {ReturnType<typeof recorder>} record
 * @param {Array<{ at: number, method: string, path: string }>} triggerLog @param {number} shiftMs
 * @param {() => Promise<Set<string>>} lost
 */
async function drainUntilSettled(sandbox, record, triggerLog, shiftMs, lost) {
	const deadline = Date.now() + 30 * MIN;
	let told = Date.now();
	const notReached = ['no_answer', 'busy', 'voicemail', 'failed'];
	for (;;) {
		const now = sandbox.now();
		const lastEnd = record.ended.length ? record.ended[record.ended.length - 1].at : 0;
		const open = sandbox.store.calls.filter(
			(/** @type {any} */ c) =>
				!ENDED.includes(c.status) &&
				c.next_event_at !== null &&
				c.next_event_at <= now + DUE_WITHIN_MS,
		).length;
		const parentOf = new Map(
			sandbox.ledger.map((/** @type {any} */ p) => [p.call_id, p.parent_call_id]),
		);
		const children = new Set(parentOf.values());
		const depth = (/** @type {string} */ id) => {
			let n = 1;
			for (let p = parentOf.get(id); p && n < 99; p = parentOf.get(p)) n++;
			return n;
		};
		let owing = record.ended.filter(
			(e) =>
				notReached.includes(e.outcome) &&
				parentOf.has(e.call_id) &&
				depth(e.call_id) < MAX_ATTEMPTS &&
				!children.has(e.call_id),
		);
		if (owing.length) {
			const gone = await lost();
			owing = owing.filter((e) => !gone.has(e.call_id));
		}
		const owed = owing.map(
			(e) => `${e.call_id.slice(0, 8)}@${sandbox.store.callsById.get(e.call_id)?.to_number}`,
		);
		const pollsSince = setup.requestSummary(
			triggerLog.filter((r) => r.at + shiftMs > lastEnd + 1000),
		).bursts;
		if (open === 0 && owed.length === 0 && pollsSince >= 2)
			return { quietSince: lastEnd, capped: false, owed, open };
		if (Date.now() > deadline) return { quietSince: now - DUE_WITHIN_MS, capped: true, owed, open };
		if (Date.now() - told >= MIN) {
			told = Date.now();
			say(
				`draining: ${open} calls open, ${owed.length} call-backs owed (${owed.slice(0, 3).join(' ')}), ${pollsSince} polls since the last end`,
			);
		}
		await sleep(5000);
	}
}

module.exports = { main, options, clockShift };

if (require.main === module)
	main(process.argv.slice(2)).then(
		(code) => process.exit(code),
		(error) => {
			console.error(`[soak-n8n] ${error.stack ?? error}`);
			process.exit(1);
		},
	);
