/**
 * No two processes take the same port: twelve n8n 2.x processes (each with its task broker)
 * and twelve sandboxes (each with its recording server) start at once through the one port
 * helper (lib/ports.js), beside a process that keeps grabbing free ports all over the
 * range and snipes the first ports this test reserves. Two of the n8n processes are handed a
 * port another program holds (the broker's, as in the CI failure that started this; n8n's
 * own): they must move to fresh ones. Every process must come up on ports of its own, none
 * held by the grabber, and each n8n must answer on its port as itself.
 *
 * It runs in the queue-mode lane of n8n 2.x (n8n 1.x runs no task broker by default here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import { createSandbox, type Sandbox } from '../../sandbox';
import { bound } from '../../lib/bounds';
import * as env from '../../scripts/n8n/env';
import { ensureN8n, type N8nInstall } from '../../scripts/n8n/install';
import * as ports from '../../lib/ports';

const MAJOR = process.env.N8N_MAJOR === '2' ? 2 : 1;
const COUNT = 12;

type Started = Awaited<ReturnType<typeof env.startN8n>>;

/** The grabber's answers, line by line. */
function lines(child: ChildProcess) {
	const queue: string[] = [];
	const waiting: Array<(line: string) => void> = [];
	readline.createInterface({ input: child.stdout! }).on('line', (line) => {
		const next = waiting.shift();
		if (next) next(line);
		else queue.push(line);
	});
	return () =>
		new Promise<string>((resolve) => {
			const line = queue.shift();
			if (line !== undefined) resolve(line);
			else waiting.push(resolve);
		});
}

/** A port held by "another program": a listener on a port reserved by this test. */
async function holdPort() {
	const server = net.createServer();
	const { port, release } = await ports.listenOnPort(server, { what: 'a held port' });
	return { port, close: () => new Promise<void>((r) => server.close(() => (release(), r()))) };
}

/** n8n's settings as its owner sees them (the public ones leave out its URL). */
async function settings(port: number): Promise<any> {
	const rest = env.restClient(port);
	await rest.ownerLogin();
	const r = await rest.request('GET', '/settings');
	return r.status === 200 ? r.json.data : { status: r.status, text: r.text };
}

(MAJOR === 2 ? describe : describe.skip)(
	`${COUNT} n8n ${MAJOR}.x and ${COUNT} sandboxes at once, beside a port grabber`,
	() => {
		let n8n: N8nInstall;
		/** A user folder whose database n8n has made: each n8n below starts from a copy. */
		let migrated: string;
		let grabber: ChildProcess | undefined;
		const folders: string[] = [];
		const servers: Started[] = [];
		const sandboxes: Sandbox[] = [];
		const holders: Array<{ close: () => Promise<void> }> = [];

		beforeAll(async () => {
			n8n = await ensureN8n({ major: MAJOR, log: () => undefined });
			// n8n's migrations once, not twelve times (CPU the starts below need not share).
			migrated = mkdtempSync(path.join(tmpdir(), 'voice-agent-ports-db-'));
			folders.push(migrated);
			await env.migrateDatabase(n8n, migrated, MAJOR);
		});

		afterAll(async () => {
			await Promise.all(servers.filter(Boolean).map((s) => s.stop()));
			await Promise.all(sandboxes.map((s) => s.close()));
			for (const h of holders) await h.close();
			grabber?.stdin?.write('stop\n');
			for (const folder of folders) rmSync(folder, { recursive: true, force: true });
		});

		test(
			'every process gets ports of its own; a taken port moves',
			async () => {
				// Held before the grabber starts, so its snipes go to the starts below.
				const brokerHeld = await holdPort();
				const mainHeld = await holdPort();
				holders.push(brokerHeld, mainHeld);

				grabber = spawn(
					process.execPath,
					[
						path.join(__dirname, '../helpers/portGrabber.js'),
						ports.LOCK_DIR,
						String(process.pid),
						'4',
						'300',
					],
					{ stdio: ['pipe', 'pipe', 'inherit'] },
				);
				const next = lines(grabber);
				expect(JSON.parse(await next())).toEqual({ ready: true });

				const retries: Array<{ i: number; key: string; taken: number; fresh: number }> = [];
				const envs: NodeJS.ProcessEnv[] = [];
				const startOne = async (i: number) => {
					const userFolder = mkdtempSync(path.join(tmpdir(), `voice-agent-ports-${i}-`));
					folders.push(userFolder);
					cpSync(path.join(migrated, '.n8n'), path.join(userFolder, '.n8n'), { recursive: true });
					const e = await env.freshN8nEnv({ userFolder, major: MAJOR });
					if (i === 0) e.N8N_RUNNERS_BROKER_PORT = String(brokerHeld.port);
					if (i === 1) {
						e.N8N_PORT = String(mainHeld.port);
						e.N8N_EDITOR_BASE_URL = `http://localhost:${mainHeld.port}/`;
					}
					envs[i] = e;
					const server = await env.startN8n(n8n, e, {
						timeoutMs: bound('massStart'),
						onRetry: (key, taken, fresh) => retries.push({ i, key, taken, fresh }),
					});
					servers[i] = server;
				};
				const started = Date.now();
				await Promise.all([
					...Array.from({ length: COUNT }, (_, i) => startOne(i)),
					...Array.from({ length: COUNT }, async () => {
						sandboxes.push(await createSandbox({ clock: 'real' }));
					}),
				]);
				grabber.stdin!.write('report\n');
				const report = JSON.parse(await next()) as {
					held: number[];
					sniped: number[];
					grabs: number;
				};
				console.log(
					`${COUNT} n8n and ${COUNT} sandboxes up in ${Math.round((Date.now() - started) / 1000)} s; ` +
						`the grabber bound ${report.grabs} ports, sniped ${report.sniped.join(', ') || 'none'}; ` +
						`n8n moved ports ${retries.length} times: ${JSON.stringify(retries)}`,
				);

				// The two held ports moved, each to a fresh port.
				expect(retries).toEqual(
					expect.arrayContaining([
						expect.objectContaining({
							i: 0,
							key: 'N8N_RUNNERS_BROKER_PORT',
							taken: brokerHeld.port,
						}),
						expect.objectContaining({ i: 1, key: 'N8N_PORT', taken: mainHeld.port }),
					]),
				);

				const ours = [
					...envs.flatMap((e) => [Number(e.N8N_PORT), Number(e.N8N_RUNNERS_BROKER_PORT)]),
					...sandboxes.flatMap((s) => [s.port, s.recordingPort]),
				];
				expect(ours).toHaveLength(4 * COUNT);
				expect(new Set(ours).size).toBe(ours.length);
				const grabbed = new Set([...report.held, brokerHeld.port, mainHeld.port]);
				expect(ours.filter((p) => grabbed.has(p))).toEqual([]);

				// Each n8n answers on its port as itself, its broker on its own port.
				for (const [i, e] of envs.entries()) {
					const port = Number(e.N8N_PORT);
					expect((await settings(port)).urlBaseEditor).toBe(`http://localhost:${port}`);
					expect(servers[i].log()).toContain(
						`Task Broker ready on 127.0.0.1, port ${e.N8N_RUNNERS_BROKER_PORT}`,
					);
				}
				for (const sb of sandboxes) {
					const res = await fetch(`${sb.origin}/__sandbox/state`);
					expect(res.status).toBe(200);
				}
			},
			bound('massStart', 1.5),
		);
	},
);
