/**
 * One running n8n (`n8n start`) for a suite: its credentials and workflows created through
 * n8n's REST API as the editor creates them, its workflows run as the editor's Execute
 * Workflow runs them (from the workflow's Manual Trigger) and activated as the editor's
 * toggle (1.x) or Publish (2.x) does. Every CLI command starts n8n anew: 4-5 s of CPU for 2.x
 * on an idle machine, 20-130 s of a loaded CI's time; through the running n8n an import, a
 * run or an activation costs what it does. (The CLI stays covered: test/e2e/ownNodes.test.ts
 * imports, runs and activates with it.)
 */
import type { N8nInstall } from '../../scripts/n8n/install';
import * as env from '../../scripts/n8n/env';
import { bound } from '../../lib/bounds';
import { parseFlatted } from './flatted';
import { waitFor } from './wait';

type Rest = ReturnType<typeof env.restClient>;
type Server = Awaited<ReturnType<typeof env.startN8n>>;

/** What a run gives: the shape `env.executeWorkflow` gives for `n8n execute --rawOutput`. */
export interface RunResult {
	/** `{ finished, status, mode, data: IRunExecutionData }`, as `--rawOutput` prints it. */
	data: any;
	succeeded: boolean;
	/** The execution's id in n8n. */
	executionId: string;
	ms: number;
}

/** Execution states n8n leaves once a run has ended: its data is final then. */
const ENDED = ['success', 'error', 'crashed', 'canceled'];

/**
 * Runs workflow `id` from its Manual Trigger in the n8n behind `rest` (logged in,
 * env.startManualRun) and waits until the execution has ended and is saved (its `stoppedAt`
 * set), then reads its data.
 */
export async function runWorkflow(
	n8n: N8nInstall,
	rest: Rest,
	id: string,
	{ timeoutMs = bound('n8nCli') } = {},
): Promise<RunResult> {
	const started = Date.now();
	const executionId = await env.startManualRun(rest, id);
	let execution: any;
	await waitFor(
		`execution ${executionId} of ${id} to end`,
		async () => {
			execution = (await rest.request('GET', `/executions/${executionId}`)).json?.data;
			return Boolean(execution?.stoppedAt && ENDED.includes(execution.status) && execution.data);
		},
		timeoutMs,
		200,
	);
	const data = {
		finished: execution.finished,
		status: execution.status,
		mode: execution.mode,
		data: parseFlatted(n8n.dir, execution.data),
	};
	return {
		data,
		succeeded: env.runSucceeded(data),
		executionId,
		ms: Date.now() - started,
	};
}

/** Why a run did not succeed: n8n's error for it, with its description, and the node. */
export function runFailure(id: string, result: RunResult): string {
	const error = env.runError(result.data);
	if (!error) return `${id}: the run did not finish (status ${result.data?.status})`;
	return [`${id}: ${error}`, result.data.data.resultData.error.description]
		.filter(Boolean)
		.join('\n');
}

/**
 * The executions of a workflow in the n8n behind `rest`, with their run data; `known` keeps
 * the run data of ended ones, so a wait that checks again reads only what is new.
 */
export async function executionsOf(
	rest: Rest,
	n8nDir: string,
	workflowId: string,
	known = new Map<string, unknown>(),
): Promise<Array<{ id: string; status: string; waitTill: string | null; runData: any }>> {
	const list = await rest.request(
		'GET',
		`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
	);
	if (list.status !== 200) throw new Error(`GET /executions answered ${list.status}`);
	const runs = [];
	for (const e of (list.json.data.results ?? list.json.data) as any[]) {
		const id = String(e.id);
		const status = String(e.status);
		let runData = known.get(id);
		if (runData === undefined) {
			const data = (await rest.request('GET', `/executions/${id}`)).json.data?.data;
			// A running execution has no run data yet (1.x: its data is there, without results).
			runData = data ? parseFlatted(n8nDir, data)?.resultData?.runData : undefined;
			if (runData !== undefined && ENDED.includes(status)) known.set(id, runData);
		}
		// A waiting execution's time to resume, as n8n saved it (null: none).
		runs.push({ id, status, waitTill: e.waitTill ? String(e.waitTill) : null, runData });
	}
	return runs;
}

/** What a runner creates in its n8n at its first start: credentials, then workflows. */
export interface Imports {
	credentials: Array<{ id: string; name: string; type: string; data: object }>;
	workflows: Array<{ id: string; nodes: any[] } & Record<string, unknown>>;
}

/**
 * Creates the credentials, then the workflows (their nodes pointed at the credentials' new
 * ids), through the REST API; returns the id n8n gave each workflow by the id it was written
 * with. 2.x keeps a posted workflow's id; 1.x gives every new credential and workflow its own.
 */
async function createAll(rest: Rest, { credentials, workflows }: Imports) {
	const credentialIds = new Map<string, string>();
	for (const { id, ...credential } of credentials) {
		const made = await rest.request('POST', '/credentials', credential);
		if (made.status !== 200)
			throw new Error(`POST /credentials (${credential.name}): ${made.status} ${made.text}`);
		credentialIds.set(id, String(made.json.data.id));
	}
	const workflowIds = new Map<string, string>();
	for (const workflow of workflows) {
		const nodes = workflow.nodes.map((node) => {
			if (!node.credentials) return node;
			const pointed: Record<string, unknown> = {};
			for (const [type, ref] of Object.entries(node.credentials as Record<string, any>))
				pointed[type] = credentialIds.has(ref?.id)
					? { ...ref, id: credentialIds.get(ref.id) }
					: ref;
			return { ...node, credentials: pointed };
		});
		const made = await rest.request('POST', '/workflows', { ...workflow, nodes, active: false });
		if (made.status !== 200)
			throw new Error(
				`POST /workflows (${workflow.id}): ${made.status} ${made.text.slice(0, 2000)}`,
			);
		workflowIds.set(workflow.id, String(made.json.data.id));
	}
	return workflowIds;
}

/**
 * One `n8n start` for a suite, started when first needed: it creates `imports` then (once:
 * the database keeps them across restarts). Workflows are named by the id they were written
 * with; `id()` gives the one n8n uses.
 */
export function n8nRunner(
	of: () => { n8n: N8nInstall; n8nEnv: NodeJS.ProcessEnv; imports?: () => Imports },
) {
	let server: Server | undefined;
	let rest: Rest | undefined;
	let ids: Map<string, string> | undefined;
	const id = (written: string) => {
		if (!ids) return written;
		const given = ids.get(written);
		if (!given) throw new Error(`no workflow ${written} was created in this n8n`);
		return given;
	};
	async function ready() {
		const { n8n, n8nEnv, imports } = of();
		if (!server || !rest) {
			server = await env.startN8n(n8n, n8nEnv, {});
			// Read after the start: a port found taken at the start is replaced by a fresh one.
			rest = env.restClient(Number(n8nEnv.N8N_PORT));
			await rest.ownerLogin();
			if (imports && !ids) ids = await createAll(rest, imports());
		}
		return { n8n, server, rest };
	}
	return {
		/** The running n8n (started now if none runs), its REST API logged in. */
		ready,
		/** The id n8n gave a workflow created with id `written`. */
		id,
		/** Runs workflow `written`; a run that fails is returned, not thrown (see `runFailure`). */
		async run(written: string): Promise<RunResult> {
			const { n8n, rest } = await ready();
			return await runWorkflow(n8n, rest, id(written));
		},
		/**
		 * Activates workflow `written` as the editor does, and waits until n8n has (2.x publishes
		 * in the background: until the publication succeeded).
		 */
		async activate(written: string) {
			const { n8n, rest } = await ready();
			await env.activateInN8n(n8n, rest, id(written));
		},
		/** Stops the n8n, if one runs (the next call starts it again, on the same database). */
		async stop() {
			const running = server;
			server = undefined;
			rest = undefined;
			await running?.stop();
		},
		/** Whether an n8n runs (started, not stopped since). */
		running: () => server !== undefined,
		/** The log of the n8n (empty when none runs). */
		log: () => server?.log() ?? '',
	};
}
