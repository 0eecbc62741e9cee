/** The retry policy: which requests are retried on which failures, Retry-After and backoff. */
import {
	classifyFailure,
	DEFAULT_RETRY,
	parseRetryAfter,
	requestKind,
	RETRY_POLICY,
	retryDelay,
} from '../../../nodes/shared/http/retryPolicy';

describe('retry policy', () => {
	test('kinds of requests', () => {
		expect(requestKind('GET', '/calling/history')).toBe('read');
		expect(requestKind('POST', '/calling/outbound/individual')).toBe('once');
		expect(requestKind('PATCH', '/workspace/api-key')).toBe('once');
		expect(requestKind('POST', '/calling/history/download')).toBe('once');
		expect(requestKind('PATCH', '/agent/v1')).toBe('idempotent');
		expect(requestKind('DELETE', '/calling/contact/abc')).toBe('idempotent');
		expect(requestKind('POST', '/something/new')).toBe('once');
		expect(requestKind('POST', '/external/kb')).toBe('once');
		expect(requestKind('PATCH', '/external/kb')).toBe('once');
		expect(requestKind('GET', '/external/kb/all')).toBe('read');
	});

	test('placing a call retries only what proves nothing was done', () => {
		expect(RETRY_POLICY.once).toEqual({
			rateLimited: true,
			serverError: false,
			notSent: true,
			lostAfterSend: false,
		});
		expect(Object.values(RETRY_POLICY.read).every(Boolean)).toBe(true);
	});

	test('classification', () => {
		expect(classifyFailure(429)).toBe('rateLimited');
		expect(classifyFailure(503)).toBe('serverError');
		expect(classifyFailure(404)).toBeUndefined();
		expect(classifyFailure(undefined, 'ECONNREFUSED')).toBe('notSent');
		expect(classifyFailure(undefined, 'ECONNRESET')).toBe('lostAfterSend');
		expect(classifyFailure(undefined, undefined)).toBe('lostAfterSend');
	});

	test('Retry-After and backoff', () => {
		expect(parseRetryAfter('2')).toBe(2000);
		expect(parseRetryAfter(['0.5'])).toBe(500);
		expect(
			parseRetryAfter('Wed, 25 Nov 2026 12:00:10 GMT', Date.parse('2026-11-25T12:00:00Z')),
		).toBe(10000);
		expect(parseRetryAfter('soon')).toBeUndefined();
		expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, DEFAULT_RETRY))).toEqual([
			500, 1000, 2000, 4000, 8000, 8000,
		]);
		expect(retryDelay(1, DEFAULT_RETRY, 3000)).toBe(3000);
	});
});
