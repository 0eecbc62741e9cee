// @ts-check
'use strict';

/**
 * Every time bound of the test suites, in one place. A bound is how long a wait for an event
 * (the editor's canvas drawn, an execution finished, a port open, a log line) may take
 * before the wait fails: a failure bound, never the expected duration. Healthy runs end
 * each wait far sooner, so the values are generous: a loaded 2-core machine is slow, not
 * broken. What is certain fails at once instead (a page error, an execution that ended in
 * error, a child process that exited).
 *
 * TEST_BOUNDS_SCALE multiplies every bound (e.g. 2 on a very slow machine, 0.5 to find a
 * hang sooner).
 *
 * A "grace" is not a failure: how long a stopping process gets before SIGKILL, or how long
 * a counter must stay still to count as settled.
 */

const S = 1000;
const MIN = 60 * S;

/** @type {Record<string, { ms: number, why: string }>} */
const BOUNDS = {
	// Browser suite (test/ui/run.js, test/ui/steps.js)
	uiWait: {
		ms: 2 * MIN,
		why: "every navigation and page wait (the editor's canvas, a panel, a list, search results): 1-5 s idle, 20 s+ loaded",
	},
	uiAttempt: {
		ms: 15 * S,
		why: 'one attempt of a click retried until its panel shows (a panel still sliding in moves its items)',
	},
	uiSettle: {
		ms: 1500,
		why: 'grace: network idle after a panel opens (n8n keeps connections open)',
	},
	uiListSettle: {
		ms: 5 * S,
		why: "grace: a dropdown list's service answer replacing the value shown first",
	},
	uiToast: { ms: 5 * S, why: 'grace: toasts fading before a README picture' },
	devStart: {
		ms: 10 * MIN,
		why: '`npm run dev` (build, sandbox, n8n) until its "is running." line; its exit fails at once',
	},
	devStop: { ms: 30 * S, why: 'grace: `npm run dev` stopping on SIGTERM before SIGKILL' },

	// Processes (scripts/n8n/env.js, test/queue/cluster.ts)
	exec: {
		ms: 20 * MIN,
		why: 'a child process run to its exit (npm pack, an install into a user folder)',
	},
	n8nCli: { ms: 10 * MIN, why: 'one n8n CLI command (execute, import, activate) to its exit' },
	n8nStart: {
		ms: 5 * MIN,
		why: "n8n's startup line, then /healthz/readiness and /rest/settings; its exit fails at once",
	},
	serviceStart: {
		ms: 3 * MIN,
		why: "Redis, Postgres or `npm run dev`'s sandbox answering on its port; its exit fails at once",
	},
	publication: {
		ms: 5 * MIN,
		why: "n8n 2.x's publication of a workflow reaching a settled status",
	},
	stopGrace: { ms: 20 * S, why: 'grace: a child stopping on SIGTERM before SIGKILL' },
	probe: { ms: 2 * S, why: 'one HTTP probe of a port (retried until the startup bound)' },
	n8nAnswer: {
		ms: 3 * MIN,
		why: 'one request to n8n\'s REST API sent again while n8n cannot serve it (503 "Database is not ready!" when its database check fails on a slow machine, a refused connection while it starts; scripts/n8n/rest.js)',
	},

	// What n8n or the sandbox does (test/e2e, test/queue, test/helpers/wait.ts)
	event: {
		ms: 3 * MIN,
		why: 'something done in seconds when healthy: an execution finished, a call ended, a webhook answered, a process gone',
	},
	campaignRun: {
		ms: 10 * MIN,
		why: "a small campaign from its start (the example's: a minute or two ahead) until every call ended: 2 min when healthy",
	},
	poll: {
		ms: 3 * MIN,
		why: 'one poll of a polling trigger (every minute on 1.x, at most once a minute on 2.x); N polls wait N of these',
	},
	quiet: {
		ms: 1500,
		why: 'grace: a counter unchanged this long counts as settled (a poll done paging)',
	},

	// Whole tests (jest configs)
	unitTest: {
		ms: 2 * MIN,
		why: 'one unit test (waits are virtual; the bulk sandbox tests are the slowest)',
	},
	fuzzTest: { ms: 5 * MIN, why: "one operation's fuzz run at `npm test` size" },
	propertyTest: {
		ms: 10 * MIN,
		why: "one property test whose every run is several whole node runs (Check Calls' cost: 40 runs of 8 checks, 60 s seen on a loaded machine)",
	},
	e2eTest: { ms: 30 * MIN, why: 'one e2e test: a real n8n, many executions' },
	queueTest: { ms: 20 * MIN, why: 'one queue-mode test, and the cluster starting' },
	massStart: {
		ms: 40 * MIN,
		why: 'twelve n8n 2.x and twelve sandboxes starting at once (test/queue/ports.test.ts): minutes each on a loaded 2-core machine',
	},
};

const SCALE = (() => {
	const raw = process.env.TEST_BOUNDS_SCALE;
	if (raw === undefined || raw === '') return 1;
	const n = Number(raw);
	if (!(n > 0)) throw new Error(`TEST_BOUNDS_SCALE must be a positive number, not "${raw}"`);
	return n;
})();

/**
 * A bound in ms, scaled by TEST_BOUNDS_SCALE; `times` for a wait of several events (N polls).
 * @param {keyof typeof BOUNDS} name @param {number} [times]
 */
function bound(name, times = 1) {
	const entry = BOUNDS[name];
	if (!entry) throw new Error(`no bound named ${name}`);
	return Math.round(entry.ms * SCALE * times);
}

module.exports = { BOUNDS, SCALE, bound };
