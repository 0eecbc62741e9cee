/**
 * What nock is answering right now, and an optional perturbation of when it answers.
 *
 * - `settled()`: resolves once no request nock matched is still being answered. The virtual
 *   clock (virtualClock.ts) waits for it before it lets time pass: an answer takes no virtual
 *   time, however long a loaded machine takes to deliver it, so a wait's rounds cannot race
 *   the answers of the same instant (seen on CI: a round before the second start returned).
 * - TEST_JITTER=<ms> (1 means 10): every answer nock gives is delayed by a fresh random
 *   0..ms on top of the test's own delay, so answers that leave together arrive in any order.
 *   A test that passes only in the order of a quiet machine fails under it. Unset, nothing is
 *   delayed.
 *
 * Both hook the nock instance of the test file (jest gives every file its own), once.
 */
// nock's scope class, untyped: every scope emits 'request' and 'replied' for what it answers.
const { Scope } = require('nock/lib/scope') as { Scope: { prototype: object } };

const HOOKED = Symbol.for('voiceAgent.nockFlight');
const OWN_DELAY = Symbol.for('voiceAgent.ownDelay');

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

/** Hooks nock's scopes (idempotent). */
export function hookNock(): void {
	const proto = Scope.prototype as any;
	if (proto[HOOKED]) return;
	proto[HOOKED] = true;
	const emit = proto.emit;
	proto.emit = function (event: string, req: any, interceptor: any, ...rest: unknown[]) {
		if (event === 'request') {
			if (jitterMs > 0) {
				interceptor[OWN_DELAY] ??= interceptor.delayConnectionInMs ?? 0;
				interceptor.delayConnectionInMs =
					interceptor[OWN_DELAY] + Math.floor(Math.random() * (jitterMs + 1));
			}
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
