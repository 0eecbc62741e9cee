// @ts-check
'use strict';

/**
 * A process that keeps grabbing free ports, as a busy machine's other programs do: it binds
 * random ports on 127.0.0.1 all over the range (the pool of lib/ports.js and the kernel's
 * ephemeral range alike), holds up to HOLD of them and lets the oldest go. It leaves alone a
 * port whose lock another process than VICTIM holds (other suites of the same run are not its
 * business). It also snipes: the first SNIPES locks VICTIM takes, it binds at once, so that a
 * start of VICTIM's finds its reserved port taken and must move.
 *
 *   node portGrabber.js <lockDir> <victimPid> [snipes=4] [hold=300]
 *
 * It answers "report" on stdin with one JSON line {held, sniped, grabs} and exits on "stop".
 */

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const readline = require('node:readline');

const [lockDir, victimText, snipesText = '4', holdText = '300'] = process.argv.slice(2);
const VICTIM = Number(victimText);
const SNIPES = Number(snipesText);
const HOLD = Number(holdText);

/** @type {Map<number, net.Server>} */
const held = new Map();
/** @type {number[]} */
const order = [];
/** @type {number[]} */
const sniped = [];
let grabs = 0;

/** @param {number} port */
function lockOwner(port) {
	try {
		return Number(fs.readFileSync(path.join(lockDir, `${port}.lock`), 'utf8'));
	} catch {
		return undefined;
	}
}

/**
 * Binds a port; a sniped one is held to the end, others only among the last HOLD grabbed.
 * @param {number} port @param {boolean} keep @returns {Promise<boolean>}
 */
function grab(port, keep) {
	if (held.has(port)) return Promise.resolve(false);
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => {
			held.set(port, server);
			grabs++;
			if (!keep) order.push(port);
			while (order.length > HOLD) {
				const old = /** @type {number} */ (order.shift());
				held.get(old)?.close();
				held.delete(old);
			}
			resolve(true);
		});
	});
}

const seen = new Set();
async function snipe() {
	if (sniped.length >= SNIPES) return;
	let names = [];
	try {
		names = fs.readdirSync(lockDir);
	} catch {
		return;
	}
	for (const name of names) {
		const match = /^(\d+)\.lock$/.exec(name);
		if (!match || seen.has(name)) continue;
		seen.add(name);
		const port = Number(match[1]);
		if (lockOwner(port) !== VICTIM) continue;
		if (await grab(port, true)) sniped.push(port);
		if (sniped.length >= SNIPES) return;
	}
}

async function randomGrab() {
	const port = 1024 + Math.floor(Math.random() * (65535 - 1024));
	const owner = lockOwner(port);
	if (owner !== undefined && owner !== VICTIM) return;
	await grab(port, false);
}

let stopped = false;
(async () => {
	// Locks that exist before the victim starts are not the victim's new ones.
	try {
		for (const name of fs.readdirSync(lockDir)) seen.add(name);
	} catch {}
	console.log(JSON.stringify({ ready: true }));
	while (!stopped) {
		await snipe();
		await randomGrab();
		await new Promise((r) => setTimeout(r, 5));
	}
})();

readline.createInterface({ input: process.stdin }).on('line', (line) => {
	if (line === 'report') console.log(JSON.stringify({ held: [...held.keys()], sniped, grabs }));
	if (line === 'stop') {
		stopped = true;
		for (const server of held.values()) server.close();
		process.exit(0);
	}
});
