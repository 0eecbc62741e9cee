/**
 * What nock is answering right now, and an optional perturbation of when it answers.
 *
 * - `settled()`: resolves once no request nock matched is still being answered. The virtual
 *   clock (virtualClock.ts) waits for it before it lets time pass: an answer takes no virtual
 *   time, however long a loaded machine takes to deliver it, so a wait's rounds cannot race
 *   the answers of the same instant (seen on CI: a round before the second start returned).
 * - TEST_JITTER=<ms> (1 means 10): every answer nock gives is delayed by a fresh random
 *   0..ms on top of the test's own delay, and every reply function runs that much later, so
 *   answers that leave together arrive in any order and a reply function's request log
 *   records concurrent requests in any order. A test that passes only in the order of a
 *   quiet machine fails under it. Unset, nothing is delayed.
 *
 * Both hook the nock instance of the test file (jest gives every file its own), once.
 */
import { promisify } from 'node:util';

// nock's scope class, untyped: every scope emits 'request' and 'replied' for what it answers.
const { Scope } = require('nock/lib/scope') as { Scope: { prototype: object } };

const HOOKED = Symbol.for('voiceAgent.nockFlight');
const OWN_DELAY = Symbol.for('voiceAgent.ownDelay');
const OWN_FN = Symbol.for('voiceAgent.ownReply');

const jitterMs = (() => {
	const raw = process.env.TEST_JITTER;
	if (raw === undefined || raw === '' || raw === '0') return 0;
	const n = Number(raw);
	if (!(n > 0)) throw new Error(`TEST_JITTER must be a positive number of ms, not "${raw}"`);
	return n === 1 ? 10 : n;
})();

const inFlight = new Set<object>();
let waiters: Array<() => void> = [];

function landed(req: object): void {
	if (!inFlight.delete(req) || inFlight.size > 0) return;
	const ready = waiters;
	waiters = [];
	// One turn later: the answer's end still has to reach the code that asked for it.
	setImmediate(() => ready.forEach((resolve) => resolve()));
}

const randomMs = () => Math.floor(Math.random() * (jitterMs + 1));

/**
 * This request's perturbation: its answer leaves later (on top of the test's own delay), and
 * a reply function runs later, so that what it records of concurrent requests (a request
 * log) comes in any order. nock reads both right after it emits 'request'.
 */
function jitterOne(interceptor: any): void {
	interceptor[OWN_DELAY] ??= interceptor.delayConnectionInMs ?? 0;
	interceptor.delayConnectionInMs = interceptor[OWN_DELAY] + randomMs();
	for (const key of ['replyFunction', 'fullReplyFunction']) {
		const own = (interceptor[OWN_FN] ??= {})[key] ?? interceptor[key];
		if (typeof own !== 'function') continue;
		interceptor[OWN_FN][key] = own;
		const ms = randomMs();
		interceptor[key] = async function (this: unknown, path: string, body: unknown) {
			await new Promise((resolve) => setTimeout(resolve, ms));
			// A function of three arguments answers through its callback.
			return own.length === 3 ? promisify(own).call(this, path, body) : own.call(this, path, body);
		};
	}
}

/** Hooks nock's scopes (idempotent). */
export function hookNock(): void {
	const proto = Scope.prototype as any;
	if (proto[HOOKED]) return;
	proto[HOOKED] = true;
	const emit = proto.emit;
	proto.emit = function (event: string, req: any, interceptor: any, ...rest: unknown[]) {
		if (event === 'request') {
			if (jitterMs > 0) jitterOne(interceptor);
			inFlight.add(req);
			req.once?.('close', () => landed(req));
		} else if (event === 'replied') landed(req);
		return emit.call(this, event, req, interceptor, ...rest);
	};
}

/** How many requests nock matched and has not finished answering. */
export const requestsInFlight = (): number => inFlight.size;

/** Resolves at once when nothing is in flight, else once the last answer has landed. */
export function settled(): Promise<void> {
	if (inFlight.size === 0) return Promise.resolve();
	return new Promise((resolve) => waiters.push(resolve));
}

/** The perturbation in force (0: none). */
export const jitter = (): number => jitterMs;
