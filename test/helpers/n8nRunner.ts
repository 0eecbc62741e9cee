/**
 * Runs imported workflows in one running n8n (`n8n start`), as the editor's Execute Workflow
 * does (a manual run from the workflow's Manual Trigger), rather than one `n8n execute` each.
 * Every CLI command starts n8n anew: 4-5 s of CPU for 2.x on an idle machine, 20-130 s of a
 * loaded CI's time; a run in a running n8n costs what the workflow costs. (`n8n execute`
 * itself stays covered: test/e2e/ownNodes.test.ts runs its workflow with it.)
 */
import type { N8nInstall } from '../../scripts/n8n-install';
import * as env from '../../scripts/n8n-env';
import { bound } from '../../scripts/bounds';
import { parseFlatted } from './flatted';

type Rest = ReturnType<typeof env.restClient>;

/** What a run gives: the shape `env.executeWorkflow` gives for `n8n execute --rawOutput`. */
export interface RunResult {
	/** `{ finished, status, mode, data: IRunExecutionData }`, as `--rawOutput` prints it. */
	data: any;
	succeeded: boolean;
	/** The execution's id in n8n. */
	executionId: string;
	ms: number;
}

/** Execution states n8n leaves once a run has ended. */
const ENDED = ['success', 'error', 'crashed', 'canceled'];

/**
 * Runs workflow `id` from its Manual Trigger in the n8n behind `rest` (logged in) and waits
 * until the execution has ended and is saved (its `stoppedAt` set), then reads its data.
 * The same request body serves 1.x (which reads `workflowData`) and 2.x (which reads the
 * saved workflow and `triggerToStartFrom`, and drops what it does not know).
 */
export async function runWorkflow(
	n8n: N8nInstall,
	rest: Rest,
	id: string,
	{ timeoutMs = bound('n8nCli') } = {},
): Promise<RunResult> {
	const started = Date.now();
	const saved = await rest.request('GET', `/workflows/${id}`);
	if (saved.status !== 200) throw new Error(`GET /workflows/${id}: ${saved.status} ${saved.text}`);
	const workflowData = saved.json.data;
	const trigger = (workflowData.nodes as Array<{ name: string; type: string }>).find(
		(node) => node.type === 'n8n-nodes-base.manualTrigger',
	);
	if (!trigger) throw new Error(`workflow ${id} has no Manual Trigger to run from`);
	const run = await rest.request('POST', `/workflows/${id}/run`, {
		workflowData,
		triggerToStartFrom: { name: trigger.name },
	});
	const executionId = run.json?.data?.executionId;
	if (run.status !== 200 || !executionId)
		throw new Error(`POST /workflows/${id}/run: ${run.status} ${run.text.slice(0, 2000)}`);
	const deadline = started + timeoutMs;
	for (;;) {
		const detail = await rest.request('GET', `/executions/${executionId}`);
		const execution = detail.json?.data;
		if (execution?.stoppedAt && ENDED.includes(execution.status) && execution.data) {
			const data = {
				finished: execution.finished,
				status: execution.status,
				mode: execution.mode,
				data: parseFlatted(n8n.dir, execution.data),
			};
			const succeeded =
				data.finished === true && data.status !== 'error' && !data.data?.resultData?.error;
			return { data, succeeded, executionId: String(executionId), ms: Date.now() - started };
		}
		if (Date.now() > deadline)
			throw new Error(
				`execution ${executionId} of ${id} had not ended after ${timeoutMs} ms (status ${execution?.status ?? detail.status})`,
			);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/** Why a run did not succeed: n8n's error for it, with its description, and the node. */
export function runFailure(id: string, result: RunResult): string {
	const error = result.data?.data?.resultData?.error;
	if (!error) return `${id}: the run did not finish (status ${result.data?.status})`;
	return [
		`${id}: ${error.message ?? 'an error'}${error.node?.name ? ` (node ${error.node.name})` : ''}`,
		error.description,
	]
		.filter(Boolean)
		.join('\n');
}

/**
 * One `n8n start` for a suite's runs, started at the first run (after the imports) and
 * stopped before anything that needs n8n stopped: the CLI's activation, or a start of its own.
 */
export function n8nRunner(of: () => { n8n: N8nInstall; n8nEnv: NodeJS.ProcessEnv }) {
	let server: Awaited<ReturnType<typeof env.startN8n>> | undefined;
	let rest: Rest | undefined;
	return {
		/** Runs workflow `id`; a run that fails is returned, not thrown (see `runFailure`). */
		async run(id: string): Promise<RunResult> {
			const { n8n, n8nEnv } = of();
			if (!server || !rest) {
				server = await env.startN8n(n8n, n8nEnv, {});
				// Read after the start: a port found taken at the start is replaced by a fresh one.
				rest = env.restClient(Number(n8nEnv.N8N_PORT));
				await rest.ownerLogin();
			}
			return await runWorkflow(n8n, rest, id);
		},
		/** Stops the n8n the runs use, if one runs. */
		async stop() {
			const running = server;
			server = undefined;
			rest = undefined;
			await running?.stop();
		},
		/** The log of the n8n the runs use (empty when none runs). */
		log: () => server?.log() ?? '',
	};
}
