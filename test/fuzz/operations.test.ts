/**
 * The fuzz suite: every operation against generated parameters, items, node settings and
 * answers (see driver.ts for what is checked). `npm test` runs a few hundred cases per
 * operation on a fixed seed; `npm run fuzz` runs 10,000+ per operation on a fresh seed.
 *
 * Waiting is virtual: n8n's sleep advances a clock that Date.now reads, so retries,
 * Retry-After and waiting for completion take no real time.
 */
import fc from 'fast-check';

import { packageOperations } from '../helpers/nodes';
import { property } from './driver';
import { ENTRIES } from './operations';

const mockClock = { ms: 0 };
jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual('n8n-workflow');
	return {
		...actual,
		// Advances the clock, and yields to pending I/O: a loop of sleeps (the Start watcher's
		// rounds while rows are still being dialled) must let nock's answers through.
		sleep: async (ms: number) => {
			mockClock.ms += Math.max(0, Number(ms) || 0);
			await new Promise((resolve) => setImmediate(resolve));
		},
	};
});
const realNow = Date.now.bind(Date);
jest.spyOn(Date, 'now').mockImplementation(() => realNow() + mockClock.ms);

// n8n's wall-clock regex limit is replaced for every suite in test/helpers/afterEnv.ts.

const FULL = Number(process.env.FUZZ_RUNS) || 0;
const CI_RUNS = 150;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FULL ? Date.now() : 20260101;

/** Entries skipped for a finding in code another change owns: none now. */
const KNOWN: Record<string, string> = {};

jest.setTimeout(FULL ? 6 * 3600 * 1000 : 300000);

describe('fuzz: every operation keeps its guarantees', () => {
	for (const entry of ENTRIES) {
		const run = KNOWN[entry.name] ? test.skip : test;
		run(`${entry.name}${KNOWN[entry.name] ? ` (skipped: ${KNOWN[entry.name]})` : ''}`, async () => {
			const numRuns = FULL ? Math.max(FULL, entry.fullRuns ?? 0) : (entry.ciRuns ?? CI_RUNS);
			const started = realNow();
			await fc.assert(property(entry), { numRuns, seed, endOnFailure: true });
			if (FULL)
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
