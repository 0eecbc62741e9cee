/**
 * A throwaway n8n queue-mode cluster on this machine: its own Redis and Postgres (a fresh
 * cluster in a temp folder, run as the `postgres` user when we are root), then n8n main,
 * worker(s) and webhook process(es) sharing one user folder and encryption key, each on free
 * ports. Everything started here is stopped by `stop()` (and checked: no process, no port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
	appendFileSync,
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	rmSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { N8nInstall } from '../../scripts/n8n/install';
import { bound } from '../../lib/bounds';
import * as env from '../../scripts/n8n/env';
import * as ports from '../../lib/ports';
import { waitFor } from '../helpers/wait';

export interface Proc {
	name: string;
	child: ChildProcess;
	/** Every log line so far. */
	lines: string[];
	ports: number[];
	exited: () => boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Debian puts each Postgres version's server programs in /usr/lib/postgresql/<n>/bin. */
export function postgresBin(): string {
	const root = '/usr/lib/postgresql';
	if (existsSync(root)) {
		const versions = readdirSync(root)
			.filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
			.sort((a, b) => Number(b) - Number(a));
		if (versions.length) return path.join(root, versions[0], 'bin');
	}
	throw new Error('Postgres server programs not found (Debian: apt-get install -y postgresql)');
}

/** uid/gid of the postgres user when we are root (initdb refuses root), else ours. */
function postgresUser(): { uid?: number; gid?: number } {
	if (process.getuid?.() !== 0) return {};
	const passwd = require('node:fs').readFileSync('/etc/passwd', 'utf8') as string;
	const line = passwd.split('\n').find((l) => l.startsWith('postgres:'));
	if (!line) throw new Error('no postgres user (Debian: apt-get install -y postgresql)');
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

function spawnProc(
	name: string,
	cmd: string,
	args: string[],
	options: { env?: NodeJS.ProcessEnv; uid?: number; gid?: number; group?: boolean; cwd?: string },
	ports: number[],
): Proc {
	const child = env.track(
		spawn(cmd, args, {
			env: options.env ?? { PATH: process.env.PATH },
			cwd: options.cwd ?? env.REPO,
			stdio: ['ignore', 'pipe', 'pipe'],
			uid: options.uid,
			gid: options.gid,
			// Its own process group: stopping it stops what it started (n8n 2.x task runners).
			detached: options.group === true,
		}),
	);
	if (options.group) (child as any).voiceAgentGroup = true;
	// The runner (scripts/ci/queue.js) kills whatever of these is still alive when the suite ends.
	if (process.env.QUEUE_PIDS_FILE && child.pid)
		appendFileSync(
			process.env.QUEUE_PIDS_FILE,
			`${child.pid} ${options.group ? 'group' : 'one'} ${path.basename(cmd)}\n`,
		);
	const lines: string[] = [];
	let rest = '';
	const take = (chunk: Buffer) => {
		const text = rest + chunk.toString();
		const parts = text.split('\n');
		rest = parts.pop() ?? '';
		for (const line of parts) if (line.trim()) lines.push(line);
		if (lines.length > 50000) lines.splice(0, lines.length - 50000);
	};
	child.stdout?.on('data', take);
	child.stderr?.on('data', take);
	let done = false;
	child.on('exit', () => (done = true));
	return { name, child, lines, ports, exited: () => done };
}

function httpStatus(port: number, route: string): Promise<number> {
	return new Promise((resolve) => {
		const req = http.get({ host: '127.0.0.1', port, path: route }, (res) => {
			res.resume();
			resolve(res.statusCode ?? 0);
		});
		req.on('error', () => resolve(0));
		req.setTimeout(bound('probe'), () => req.destroy());
	});
}

/** Waits for `ok`; fails at once when the process exits, with its last lines either way. */
async function waitReady(
	proc: Proc,
	what: string,
	ok: () => Promise<boolean>,
	timeoutMs = bound('n8nStart'),
) {
	try {
		await waitFor(
			`${proc.name}: ${what}`,
			async () => {
				if (proc.exited()) throw new Error(`${proc.name} exited early`);
				return await ok();
			},
			timeoutMs,
			300,
		);
	} catch (error) {
		throw new Error(`${(error as Error).message}:\n${proc.lines.slice(-60).join('\n')}`);
	}
}

/** Whether something listens on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
		socket.setTimeout(bound('probe'), () => {
			socket.destroy();
			resolve(false);
		});
	});
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		let data = '';
		socket.once('connect', () => socket.write('PING\r\n'));
		socket.on('data', (c) => {
			data += c.toString();
			if (data.includes('\r\n')) {
				socket.destroy();
				resolve(data.startsWith('+PONG'));
			}
		});
		socket.once('error', () => resolve(false));
		socket.setTimeout(bound('probe'), () => {
			socket.destroy();
			resolve(false);
		});
	});
}

export interface ClusterOptions {
	n8n: N8nInstall;
	userFolder: string;
	/** Extra settings for every n8n process. */
	extra?: NodeJS.ProcessEnv;
	/**
	 * The folder every n8n process runs in (default the repo): workflows' relative file paths
	 * start there (the examples read `.n8n-files/...` from the user folder, as `npm run dev` runs).
	 */
	cwd?: string;
	log?: (line: string) => void;
}

export class Cluster {
	readonly procs: Proc[] = [];
	redisPort = 0;
	pgPort = 0;
	pgDir = '';
	mainPort = 0;
	/** The first webhook process's port, known before main starts (production URLs use it). */
	webhookPort = 0;
	/** The environment every n8n process shares (without its own ports). */
	baseEnv: NodeJS.ProcessEnv = {};
	main?: Proc;
	workers: Proc[] = [];
	private workerCount = 0;
	webhooks: Array<Proc & { port: number }> = [];

	constructor(private readonly options: ClusterOptions) {}

	get major() {
		return this.options.n8n.major;
	}

	private say(line: string) {
		this.options.log?.(line);
	}

	async startStores(): Promise<void> {
		// The first webhook process's port is in WEBHOOK_URL, which every process is given.
		[this.webhookPort] = await ports.reservePorts(1);
		const webhookPort = this.webhookPort;
		const redis = await this.startOnPorts('redis', async ([port]) => {
			const proc = spawnProc(
				'redis',
				'redis-server',
				['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
				{},
				[port],
			);
			this.procs.push(proc);
			await waitReady(proc, 'redis', () => redisPing(port), bound('serviceStart'));
			return proc;
		});
		const redisPort = redis.ports[0];
		this.redisPort = redisPort;

		const bin = postgresBin();
		const user = postgresUser();
		this.pgDir = mkdtempSync(path.join(tmpdir(), 'voice-agent-queue-pg-'));
		const data = path.join(this.pgDir, 'data');
		mkdirSync(data);
		if (user.uid !== undefined) {
			chownSync(this.pgDir, user.uid, user.gid as number);
			chownSync(data, user.uid, user.gid as number);
		}
		const pgEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: this.pgDir };
		const init = spawnProc(
			'initdb',
			path.join(bin, 'initdb'),
			['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'],
			{ env: pgEnv, ...user, cwd: this.pgDir },
			[],
		);
		const code = await new Promise<number | null>((r) => init.child.on('exit', (c) => r(c)));
		if (code !== 0) throw new Error(`initdb failed:\n${init.lines.join('\n')}`);
		const pg = await this.startOnPorts('postgres', async ([port]) => {
			const proc = spawnProc(
				'postgres',
				path.join(bin, 'postgres'),
				[
					'-D',
					data,
					'-p',
					String(port),
					'-k',
					this.pgDir,
					'-c',
					'listen_addresses=127.0.0.1',
					'-c',
					'fsync=off',
					'-c',
					'synchronous_commit=off',
					'-c',
					'full_page_writes=off',
					'-c',
					'max_connections=100',
				],
				{ env: pgEnv, ...user, cwd: this.pgDir },
				[port],
			);
			this.procs.push(proc);
			await waitReady(
				proc,
				'postgres',
				async () => proc.lines.some((l) => l.includes('ready to accept connections')),
				bound('serviceStart'),
			);
			return proc;
		});
		const pgPort = pg.ports[0];
		this.pgPort = pgPort;
		this.say(`redis on ${redisPort}, postgres on ${pgPort}`);
		this.baseEnv = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pgPort),
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			DB_POSTGRESDB_DATABASE: 'postgres',
			WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
			// Binary data must be readable by every process: n8n 1.x keeps it in memory (inline
			// in the execution) by default and offers the database only when listed; n8n 2.x
			// uses the database by default in queue mode.
			...(this.major === 1
				? {
						N8N_AVAILABLE_BINARY_DATA_MODES: 'filesystem,database',
						N8N_DEFAULT_BINARY_DATA_MODE: 'database',
					}
				: {}),
			...this.options.extra,
		};
	}

	/** The environment of one n8n process on the given ports (n8n's own, its broker's). */
	processEnv(
		[port, brokerPort]: number[],
		extra: NodeJS.ProcessEnv = {},
	): { env: NodeJS.ProcessEnv; ports: number[] } {
		const e = env.n8nEnv({
			userFolder: this.options.userFolder,
			major: this.major,
			port,
			brokerPort,
			extra: { ...this.baseEnv, ...extra },
		});
		return { env: e, ports: [port, brokerPort] };
	}

	/**
	 * Starts a process on fresh reserved ports (lib/ports.js): when it fails because a port
	 * is in use, it is started again on new ones (bounded; the error names the port).
	 */
	private async startOnPorts(
		what: string,
		start: (ports: number[]) => Promise<Proc>,
		count = 1,
	): Promise<Proc> {
		const { value } = await ports.withPorts(
			count,
			async (p) => {
				const before = this.procs.length;
				try {
					return await start(p);
				} catch (error) {
					// The failed try's process: stopped, and forgotten by stop().
					for (const proc of this.procs.splice(before)) {
						if ((proc.child as any).voiceAgentGroup) await this.stopProc(proc);
						else if (!proc.exited()) {
							proc.child.kill('SIGKILL');
							while (!proc.exited()) await sleep(50);
						}
					}
					throw error;
				}
			},
			{ what, onRetry: (port) => this.say(`${what}: port ${port} was in use; fresh ports`) },
		);
		return value;
	}

	/** An n8n CLI command (import, activate...) against the shared database. */
	async cliEnv(): Promise<NodeJS.ProcessEnv> {
		return this.processEnv(await ports.reservePorts(2)).env;
	}

	private n8nProc(name: string, command: string, e: NodeJS.ProcessEnv, ports: number[]): Proc {
		const proc = spawnProc(
			name,
			this.options.n8n.nodeBin,
			[this.options.n8n.n8nBin, command],
			{ env: e, group: true, cwd: this.options.cwd },
			ports,
		);
		this.procs.push(proc);
		return proc;
	}

	async startMain(): Promise<Proc> {
		const proc = await this.startOnPorts(
			'n8n main',
			async (p) => {
				const { env: e, ports: used } = this.processEnv(p);
				const main = this.n8nProc('main', 'start', e, used);
				await waitReady(main, 'main', async () => {
					if ((await httpStatus(used[0], '/healthz/readiness')) !== 200) return false;
					return (await httpStatus(used[0], '/rest/settings')) === 200;
				});
				// Its REST API answers before it has activated the workflows (1.x; see startN8n).
				await waitReady(main, 'main startup', async () =>
					main.lines.some((l) => l.includes(env.STARTED_LINE)),
				);
				return main;
			},
			2,
		);
		this.mainPort = proc.ports[0];
		this.main = proc;
		this.say(`n8n main on ${this.mainPort}`);
		return proc;
	}

	async startWorker(): Promise<Proc> {
		const name = `worker${++this.workerCount}`;
		const proc = await this.startOnPorts(
			`n8n ${name}`,
			async ([port, brokerPort, health]) => {
				const { env: e, ports: used } = this.processEnv([port, brokerPort], {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(health),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				});
				const worker = this.n8nProc(name, 'worker', e, [...used, health]);
				await waitReady(
					worker,
					'worker',
					async () => (await httpStatus(health, '/healthz')) === 200,
				);
				// The health server answers before the queue is consumed; n8n logs when it is.
				await waitReady(worker, 'worker queue', async () =>
					worker.lines.some((l) => l.includes('n8n worker is now ready')),
				);
				return worker;
			},
			3,
		);
		this.workers.push(proc);
		this.say(`n8n ${proc.name} (health ${proc.ports[2]})`);
		return proc;
	}

	async startWebhook(): Promise<Proc & { port: number }> {
		const name = `webhook${this.webhooks.length + 1}`;
		// The first one serves WEBHOOK_URL: its port is fixed (a retry moves only the broker's).
		const fixed = this.webhooks.length === 0 ? this.webhookPort : undefined;
		const proc = await this.startOnPorts(
			`n8n ${name}`,
			async ([port, brokerPort]) => {
				const { env: e, ports: used } = this.processEnv([fixed ?? port, brokerPort]);
				const webhook = this.n8nProc(name, 'webhook', e, used);
				await waitReady(
					webhook,
					'webhook',
					async () => (await httpStatus(used[0], '/healthz')) === 200,
				);
				// Webhooks are served once n8n says so (2.x answers /healthz a while before that).
				await waitReady(webhook, 'webhook listener', async () =>
					webhook.lines.some((l) => l.includes('Webhook listener waiting for requests')),
				);
				return webhook;
			},
			2,
		);
		const withPort = Object.assign(proc, { port: proc.ports[0] });
		this.webhooks.push(withPort);
		this.say(`n8n ${proc.name} on ${withPort.port}`);
		return withPort;
	}

	/** kill -9 of a process and everything it started (a machine that dies). */
	async kill9(proc: Proc): Promise<void> {
		try {
			process.kill(-(proc.child.pid as number), 'SIGKILL');
		} catch {}
		while (!proc.exited()) await sleep(50);
	}

	/** Stops one n8n process and what it started: SIGTERM, then SIGKILL after graceMs. */
	async stopProc(proc: Proc, graceMs = bound('stopGrace')): Promise<void> {
		const signal = (sig: NodeJS.Signals) => {
			try {
				process.kill(-(proc.child.pid as number), sig);
			} catch {}
		};
		if (!proc.exited()) signal('SIGTERM');
		const deadline = Date.now() + graceMs;
		while (!proc.exited() && Date.now() < deadline) await sleep(100);
		// The group's other members (task runners) must not outlive it.
		signal('SIGKILL');
		while (!proc.exited()) await sleep(50);
	}

	/** Log lines of a worker saying it started / finished an execution. */
	static workerRan(procs: Proc[], executionId: string): { started: string[]; finished: string[] } {
		const started: string[] = [];
		const finished: string[] = [];
		for (const p of procs)
			for (const line of p.lines) {
				if (new RegExp(`Worker started execution ${executionId}\\b`).test(line))
					started.push(p.name);
				if (new RegExp(`Worker finished execution ${executionId}\\b`).test(line))
					finished.push(p.name);
			}
		return { started, finished };
	}

	/** SQL through psql against the cluster's database: rows of tab-separated fields. */
	async sql(query: string): Promise<string[][]> {
		const r = await env.mustExec(
			path.join(postgresBin(), 'psql'),
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(this.pgPort),
				'-U',
				'postgres',
				'-d',
				'postgres',
				'-At',
				'-F',
				'\t',
				'-c',
				query,
			],
			{ env: { PATH: process.env.PATH } },
		);
		return r.stdout
			.split('\n')
			.filter((l) => l !== '')
			.map((l) => l.split('\t'));
	}

	/** Stops everything: n8n processes first, then Redis and Postgres; checks nothing is left. */
	async stop(): Promise<{ leftPorts: number[]; leftPids: number[] }> {
		const n8nProcs = this.procs.filter((p) => !['redis', 'postgres', 'initdb'].includes(p.name));
		await env
			.stopChildren({ extra: n8nProcs.map((p) => p.child), graceMs: bound('stopGrace') })
			.catch(() => undefined);
		const stores = this.procs.filter((p) => ['redis', 'postgres'].includes(p.name));
		// Postgres: SIGINT is its "fast" shutdown; SIGKILL after the grace period.
		for (const p of stores) {
			try {
				p.child.kill(p.name === 'postgres' ? 'SIGINT' : 'SIGTERM');
			} catch {}
		}
		const deadline = Date.now() + bound('stopGrace');
		while (stores.some((p) => !p.exited()) && Date.now() < deadline) await sleep(100);
		for (const p of stores) if (!p.exited()) p.child.kill('SIGKILL');
		while (stores.some((p) => !p.exited())) await sleep(100);
		if (this.pgDir) rmSync(this.pgDir, { recursive: true, force: true });
		const leftPorts: number[] = [];
		for (const port of this.procs.flatMap((p) => p.ports))
			if (await portOpen(port)) leftPorts.push(port);
		const leftPids: number[] = [];
		for (const p of this.procs) {
			const pid = p.child.pid as number;
			try {
				// A group still alive (a task runner of n8n 2.x) counts too.
				process.kill((p.child as any).voiceAgentGroup ? -pid : pid, 0);
				leftPids.push(pid);
			} catch {}
		}
		return { leftPorts, leftPids };
	}
}
