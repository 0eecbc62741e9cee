/**
 * `npm run dev` lists every example and makes n8n's files folder with their sample files; it
 * leaves nothing behind: told to stop (SIGTERM to `npm run dev`), or when its
 * parent dies without a word, it stops n8n (with whatever n8n started) and the sandbox, and
 * frees their ports. Runs the real dev script against the cached n8n, on free ports and a
 * throwaway user folder. A port it wants that is taken: a default one is replaced by a free
 * one (the URL printed says which), one set in the environment stops it, naming the setting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { bound } from '../../lib/bounds';
import * as env from '../../scripts/n8n/env';
import * as ports from '../../lib/ports';
import { waitFor } from '../helpers/wait';

const REPO = path.resolve(__dirname, '../..');
const MAJOR = process.env.N8N_MAJOR === '2' ? 2 : 1;

/** Every process whose ancestry leads to `root` (from /proc), the root included. */
function processTree(root: number): Proc[] {
	const parent = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// pid (comm) state ppid ...; comm may hold spaces and parentheses.
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			parent.set(Number(entry), ppid);
		} catch {}
	}
	const tree = [root];
	for (let i = 0; i < tree.length; i++) {
		for (const [pid, ppid] of parent) if (ppid === tree[i]) tree.push(pid);
	}
	return tree.map(proc);
}

/** A process: its pid and start time, so that a pid the system reuses is not taken for it. */
interface Proc {
	pid: number;
	start: string;
}

/** Start time (field 22 of /proc/<pid>/stat) and state, or undefined once it is gone. */
function stat(pid: number): { start: string; zombie: boolean } | undefined {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return { start: fields[19], zombie: fields[0] === 'Z' };
	} catch {
		return undefined;
	}
}

const proc = (pid: number): Proc => ({ pid, start: stat(pid)?.start ?? 'gone' });

/** Still running, and still the same process (a zombie has exited already). */
const alive = (p: Proc) => {
	const now = stat(p.pid);
	return Boolean(now && !now.zombie && now.start === p.start);
};

const listening = (port: number) =>
	new Promise<boolean>((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});

interface Dev {
	/** The process the test stops or kills. */
	top: ChildProcess;
	n8nPort: number;
	sandboxPort: number;
	userFolder: string;
	output: () => string;
}

const started: Proc[] = [];
const folders: string[] = [];
const holders: Array<{ close: () => Promise<void> }> = [];

/** A server holding a reserved port, as another program would. */
async function holdPort(): Promise<{ port: number; close: () => Promise<void> }> {
	const server = net.createServer();
	const { port, release } = await ports.listenOnPort(server, { what: 'a port held by the test' });
	return {
		port,
		close: () => new Promise((resolve) => server.close(() => (release(), resolve()))),
	};
}

/**
 * Starts the dev script on free ports, as `npm run dev` or under a plain parent process. With
 * `defaultN8nPortTaken`, N8N_PORT is not set and the default n8n port is one held by another
 * program: the script picks a free one and says so.
 */
async function startDev(how: 'npm' | 'parent', { defaultN8nPortTaken = false } = {}): Promise<Dev> {
	const [givenN8nPort, sandboxPort] = await env.freePorts(2);
	const held = defaultN8nPortTaken ? await holdPort() : undefined;
	if (held) holders.push(held);
	const userFolder = mkdtempSync(path.join(tmpdir(), 'voice-agent-dev-'));
	folders.push(userFolder);
	const args = ['--no-build', MAJOR === 2 ? '--n8n2' : '--n8n1'];
	const command: [string, string[]] =
		how === 'npm'
			? ['npm', ['run', 'dev', '--', ...args]]
			: [
					process.execPath,
					[
						'-e',
						// A parent that only starts the dev script and waits (until it is SIGKILLed).
						`require('node:child_process').spawn(process.execPath, ${JSON.stringify([
							path.join(REPO, 'scripts', 'dev', 'dev.js'),
							...args,
						])}, { stdio: 'inherit' }); setInterval(() => {}, 1 << 30);`,
					],
				];
	const { top, output } = spawnDev(command, {
		...(held ? { DEV_DEFAULT_N8N_PORT: String(held.port) } : { N8N_PORT: String(givenN8nPort) }),
		SANDBOX_PORT: String(sandboxPort),
		SANDBOX_SPEED: '20',
		DEV_USER_FOLDER: userFolder,
	});
	await waitFor(
		'npm run dev to print that n8n is running',
		() => {
			if (top.exitCode !== null) throw new Error(`dev exited early:\n${output()}`);
			return output().includes('is running.');
		},
		bound('devStart'),
	).catch((error) => {
		throw new Error(`${error.message}\n${output().slice(-3000)}`);
	});
	let n8nPort = givenN8nPort;
	if (held) {
		const moved = new RegExp(
			`port ${held.port} for n8n is already in use: using port (\\d+) \\(set N8N_PORT to choose\\)`,
		).exec(output());
		if (!moved)
			throw new Error(`no word of the taken port ${held.port}:\n${output().slice(-3000)}`);
		n8nPort = Number(moved[1]);
		expect(output()).toContain(`Open       http://localhost:${n8nPort}/`);
	}
	return { top, n8nPort, sandboxPort, userFolder, output };
}

/** Starts `command` in the repository, `vars` over npm's environment; what it prints is kept. */
function spawnDev(command: [string, string[]], vars: Record<string, string>) {
	const top = spawn(command[0], command[1], {
		cwd: REPO,
		env: { ...env.npmEnv(), ...vars },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	started.push(proc(top.pid!));
	let output = '';
	top.stdout!.on('data', (c) => (output += c));
	top.stderr!.on('data', (c) => (output += c));
	return { top, output: () => output };
}

/** Nothing of the dev run is left: no process of its tree, no port open. */
async function expectAllGone(dev: Dev, tree: Proc[]) {
	await waitFor(
		`every process of the dev run to end (${tree
			.filter(alive)
			.map((p) => p.pid)
			.join(', ')})`,
		() => tree.every((p) => !alive(p)),
	).catch((error) => {
		throw new Error(`${error.message}\n${dev.output().slice(-3000)}`);
	});
	expect(await listening(dev.n8nPort)).toBe(false);
	expect(await listening(dev.sandboxPort)).toBe(false);
}

afterAll(async () => {
	for (const held of holders) await held.close();
	// Whatever a failed test left: kill its trees (only processes that are still the ones it
	// started: pids are reused, and another suite may run meanwhile), remove the user folders.
	for (const top of started) {
		if (!alive(top)) continue;
		for (const p of processTree(top.pid)) if (alive(p)) process.kill(p.pid, 'SIGKILL');
	}
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe(`npm run dev on n8n ${MAJOR}.x stops everything it started`, () => {
	test('SIGTERM to npm run dev (its default n8n port taken: it runs on another)', async () => {
		const dev = await startDev('npm', { defaultN8nPortTaken: true });
		const tree = processTree(dev.top.pid!);
		// npm, the dev script, the sandbox and n8n at least.
		expect(tree.length).toBeGreaterThanOrEqual(4);
		expect(await listening(dev.n8nPort)).toBe(true);
		expect(await listening(dev.sandboxPort)).toBe(true);

		// The banner names every example; the files folder holds every sample file, as shipped.
		const banner = dev.output().slice(dev.output().indexOf('is running.'));
		const names = readdirSync(path.join(REPO, 'examples'))
			.filter((f) => f.endsWith('.json'))
			.map((f) => JSON.parse(readFileSync(path.join(REPO, 'examples', f), 'utf8')).name);
		expect(names.filter((name) => !banner.includes(name))).toEqual([]);
		const files = path.join(dev.userFolder, '.n8n-files');
		expect(banner).toContain(`Files folder  ${files}`);
		const samples = path.join(REPO, 'examples', 'files');
		for (const rel of [
			'campaign/contacts.csv',
			'knowledge-base/opening-hours.txt',
			'knowledge-base/prices.md',
		])
			expect(readFileSync(path.join(files, rel), 'utf8')).toBe(
				readFileSync(path.join(samples, rel), 'utf8'),
			);

		dev.top.kill('SIGTERM');
		await expectAllGone(dev, tree);
		// npm may pass the signal on, or just exit: the dev script stops on either.
		expect(dev.output()).toMatch(/\[dev\] stopping \((SIGTERM|parent process \d+ is gone)\)/);
	});

	// The dev script's reaction does not depend on the n8n version: one run is enough.
	(MAJOR === 1 ? test : test.skip)('its parent dies (SIGKILL, no signal reaches it)', async () => {
		const dev = await startDev('parent');
		const tree = processTree(dev.top.pid!);
		expect(tree.length).toBeGreaterThanOrEqual(4);

		dev.top.kill('SIGKILL');
		await expectAllGone(dev, tree);
		// Its output went to the killed parent's pipe; the processes and ports are the proof.
	});

	// Decided before anything starts: no n8n needed, one run is enough.
	(MAJOR === 1 ? test : test.skip)(
		'a port set in the environment that is taken stops it, naming the port and the setting',
		async () => {
			const held = await holdPort();
			holders.push(held);
			const userFolder = mkdtempSync(path.join(tmpdir(), 'voice-agent-dev-'));
			folders.push(userFolder);
			const { top, output } = spawnDev(
				[process.execPath, [path.join(REPO, 'scripts', 'dev', 'dev.js'), '--no-build']],
				{
					N8N_PORT: String(held.port),
					SANDBOX_PORT: String((await env.freePorts(1))[0]),
					DEV_USER_FOLDER: userFolder,
				},
			);
			const code = await new Promise<number | null>((resolve) => top.on('exit', resolve));
			expect(code).toBe(1);
			expect(output()).toContain(
				`[dev] port ${held.port} for n8n is already in use: stop what uses it, or set N8N_PORT to a free port`,
			);
			// Nothing was started: no sandbox answered, no n8n.
			expect(output()).not.toContain('starting the sandbox');
		},
	);
});
