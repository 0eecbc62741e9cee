/** Types of scripts/n8n/env.js for the TypeScript end-to-end tests. */
import type { ChildProcess } from 'node:child_process';

import type { N8nInstall } from './install';

export interface ExecResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

export interface RestAnswer {
	status: number;
	json: any;
	text: string;
}

export const REPO: string;
/** Child processes started by these scripts that are still running. */
export const running: Set<ChildProcess>;
export function track<T extends ChildProcess>(child: T): T;
/** SIGTERM to every running child (process group for n8n started with ownGroup), SIGKILL after graceMs. */
export function stopChildren(options?: {
	extra?: Iterable<ChildProcess>;
	graceMs?: number;
}): Promise<void>;
export const PACKAGE_NAME: string;
export const ENCRYPTION_KEY: string;
export const SANDBOX_API_KEY: string;
export const OWNER: { email: string; firstName: string; lastName: string; password: string };

export function n8nEnv(options: {
	userFolder: string;
	major: 1 | 2;
	port: number;
	brokerPort: number;
	extra?: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv;
/** n8nEnv on two ports reserved now (lib/ports.js): n8n's own and its task broker's. */
export function freshN8nEnv(options: {
	userFolder: string;
	major: 1 | 2;
	extra?: NodeJS.ProcessEnv;
}): Promise<NodeJS.ProcessEnv>;
/** n8n's files folder, `.n8n-files` in the user folder (the folder n8n runs in). */
export function filesFolder(userFolder: string): string;
/** Creates it with the examples' sample files (keeps files already there unless overwrite). */
export function prepareFilesFolder(
	userFolder: string,
	options?: { overwrite?: boolean },
): { folder: string; copied: string[] };
export function exec(
	cmd: string,
	args: string[],
	options?: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ExecResult>;
export function mustExec(
	cmd: string,
	args: string[],
	options?: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ExecResult>;
export function npmEnv(): NodeJS.ProcessEnv;
export function packRepo(): Promise<string>;
export function installPackage(options: {
	userFolder: string;
	tarball?: string;
}): Promise<{ nodesDir: string; packageJson: any }>;
export function installForSuite(
	userFolder: string,
): Promise<{ nodesDir: string; packageJson: any }>;
export function makeTemplate(n8n: N8nInstall, major: 1 | 2): Promise<string>;
export function migrateDatabase(n8n: N8nInstall, userFolder: string, major: 1 | 2): Promise<void>;
export function declaredNodeTypes(packageJson: any, root?: string): string[];
export function n8nCli(
	n8n: N8nInstall,
	env: NodeJS.ProcessEnv,
	args: string[],
	timeoutMs?: number,
): Promise<ExecResult>;
export function sandboxCredential(c: {
	id: string;
	name: string;
	baseUrl: string;
	apiKey?: string;
}): { id: string; name: string; type: 'voiceAgentApi'; data: { apiKey: string; baseUrl: string } };
export function importAll(
	n8n: N8nInstall,
	env: NodeJS.ProcessEnv,
	what: { credentials?: object[]; workflows?: object[] },
): Promise<void>;
export function parseRawOutput(stdout: string): any;
export function executeWorkflow(
	n8n: N8nInstall,
	env: NodeJS.ProcessEnv,
	id: string,
): Promise<
	ExecResult & { data: any; succeeded: boolean; exitNote: string | undefined; ms: number }
>;
export function executeFailure(id: string, result: ExecResult & { data: any }): string;
export function runSucceeded(data: any): boolean;
export function runError(data: any): string | undefined;
export function nodeOutput(
	data: unknown,
	nodeName: string,
	output?: number,
	run?: number,
): any[] | undefined;
export function freePort(): Promise<number>;
export function freePorts(count: number): Promise<number[]>;
export function restClient(port: number): {
	request(method: string, route: string, body?: unknown): Promise<RestAnswer>;
	ownerLogin(): Promise<'created' | 'logged in'>;
};
/**
 * Starts `n8n start`. When n8n exits because a port named in `movable` (default N8N_PORT and
 * N8N_RUNNERS_BROKER_PORT) is in use, that port is replaced in `env` in place and n8n started
 * again (bounded); read the ports from `env` afterwards.
 */
export function startN8n(
	n8n: N8nInstall,
	env: NodeJS.ProcessEnv,
	options: {
		/** Ignored: the port is env.N8N_PORT. */
		port?: number;
		movable?: string[];
		onRetry?: (key: string, taken: number, fresh: number) => void;
		onLine?: (line: string) => void;
		timeoutMs?: number;
		stdio?: 'pipe' | 'inherit';
		/** Start n8n in its own process group; stop() then stops the group. */
		ownGroup?: boolean;
	},
): Promise<{ child: ChildProcess; log(): string; stop(): Promise<void> }>;
/** What `n8n start` prints once its startup (activations included on 1.x) is over. */
export const STARTED_LINE: string;
/** Settings for an n8n whose editor no test opens (see settings.js). */
export const NO_EDITOR: Readonly<{ N8N_DISABLE_UI: 'true' }>;
export function publicationSettled(
	n8n: N8nInstall,
	rest: { request(method: string, route: string, body?: unknown): Promise<RestAnswer> },
	workflowId: string,
	options?: { until?: string[]; timeoutMs?: number },
): Promise<string | undefined>;
/** Activates a workflow in a running n8n as the editor does; on 2.x, until it is published. */
export function activateInN8n(
	n8n: N8nInstall,
	rest: { request(method: string, route: string, body?: unknown): Promise<RestAnswer> },
	workflowId: string,
	options?: { log?: () => string[]; say?: (line: string) => void },
): Promise<void>;
/**
 * Starts a workflow from its Manual Trigger as the editor's Execute Workflow does, without
 * waiting for it; the execution's id (queue mode, manual executions offloaded: a worker runs it).
 */
export function startManualRun(
	rest: { request(method: string, route: string, body?: unknown): Promise<RestAnswer> },
	workflowId: string,
): Promise<string>;
export function activateWorkflow(
	n8n: N8nInstall,
	env: NodeJS.ProcessEnv,
	id: string,
): Promise<void>;
