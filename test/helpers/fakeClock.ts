/**
 * n8n on a moved clock, for end-to-end files that need a later day: n8n's Wait node and its
 * wait tracker, its polls and the nodes all read the wall clock, which a test cannot move from
 * outside. libfaketime (Debian's `faketime` package) can, for a whole process and what it
 * starts: preloaded with `FAKETIME="+<seconds>s"`, every read of the wall clock is that much
 * later, and time runs on at its real pace. The monotonic clock is left alone (timers, n8n's
 * intervals), so only the date moves. The same n8n user folder started again with a later
 * clock is that n8n the next day: what it saved (a waiting execution's `waitTill`) is read
 * against the new time.
 */
import { existsSync, writeFileSync } from 'node:fs';

/** Where Debian's libfaketime lives (by architecture), and where a build installs it. */
const CANDIDATES = [
	'/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
	'/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
	'/usr/lib/faketime/libfaketime.so.1',
	'/usr/local/lib/faketime/libfaketime.so.1',
];

/** The libfaketime library, or an error saying how to install it. */
export function libfaketime(): string {
	const found = CANDIDATES.find((file) => existsSync(file));
	if (!found)
		throw new Error(
			`libfaketime is not installed (looked for ${CANDIDATES.join(', ')}): on Debian, apt-get install faketime`,
		);
	return found;
}

const KEYS = [
	'LD_PRELOAD',
	'FAKETIME',
	'FAKETIME_DONT_FAKE_MONOTONIC',
	'FAKETIME_TIMESTAMP_FILE',
	'FAKETIME_CACHE_DURATION',
] as const;

/**
 * Sets `env` (in place) so that a process started with it reads a wall clock `seconds` ahead of
 * the real one; 0 leaves the real clock (no library preloaded at all).
 *
 * With `file`, the offset is written there and read again by libfaketime each second, so a
 * process already started with this env moves when the offset is written again: n8n can start
 * well before a moment and be moved to it once its start is over, however long the start took.
 */
export function shiftClock(env: NodeJS.ProcessEnv, seconds: number, file?: string): void {
	if (!Number.isInteger(seconds) || seconds < 0)
		throw new Error(`a clock moves forward by whole seconds, not ${seconds}`);
	for (const key of KEYS) delete env[key];
	if (seconds === 0 && !file) return;
	env.LD_PRELOAD = libfaketime();
	env.FAKETIME_DONT_FAKE_MONOTONIC = '1';
	if (!file) {
		env.FAKETIME = `+${seconds}s`;
		return;
	}
	writeFileSync(file, `+${seconds}s\n`);
	env.FAKETIME_TIMESTAMP_FILE = file;
	env.FAKETIME_CACHE_DURATION = '1';
}
