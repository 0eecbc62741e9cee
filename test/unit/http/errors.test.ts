import {
	describeHttpFailure,
	describeNetworkFailure,
	readErrorBody,
	redact,
} from '../../../nodes/shared/http/errors';
import {
	classifyFailure,
	DEFAULT_RETRY,
	parseRetryAfter,
	requestKind,
	RETRY_POLICY,
	retryDelay,
} from '../../../nodes/shared/http/retryPolicy';
import { joinUrl, unsafeBaseUrlReason } from '../../../nodes/shared/http/url';

describe('error bodies', () => {
	test('both documented shapes', () => {
		expect(
			readErrorBody({ error: { code: 'invalid_parameter', message: 'bad start_date' } }),
		).toEqual({
			code: 'invalid_parameter',
			message: 'bad start_date',
		});
		expect(readErrorBody({ detail: 'Agent not found' })).toEqual({ message: 'Agent not found' });
	});

	test('framework validation lists and raw text', () => {
		expect(
			readErrorBody({ detail: [{ loc: ['body', 'agent_id'], msg: 'field required' }] }),
		).toEqual({
			message: 'body.agent_id: field required',
		});
		expect(readErrorBody('Bad Gateway')).toEqual({ message: 'Bad Gateway' });
		expect(readErrorBody('{"detail":"x"}')).toEqual({ message: 'x' });
	});

	test.each([
		[400, 'The service rejected a field or parameter.'],
		[401, 'Check the API key in the Voice Agent API credential.'],
		[403, 'not allowed'],
		[404, 'did not find'],
		[409, 'conflicts'],
		[422, 'could not process'],
		[429, 'rate limiting'],
		[500, 'failed while handling'],
	])('status %i has advice', (status, advice) => {
		expect(describeHttpFailure(status, {}).description).toContain(advice);
	});

	test('the service text wins; a default when there is none', () => {
		expect(
			describeHttpFailure(401, {
				error: { code: '401 Unauthorized', message: 'Invalid credentials' },
			}),
		).toEqual({
			status: 401,
			code: '401 Unauthorized',
			message: 'Invalid credentials',
			description:
				'Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.',
		});
		expect(describeHttpFailure(502, undefined).message).toBe('Request failed with HTTP 502');
	});

	test('not-retried failures warn that the call may have been placed', () => {
		expect(describeHttpFailure(500, {}, true).description).toContain(
			'a call is never placed twice',
		);
		expect(describeNetworkFailure('ECONNRESET', true).description).toContain(
			'a call is never placed twice',
		);
		expect(describeNetworkFailure('ECONNREFUSED').message).toBe(
			'The connection to the service was refused',
		);
	});

	test('redact', () => {
		expect(redact('key abcd1234 leaked abcd1234', 'abcd1234')).toBe('key *** leaked ***');
	});
});

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

describe('base URL safety', () => {
	test.each([
		'https://prod-api.ringg.ai/ca/api/v0',
		'http://localhost:4010/ca/api/v0',
		'http://127.0.0.1:4010/ca/api/v0',
		'http://[::1]:4010/ca/api/v0',
	])('%s may receive the key', (url) => expect(unsafeBaseUrlReason(url)).toBeUndefined());

	test('plain http elsewhere is refused', () => {
		expect(unsafeBaseUrlReason('http://api.example.com/ca/api/v0')).toBe(
			'the API key is only sent over https (plain http is allowed for localhost only), but the Base URL is http://api.example.com',
		);
		expect(unsafeBaseUrlReason('ftp://x')).toBe('the Base URL must start with https:// (got ftp:)');
		expect(unsafeBaseUrlReason('nope')).toBe('"nope" is not a valid URL');
	});

	test('joinUrl', () => {
		expect(joinUrl('https://a/ca/api/v0/', '/calling/history')).toBe(
			'https://a/ca/api/v0/calling/history',
		);
		expect(joinUrl('https://a/ca/api/v0', 'agent/v1')).toBe('https://a/ca/api/v0/agent/v1');
	});
});
