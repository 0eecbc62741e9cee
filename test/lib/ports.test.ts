/**
 * lib/ports.js, the one way a script or test gets a port for a process it starts: ports
 * outside the kernel's ephemeral range, locked across processes, checked by binding, and a
 * start that finds its port taken moves to a fresh one (bounded, the port named).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import fc from 'fast-check';

import * as ports from '../../lib/ports';

const inPool = (port: number) => ports.pool().some(([a, b]) => port >= a && port <= b);

/** A pid that no process has: a child that has exited. */
async function deadPid(): Promise<number> {
	const child = spawn(process.execPath, ['-e', '0']);
	await new Promise((r) => child.on('exit', r));
	return child.pid!;
}

describe('the pool', () => {
	test('lies outside the ephemeral range, above the well-known ports', () => {
		const { low, high } = ports.ephemeralRange();
		expect(ports.pool().length).toBeGreaterThan(0);
		for (const [a, b] of ports.pool()) {
			expect(a).toBeGreaterThanOrEqual(10000);
			expect(b).toBeLessThanOrEqual(65535);
			expect(b < low || a > high).toBe(true);
		}
	});
});

describe('reservePorts', () => {
	test("never hands out a port fetch and the browser refuse (the Fetch standard's bad ports)", async () => {
		const [[low, high]] = ports.pool();
		expect(low <= 10080 && 10080 <= high).toBe(true);
		const size = ports.pool().reduce((n, [a, b]) => n + b - a + 1, 0);
		// The first draw lands on 10080 exactly; the next ones are random again.
		jest.spyOn(Math, 'random').mockReturnValueOnce((10080 - low + 0.5) / size);
		const [port] = await ports.reservePorts(1);
		jest.restoreAllMocks();
		ports.releasePorts([port]);
		expect(inPool(port)).toBe(true);
		expect(port).not.toBe(10080);
		expect([...ports.UNSAFE_PORTS]).toEqual([10080]);
		// Node's own fetch refuses it (in a child: this file's fetch goes through nock).
		const said = spawnSync(process.execPath, [
			'-e',
			"fetch('http://127.0.0.1:10080/').catch((e) => console.log(e.cause.message))",
		]);
		expect(String(said.stdout).trim()).toBe('bad port');
	});

	test('distinct pool ports, each bindable and locked by this process until released', async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: 1, max: 8 }), async (count) => {
				const got = await ports.reservePorts(count);
				expect(new Set(got).size).toBe(count);
				for (const port of got) {
					expect(inPool(port)).toBe(true);
					expect(await ports.bindable(port)).toBe(true);
					expect(readFileSync(ports.lockFile(port), 'utf8')).toBe(String(process.pid));
				}
				ports.releasePorts(got);
				for (const port of got) expect(existsSync(ports.lockFile(port))).toBe(false);
			}),
			{ numRuns: 20 },
		);
	});

	test('processes reserving at once never get the same port', async () => {
		const lockDir = mkdtempSync(path.join(tmpdir(), 'voice-agent-ports-test-'));
		// Each holds its ports until all have answered (stdin closed): a process that ends
		// releases its ports, and a slower one may then rightly take them.
		const script = `require(${JSON.stringify(path.resolve(__dirname, '../../lib/ports.js'))}).reservePorts(40).then((p) => { console.log(JSON.stringify(p)); process.stdin.resume(); process.stdin.on('end', () => process.exit(0)); })`;
		const children = Array.from({ length: 6 }, () =>
			spawn(process.execPath, ['-e', script], {
				env: { ...process.env, VOICE_AGENT_PORT_LOCKS: lockDir },
			}),
		);
		const outputs = await Promise.all(
			children.map(
				(child) =>
					new Promise<number[]>((resolve, reject) => {
						let out = '';
						child.stdout.on('data', (c) => {
							out += c;
							if (out.endsWith('\n')) resolve(JSON.parse(out));
						});
						child.on('exit', (code) => reject(new Error(`exit ${code} before answering`)));
					}),
			),
		);
		for (const child of children) child.stdin.end();
		await Promise.all(children.map((child) => new Promise((r) => child.on('exit', r))));
		const all = outputs.flat();
		expect(all).toHaveLength(240);
		expect(new Set(all).size).toBe(240);
	});
});

describe('lock', () => {
	test('a lock whose process is gone is taken over; a live one is not', async () => {
		const [port] = await ports.reservePorts(1);
		ports.releasePorts([port]);
		writeFileSync(ports.lockFile(port), String(await deadPid()));
		expect(ports.lock(port)).toBe(true);
		expect(readFileSync(ports.lockFile(port), 'utf8')).toBe(String(process.pid));
		ports.releasePorts([port]);
		writeFileSync(ports.lockFile(port), String(process.ppid));
		expect(ports.lock(port)).toBe(false);
		expect(readFileSync(ports.lockFile(port), 'utf8')).toBe(String(process.ppid));
		writeFileSync(ports.lockFile(port), String(await deadPid()));
		expect(ports.lock(port)).toBe(true);
		ports.releasePorts([port]);
	});
});

describe('portInUse', () => {
	test.each([
		[
			`n8n's port 5678 is already in use. Do you have another instance of n8n running already?`,
			5678,
		],
		[
			`n8n Task Broker's port 34748 is already in use. Do you have another instance of n8n running already?`,
			34748,
		],
		[
			`Port 5690 is already in use, possibly by the n8n main process server. Please set a different port for the worker server.`,
			5690,
		],
		[`Error: listen EADDRINUSE: address already in use 127.0.0.1:4010`, 4010],
		[
			`# Warning: Could not create server TCP listening socket 127.0.0.1:21345: bind: Address already in use`,
			21345,
		],
		[
			`LOG:  could not bind IPv4 address "127.0.0.1": Address already in use\nHINT:  Is another postmaster already running on port 23456? If not, wait a few seconds and retry.`,
			23456,
		],
	])('%s', (text, port) => {
		expect(ports.portInUse(text)).toBe(port);
		expect(ports.portInUse(new Error(`n8n start exited early:\n${text}`))).toBe(port);
	});

	test('an error that is not about a port in use', () => {
		expect(
			ports.portInUse(new Error('n8n start exited early: Cannot find module x')),
		).toBeUndefined();
		expect(ports.portInUse('ECONNREFUSED 127.0.0.1:4010')).toBeUndefined();
		expect(ports.portInUse(undefined)).toBeUndefined();
	});
});

describe('withPorts', () => {
	test('a start that finds its port taken runs again on fresh ports', async () => {
		const tried: number[][] = [];
		const moved: number[] = [];
		const {
			value,
			ports: final,
			attempts,
		} = await ports.withPorts(
			2,
			async (p, attempt) => {
				tried.push(p);
				if (attempt < 3) throw new Error(`n8n's port ${p[0]} is already in use.`);
				return 'up';
			},
			{ what: 'a test start', onRetry: (port) => moved.push(port) },
		);
		expect(value).toBe('up');
		expect(attempts).toBe(3);
		expect(moved).toEqual([tried[0][0], tried[1][0]]);
		expect(final).toEqual(tried[2]);
		// Each try reserves afresh: a port released by a failed try may come back by chance (the
		// pool is drawn at random; here nobody holds the "taken" port), but each try's ports are
		// its own and the start ran with them.
		for (const t of tried) expect(new Set(t).size).toBe(2);
		// The failed tries' ports are released, the last one's kept.
		for (const p of [...tried[0], ...tried[1]].filter((q) => !final.includes(q)))
			expect(existsSync(ports.lockFile(p))).toBe(false);
		for (const p of final) expect(existsSync(ports.lockFile(p))).toBe(true);
		ports.releasePorts(final);
	});

	test('bounded: the last error names the port', async () => {
		let last = 0;
		let calls = 0;
		await expect(
			ports.withPorts(
				1,
				async ([p]) => {
					calls++;
					last = p;
					throw new Error(`n8n Task Broker's port ${p} is already in use.`);
				},
				{ what: 'n8n main', tries: 3 },
			),
		).rejects.toThrow(
			/^n8n main: port \d+ was already in use, and so was a fresh port at each of 3 tries/,
		);
		expect(calls).toBe(3);
		expect(existsSync(ports.lockFile(last))).toBe(false);
	});

	test('any other failure is final at once', async () => {
		let calls = 0;
		await expect(
			ports.withPorts(
				1,
				async () => {
					calls++;
					throw new Error('migrations failed');
				},
				{ what: 'n8n main' },
			),
		).rejects.toThrow('migrations failed');
		expect(calls).toBe(1);
	});
});

describe('listenOnPort', () => {
	test('a given port that is taken is named; without one a reserved port is used and released', async () => {
		const first = net.createServer();
		const { port, release } = await ports.listenOnPort(first, { what: 'the first server' });
		expect(inPool(port)).toBe(true);
		expect(existsSync(ports.lockFile(port))).toBe(true);
		const second = net.createServer();
		await expect(ports.listenOnPort(second, { port, what: 'the sandbox' })).rejects.toThrow(
			`the sandbox: port ${port} is already in use`,
		);
		await new Promise((r) => first.close(r));
		release();
		expect(existsSync(ports.lockFile(port))).toBe(false);
	});
});
