// @ts-check
'use strict';

/**
 * The one way every script and test of this repository gets a TCP port for a process it starts
 * (n8n main, its task broker, workers' health checks, webhook processes, the sandbox, Redis,
 * Postgres). Two things made ports collide:
 *
 * 1. A port found free by `listen(0)` and closed again comes from the kernel's ephemeral range,
 *    the range every outgoing connection also takes its local port from (a Postgres client, an
 *    HTTP request): before the child binds it, anything can have taken it.
 * 2. Two processes of one CI run, or of two runs on one machine, can pick the same port.
 *
 * So a port comes from a pool outside the ephemeral range (the kernel hands none of these out
 * by itself), is reserved by a lock file created exclusively in a folder every process on the
 * machine shares (holding the reserving process's id; a lock whose process is gone is taken
 * over), and is checked free by binding it before it is handed out. What none of that can
 * exclude, a foreign program binding a pool port between the check and the child's bind, is
 * handled by `withPorts`: a start that fails because its port is in use is tried again with
 * fresh ports, a bounded number of times, and the last error names the port.
 *
 * A process that binds port 0 itself and reports the port it got (the browser's debugging
 * port, a server inside a test) needs none of this: the kernel gives it a port no one holds.
 */

const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

/** Where the locks live: one folder per machine (os.tmpdir()), shared by every run. */
const LOCK_DIR =
	process.env.VOICE_AGENT_PORT_LOCKS || path.join(os.tmpdir(), 'n8n-nodes-voice-agent-ports');

/** How many times a start is tried with fresh ports before its error is final. */
const PORT_TRIES = 5;

/** Ports below this are left to well-known services. */
const POOL_FLOOR = 10000;

/**
 * The Fetch standard's "bad ports" at or above POOL_FLOOR: Node's fetch and the browser refuse
 * to connect to them ("bad port"), so a sandbox or n8n there cannot be reached. CI once drew
 * 10080 for a sandbox.
 */
const UNSAFE_PORTS = new Set([10080]);

/** The kernel's ephemeral range (Linux; elsewhere the IANA range most systems use). */
function ephemeralRange() {
	try {
		const [low, high] = fs
			.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
			.trim()
			.split(/\s+/)
			.map(Number);
		if (low > 0 && high >= low) return { low, high };
	} catch {}
	return { low: 49152, high: 65535 };
}

/** The pool: [POOL_FLOOR, low - 1] and [high + 1, 65535], whichever parts exist. */
function pool() {
	const { low, high } = ephemeralRange();
	/** @type {Array<[number, number]>} */
	const parts = [];
	if (low - 1 >= POOL_FLOOR + 1000) parts.push([POOL_FLOOR, low - 1]);
	if (high < 65535 - 1000) parts.push([high + 1, 65535]);
	// An ephemeral range that covers nearly everything: the locks and the retries still hold.
	if (parts.length === 0) parts.push([POOL_FLOOR, 65535]);
	return parts;
}

function randomPoolPort() {
	const parts = pool();
	const size = parts.reduce((n, [a, b]) => n + b - a + 1, 0);
	let k = Math.floor(Math.random() * size);
	for (const [a, b] of parts) {
		if (k <= b - a) return a + k;
		k -= b - a + 1;
	}
	return parts[0][0];
}

/** @param {number} pid */
function alive(pid) {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
	}
}

/** Ports this process holds, released at its exit. */
const held = new Set();
let exitHook = false;

const lockFile = (/** @type {number} */ port) => path.join(LOCK_DIR, `${port}.lock`);

/**
 * Takes the lock of one port, or says it is held. A lock whose process is gone is moved aside
 * (rename is atomic: of two processes taking over one stale lock, one wins) and taken anew.
 * @param {number} port @returns {boolean}
 */
function lock(port) {
	const file = lockFile(port);
	for (let round = 0; round < 2; round++) {
		try {
			fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
			return true;
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
		}
		let owner;
		try {
			owner = Number(fs.readFileSync(file, 'utf8'));
		} catch {
			continue; // released meanwhile: try again
		}
		if (alive(owner)) return false;
		const aside = `${file}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
		try {
			fs.renameSync(file, aside);
		} catch {
			return false; // another process took it over first
		}
		// What was moved aside may be a lock made after the stale one was read: put it back.
		let moved;
		try {
			moved = Number(fs.readFileSync(aside, 'utf8'));
		} catch {}
		if (moved !== owner) {
			try {
				fs.linkSync(aside, file);
			} catch {}
			fs.rmSync(aside, { force: true });
			return false;
		}
		fs.rmSync(aside, { force: true });
	}
	return false;
}

/** @param {number} port */
function unlock(port) {
	held.delete(port);
	try {
		if (Number(fs.readFileSync(lockFile(port), 'utf8')) === process.pid) fs.rmSync(lockFile(port));
	} catch {}
}

/** Whether 127.0.0.1:port can be bound now. @param {number} port @returns {Promise<boolean>} */
function bindable(port) {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
			server.close(() => resolve(true)),
		);
	});
}

/**
 * Distinct ports, each locked for this process and found bindable. They stay reserved until
 * `releasePorts` or this process's exit; hand each to the process that binds it.
 * @param {number} count @returns {Promise<number[]>}
 */
async function reservePorts(count) {
	fs.mkdirSync(LOCK_DIR, { recursive: true });
	if (!exitHook) {
		exitHook = true;
		process.once('exit', () => {
			for (const port of [...held]) unlock(port);
		});
	}
	/** @type {number[]} */
	const ports = [];
	for (let looked = 0; ports.length < count; looked++) {
		if (looked > 2000) {
			releasePorts(ports);
			throw new Error(`no free port found in ${looked} tries (locks in ${LOCK_DIR})`);
		}
		const port = randomPoolPort();
		if (UNSAFE_PORTS.has(port) || held.has(port) || !lock(port)) continue;
		held.add(port);
		if (await bindable(port)) ports.push(port);
		// Bound by a program that takes no locks: keep the lock (no one of ours will try it
		// again soon) until this process ends.
	}
	return ports;
}

/** @param {Iterable<number>} ports */
function releasePorts(ports) {
	for (const port of ports) unlock(port);
}

/**
 * The port a start failed on because it was in use, read from its error or log: n8n ("n8n's
 * port 5678 is already in use", "n8n Task Broker's port 5679 is already in use"), Node
 * ("EADDRINUSE: address already in use 127.0.0.1:4010"), Redis ("Could not create server TCP
 * listening socket 127.0.0.1:6379: bind: Address already in use"), Postgres ("could not bind
 * IPv4 address ... Address already in use ... on port 5432").
 * @param {unknown} errorOrText @returns {number | undefined}
 */
function portInUse(errorOrText) {
	const text =
		errorOrText instanceof Error
			? `${errorOrText.message} ${/** @type {any} */ (errorOrText).code ?? ''}`
			: String(errorOrText ?? '');
	if (!/already in use|EADDRINUSE/i.test(text)) return undefined;
	const patterns = [
		/port (\d{2,5}) is already in use/i,
		/address already in use[^\n]*?:(\d{2,5})/i,
		/(?:127\.0\.0\.1|localhost|::|0\.0\.0\.0|\]):(\d{2,5})[^\n]*already in use/i,
		/already in use[\s\S]{0,400}?on port (\d{2,5})/i,
		/port[ "=:]+(\d{2,5})/i,
	];
	for (const re of patterns) {
		const match = re.exec(text);
		if (match) return Number(match[1]);
	}
	return 0; // in use, port not named: still worth fresh ports
}

/**
 * Starts something on fresh ports: reserves `count` ports, runs `start(ports)`, and when it
 * fails because a port was in use (`portInUse` of its error), releases them and tries again
 * with new ones, at most `tries` times. Other failures are thrown at once. The ports of the
 * start that succeeded stay reserved (release them with `releasePorts` when it stops).
 * @template T
 * @param {number} count
 * @param {(ports: number[], attempt: number) => Promise<T>} start
 * @param {{ what: string, tries?: number, onRetry?: (port: number, attempt: number) => void }} options
 * @returns {Promise<{ value: T, ports: number[], attempts: number }>}
 */
async function withPorts(count, start, { what, tries = PORT_TRIES, onRetry }) {
	/** @type {unknown} */
	let last;
	for (let attempt = 1; attempt <= tries; attempt++) {
		const ports = await reservePorts(count);
		try {
			return { value: await start(ports, attempt), ports, attempts: attempt };
		} catch (error) {
			releasePorts(ports);
			const port = portInUse(error);
			if (port === undefined) throw error;
			last = error;
			onRetry?.(port, attempt);
		}
	}
	const port = portInUse(last);
	const message = last instanceof Error ? last.message : String(last);
	throw new Error(
		`${what}: port ${port || '(unnamed)'} was already in use, and so was a fresh port at each of ${tries} tries.\n${message}`,
	);
}

/**
 * Makes a server listen on 127.0.0.1: on `port` when given (its error names the port when it
 * is taken), else on a reserved fresh port (another when one is found taken). The port stays
 * reserved until `release()`, so the server may close and listen on it again (a test that
 * refuses connections for a while) without another process of ours taking it meanwhile.
 * @param {net.Server} server @param {{ port?: number, what: string }} options
 * @returns {Promise<{ port: number, release: () => void }>}
 */
async function listenOnPort(server, { port, what }) {
	const listen = (/** @type {number} */ p) =>
		new Promise((resolve, reject) => {
			const onError = (/** @type {Error} */ error) => {
				server.off('listening', onListening);
				reject(error);
			};
			const onListening = () => {
				server.off('error', onError);
				resolve(undefined);
			};
			server.once('error', onError);
			server.once('listening', onListening);
			server.listen(p, '127.0.0.1');
		});
	if (port) {
		try {
			await listen(port);
		} catch (error) {
			if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE')
				throw new Error(`${what}: port ${port} is already in use`);
			throw error;
		}
		return { port, release: () => undefined };
	}
	const { ports } = await withPorts(1, ([p]) => listen(p), { what });
	return { port: ports[0], release: () => releasePorts(ports) };
}

module.exports = {
	LOCK_DIR,
	PORT_TRIES,
	UNSAFE_PORTS,
	ephemeralRange,
	pool,
	reservePorts,
	releasePorts,
	portInUse,
	withPorts,
	bindable,
	listenOnPort,
	// For tests: one port's lock.
	lock,
	lockFile,
};
