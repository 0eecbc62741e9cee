/**
 * The retry policy, in one table. A request is retried only when repeating it cannot do
 * anything twice: reads and idempotent edits retry every transient failure, while requests
 * that act once (placing a call, regenerating the key, queueing an export) retry only when
 * the service proves it did not act: a 429, or a connection that never opened.
 */
export type RequestKind = 'read' | 'idempotent' | 'once';

export type FailureKind =
	/** 429: the service refused before doing anything. */
	| 'rateLimited'
	/** 5xx: the service may have acted before failing. */
	| 'serverError'
	/** No connection was made (refused, DNS): nothing was sent. */
	| 'notSent'
	/** Connection reset or timeout after sending: the service may have acted. */
	| 'lostAfterSend';

export const RETRY_POLICY: Record<RequestKind, Record<FailureKind, boolean>> = {
	read: { rateLimited: true, serverError: true, notSent: true, lostAfterSend: true },
	idempotent: { rateLimited: true, serverError: true, notSent: true, lostAfterSend: true },
	once: { rateLimited: true, serverError: false, notSent: true, lostAfterSend: false },
};

/** Endpoints whose kind does not follow from the method (GET is always a read). */
const KIND_BY_ENDPOINT: Record<string, RequestKind> = {
	'POST /calling/outbound/individual': 'once',
	'POST /calling/v2/outbound/individual': 'once',
	'POST /calling/history/download': 'once',
	'PATCH /workspace/api-key': 'once',
	// Knowledge-base uploads: a repeated create makes a second one, a repeated edit adds the files twice.
	'POST /external/kb': 'once',
	'PATCH /external/kb': 'once',
	'PATCH /agent/v1': 'idempotent', // an edit replaces the field it names: same result twice
	'DELETE /calling/contact': 'idempotent',
};

export function requestKind(method: string, path: string): RequestKind {
	const upper = method.toUpperCase();
	if (upper === 'GET') return 'read';
	const bare = path.split('?')[0].replace(/\/+$/, '');
	const exact = KIND_BY_ENDPOINT[`${upper} ${bare}`];
	if (exact) return exact;
	// Paths with an id at the end (DELETE /calling/contact/{list_id}) match on their parent.
	const parent = KIND_BY_ENDPOINT[`${upper} ${bare.replace(/\/[^/]*$/, '')}`];
	return parent ?? 'once';
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export function classifyFailure(
	status: number | undefined,
	networkCode?: string,
): FailureKind | undefined {
	if (status === 429) return 'rateLimited';
	if (status !== undefined && status >= 500) return 'serverError';
	if (status !== undefined) return undefined;
	return NOT_SENT_CODES.has(networkCode ?? '') ? 'notSent' : 'lostAfterSend';
}

export interface RetrySettings {
	/**
	 * Attempts in all, the first included, counting every failure but a 429. 1 asks for one
	 * attempt: nothing is sent again, a 429 included.
	 */
	maxAttempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
	/** A Retry-After longer than this is not waited for: the error is reported instead. */
	maxRetryAfterMs: number;
	/**
	 * A request answered 429 is sent again (after the workspace's pause, pacer.ts) until it has
	 * been refused for this long; 0: a 429 is reported at once.
	 */
	rateLimitedForMs: number;
	/** And at most this many 429s: a service asking for no wait at all is not waited out. */
	maxRateLimited: number;
}

export const DEFAULT_RETRY: RetrySettings = {
	maxAttempts: 4,
	baseDelayMs: 500,
	maxDelayMs: 8000,
	maxRetryAfterMs: 60000,
	// Ten minutes: ten windows of a per-minute limit, hundreds of a per-second one. A limit being
	// waited out lets some requests through within it (two busy workers share it); a service
	// refusing everything for that long is not pacing, and the row says so.
	rateLimitedForMs: 600000,
	maxRateLimited: 1000,
};

/** Parses Retry-After (seconds or an HTTP date) into milliseconds from now. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	if (Array.isArray(value)) value = value[0];
	if (value === undefined || value === null || value === '') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(parseFloat(text) * 1000);
	const when = Date.parse(text);
	if (Number.isNaN(when)) return undefined;
	return Math.max(0, when - now);
}

/** Delay before retry number `retry` (1-based): capped exponential, or what Retry-After asks. */
export function retryDelay(retry: number, settings: RetrySettings, retryAfterMs?: number): number {
	if (retryAfterMs !== undefined) return retryAfterMs;
	return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (retry - 1));
}
