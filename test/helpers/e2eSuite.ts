/**
 * What every end-to-end file against a real n8n sets up the same way, once: a sandbox on the
 * real clock, the pinned n8n, a throwaway user folder with n8n's files folder as `npm run dev`
 * makes it (`.n8n-files`, the one folder n8n may read from disk, holding the examples' sample
 * files; n8n runs in the user folder, so the examples' relative paths find them), the package
 * built and installed the way users install it; one running n8n (n8nRunner), started when
 * first needed, which creates the sandbox credential and the file's workflows; and afterwards
 * the folder removed and the timings printed. A file calls `e2eSuite(...)` at its top level
 * and reads the fields of what it returns inside its tests (they are set in beforeAll).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createSandbox, type Sandbox } from '../../sandbox';
import { ensureN8n, type N8nInstall } from '../../scripts/n8n/install';
import * as env from '../../scripts/n8n/env';
import { shiftClock } from './fakeClock';
import { withN8nLog } from './n8nLog';
import { executionsOf, n8nRunner, runFailure, type Imports, type RunResult } from './n8nRunner';
import { stopwatch } from './timings';

export const MAJOR: 1 | 2 = process.env.N8N_MAJOR === '2' ? 2 : 1;
export const REPO = path.resolve(__dirname, '../..');
export const CREDENTIAL = { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' };
/** n8n polls at most once a minute; 1.x takes a list of seconds (every 5 s), 2.x does not. */
export const POLL_CRON = MAJOR === 2 ? '* * * * *' : '0,5,10,15,20,25,30,35,40,45,50,55 * * * * *';
/** Polls without an emission after the last one, before "exactly once" holds. */
export const QUIET_POLLS = MAJOR === 2 ? 1 : 3;

export interface E2eSuite {
	sandbox: Sandbox;
	n8n: N8nInstall;
	n8nEnv: NodeJS.ProcessEnv;
	userFolder: string;
	/** The folder n8n may read files from (N8N_RESTRICT_FILE_ACCESS_TO), with the samples. */
	files: string;
	timings: string[];
	timed: <T>(label: string, work: () => Promise<T>) => Promise<T>;
	/**
	 * Runs one of the file's workflows (named by the id it was written with) in the suite's
	 * running n8n (started when first needed, see n8nRunner); fails with n8n's error unless
	 * the run succeeded.
	 */
	execute(id: string): Promise<RunResult>;
	/** The same run, returned whether it succeeded or not. */
	run(id: string): Promise<RunResult>;
	/** Activates one of the file's workflows in the running n8n, as the editor does. */
	activate(id: string): Promise<void>;
	/** The running n8n (started now if none runs): its REST API, logged in, and its log. */
	n8nReady(): Promise<{ rest: ReturnType<typeof env.restClient>; log: () => string }>;
	/** Stops the running n8n; the next call that needs it starts it again (same database). */
	stopN8n(): Promise<void>;
	/**
	 * n8n's wall clock reads `ms` now and runs on from it (to the second; libfaketime,
	 * test/helpers/fakeClock.ts): the sandbox's `now()` puts n8n on the sandbox's clock (moved
	 * by `sandbox.advance`, by whole seconds). Called while no n8n runs, from its next start on;
	 * while one runs, it moves within a second (libfaketime reads the offset from a file).
	 * Only forward: n8n's saved times must not lie ahead of it.
	 */
	n8nClockAt(ms: number): void;
	/** The executions of one of the file's workflows in the running n8n, with their run data. */
	executions(id: string): Promise<Awaited<ReturnType<typeof executionsOf>>>;
}

export function e2eSuite(options: {
	/** Names the user folder and the printed timings. */
	label: string;
	seed: number;
	/** How the sandbox reads a later call's scheduled_at (FACTS leaves it open); default honour. */
	scheduledAt?: 'honour' | 'ignore';
	/** The sandbox's speed (its calls' durations divided by it); default 20. */
	speed?: number;
	/** Writes what the workflows read into the files folder (beside the examples' samples). */
	prepare?: (files: string) => void;
	workflows: (suite: E2eSuite) => object[];
}): E2eSuite {
	const timings: string[] = [];
	const suite = { timings, timed: stopwatch(timings) } as E2eSuite;
	const runner = n8nRunner(() => ({
		...suite,
		imports: () => ({
			credentials: [env.sandboxCredential({ ...CREDENTIAL, baseUrl: suite.sandbox.url })],
			workflows: options.workflows(suite) as Imports['workflows'],
		}),
	}));
	let starts = 0;
	const ready = async () => {
		const { rest } = runner.running()
			? await runner.ready()
			: await suite.timed(
					starts++ === 0
						? 'n8n start, credential + workflows created (until ready)'
						: 'n8n restart (until ready)',
					() => runner.ready(),
				);
		return { rest, log: runner.log };
	};
	suite.n8nReady = ready;
	suite.run = async (id: string) => {
		await ready();
		return await suite.timed(`run ${id}`, () => runner.run(id));
	};
	suite.execute = async (id: string) => {
		const result = await suite.run(id);
		if (!result.succeeded) throw withN8nLog(new Error(runFailure(id, result)), runner.log());
		return result;
	};
	suite.activate = async (id: string) => {
		await ready();
		await suite.timed(`activate ${id}`, () => runner.activate(id));
	};
	suite.stopN8n = () => runner.stop();
	suite.n8nClockAt = (ms: number) => {
		if (runner.running() && !suite.n8nEnv.FAKETIME_TIMESTAMP_FILE)
			throw new Error('this n8n started on the real clock: stop it before moving its clock');
		shiftClock(
			suite.n8nEnv,
			Math.round((ms - Date.now()) / 1000),
			path.join(suite.userFolder, 'faketime'),
		);
	};
	// An ended execution's data never changes: read once, however often a wait checks.
	const ended = new Map<string, unknown>();
	suite.executions = async (id: string) =>
		await executionsOf((await ready()).rest, suite.n8n.dir, runner.id(id), ended);

	beforeAll(async () => {
		suite.sandbox = await createSandbox({
			port: 0,
			clock: 'real',
			speed: options.speed ?? 20,
			seed: options.seed,
			...(options.scheduledAt ? { scheduledAt: options.scheduledAt } : {}),
		});
		suite.n8n = await suite.timed('n8n install (cached after the first run)', () =>
			ensureN8n({ major: MAJOR, log: () => undefined }),
		);
		suite.userFolder = mkdtempSync(path.join(tmpdir(), `voice-agent-e2e-${options.label}-`));
		// The same folder and sample files as `npm run dev` (outside .n8n, which n8n never lets a
		// workflow read).
		suite.files = env.prepareFilesFolder(suite.userFolder).folder;
		options.prepare?.(suite.files);
		suite.n8nEnv = await env.freshN8nEnv({
			userFolder: suite.userFolder,
			major: MAJOR,
			// Binary output inline in the run's data; no editor (no test opens it).
			extra: { N8N_DEFAULT_BINARY_DATA_MODE: 'default', ...env.NO_EDITOR },
		});
		await suite.timed('build, npm pack + install into .n8n/nodes', () =>
			env.installForSuite(suite.userFolder),
		);
	});

	afterAll(async () => {
		await runner.stop();
		await suite.sandbox?.close();
		if (suite.userFolder && !process.env.E2E_KEEP)
			rmSync(suite.userFolder, { recursive: true, force: true });
		console.log(`n8n ${suite.n8n?.version}, ${options.label}:\n  ${timings.join('\n  ')}`);
	});

	return suite;
}

/** A workflow of nodes run one after another (each node's output into the next). */
export function chainWorkflow(id: string, nodes: Array<{ name: string }>) {
	const connections: Record<string, unknown> = {};
	for (let n = 0; n < nodes.length - 1; n++) {
		connections[nodes[n].name] = { main: [[{ node: nodes[n + 1].name, type: 'main', index: 0 }]] };
	}
	return { id, name: id, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

/**
 * A file's builder of n8n node records: node `n` of workflow `id` gets the id idOf(id, n)
 * and the position at(n); the package's nodes get the sandbox credential; `settings` (Retry
 * On Fail, …) go beside the parameters.
 */
export const nodeMaker =
	(idOf: (workflowId: string, n: number) => string, at: (n: number) => [number, number]) =>
	(
		id: string,
		n: number,
		name: string,
		type: string,
		typeVersion: number,
		parameters: object,
		settings: object = {},
	) => ({
		id: idOf(id, n),
		name,
		type,
		typeVersion,
		position: at(n),
		parameters,
		...(type.startsWith('n8n-nodes-voice-agent.')
			? { credentials: { voiceAgentApi: CREDENTIAL } }
			: {}),
		...settings,
	});
