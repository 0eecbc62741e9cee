/**
 * The fuzz suite: every operation against generated parameters, items, node settings and
 * answers (see driver.ts for what is checked). `npm test` runs a few dozen cases per
 * operation on a fixed seed (it is the suite every change runs: it must stay quick);
 * `npm run fuzz` (FUZZ_FULL=1) runs 10,000+ per operation on a fresh seed. FUZZ_RUNS and
 * FUZZ_SEED override both; FUZZ_PATH replays one counterexample (a failure prints how).
 *
 * Waiting is virtual: n8n's sleep advances a clock that Date.now reads, so retries,
 * Retry-After and waiting for completion take no real time.
 */
import fc from 'fast-check';

import { bound } from '../../lib/bounds';
import { packageOperations } from '../helpers/nodes';
import { property } from './driver';
import { ENTRIES } from './operations';
import { realNow } from '../helpers/virtualClock';

jest.mock('n8n-workflow', () => require('../helpers/virtualClock').n8nWorkflowWithVirtualSleep());

// n8n's wall-clock regex limit is replaced for every suite in test/helpers/afterEnv.ts.

const FULL = process.env.FUZZ_FULL === '1';
const RUNS = Number(process.env.FUZZ_RUNS) || 0;
const REPLAY = process.env.FUZZ_PATH || undefined;
/** Cases per operation in `npm test`; the deep run is `npm run fuzz`. */
const CI_RUNS = 30;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FULL ? Date.now() : 20260101;

/** Entries skipped for a finding in code another change owns: none now. */
const KNOWN: Record<string, string> = {};

jest.setTimeout(FULL || RUNS ? 6 * 3600 * 1000 : bound('fuzzTest'));

describe('fuzz: every operation keeps its guarantees', () => {
	for (const entry of ENTRIES) {
		const run = KNOWN[entry.name] ? test.skip : test;
		run(`${entry.name}${KNOWN[entry.name] ? ` (skipped: ${KNOWN[entry.name]})` : ''}`, async () => {
			const numRuns = RUNS || (FULL ? (entry.fullRuns ?? 10000) : (entry.ciRuns ?? CI_RUNS));
			const started = realNow();
			const details = await fc.check(property(entry), {
				numRuns,
				seed,
				path: REPLAY,
				endOnFailure: true,
			});
			if (details.failed) {
				// The seed and path replay it in a second: say how, before fast-check's report.
				const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} npx jest test/fuzz -t '${entry.name}'`;
				const rerun = `FUZZ_SEED=${details.seed} FUZZ_RUNS=${numRuns} npx jest test/fuzz -t '${entry.name}'`;
				throw new Error(
					`${entry.name} failed (seed ${details.seed}, path ${details.counterexamplePath}).\n` +
						`Replay the counterexample: ${replay}\nRerun the whole run: ${rerun}\n\n` +
						`${fc.defaultReportMessage(details) ?? ''}`,
				);
			}
			if (FULL || RUNS)
				console.log(
					`${entry.name}: ${numRuns} runs in ${((realNow() - started) / 1000).toFixed(1)} s (seed ${seed})`,
				);
		});
	}
});

describe('fuzz table', () => {
	test('has an entry for every operation of every node package.json declares', () => {
		const missing = packageOperations()
			.filter(
				([type, resource, operation]) =>
					!ENTRIES.some(
						(e) => e.type === type && e.resource === resource && e.operation === operation,
					),
			)
			.map(([type, resource, operation]) => `${type} ${resource}.${operation}`);
		expect(missing).toEqual([]);
	});
});
