/**
 * Where the key may go and what a path may be: the Base URL's safety and normal form (a
 * property), the join of a Base URL and a path, and the endpoint paths that would not reach
 * the endpoint they name.
 */
import fc from 'fast-check';

import {
	endpointPathProblem,
	joinUrl,
	normaliseBaseUrl,
	unsafeBaseUrlReason,
} from '../../../nodes/shared/http/url';

const RUNS = { numRuns: 500, seed: 20260101 };

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

describe('normaliseBaseUrl', () => {
	const baseUrl = fc.oneof(
		fc.webUrl({ withQueryParameters: true, withFragments: true }),
		fc.constantFrom(
			'https://api.example.com/ca/api/v0/',
			'  https://api.example.com/ca/api/v0  ',
			'http://localhost:4010/ca/api/v0',
			'https://api.example.com/ca/../v0',
			'https://api.example.com/a/%2e%2e/b',
		),
	);

	test('is idempotent, and its result has no query, fragment, user or trailing slash', () => {
		fc.assert(
			fc.property(baseUrl, (raw) => {
				const once = normaliseBaseUrl(raw);
				if ('reason' in once) return true;
				const twice = normaliseBaseUrl(once.url);
				const url = new URL(once.url);
				return (
					'url' in twice &&
					twice.url === once.url &&
					!once.url.endsWith('/') &&
					url.search === '' &&
					url.hash === '' &&
					url.username === '' &&
					(url.protocol === 'https:' || url.hostname === 'localhost')
				);
			}),
			RUNS,
		);
	});
});

describe('endpointPathProblem', () => {
	test.each([
		['/calling/contact/..', 'it has a ".." segment'],
		['/calling/contact/%2E%2e', 'it has a ".." segment'],
		['/calling/contact/.', 'it has a "." segment'],
		['/calling/contact/', 'it has an empty segment'],
		['/calling//contact', 'it has an empty segment'],
		['/calling/contact/a?b', 'it contains "?", "#" or a backslash'],
		['/calling/\uD800', 'it contains an unpaired surrogate character'],
		['/calling/%E0%A4%A', 'the segment "%E0%A4%A" is not valid percent-encoding'],
	])('%j: %s', (path, problem) => {
		expect(endpointPathProblem(path)).toBe(problem);
	});

	test('an encoded ID is fine', () => {
		expect(
			endpointPathProblem(`/calling/contact/${encodeURIComponent('list/7 a')}`),
		).toBeUndefined();
	});
});
