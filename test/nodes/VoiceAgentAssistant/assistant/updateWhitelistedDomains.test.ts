/**
 * Update Whitelisted Domains: edit_agent_whitelisted_domains with origins only (scheme, host,
 * port), as the URL standard writes them, each once; anything with a path, a user or another
 * scheme is refused.
 */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

// Few hosts and ports, so that one list often names one origin twice (a default port too).
const host = fc.constantFrom('a.example', 'shop.example', 'b.test');
const origin = fc.record({
	scheme: fc.constantFrom('https', 'http'),
	host,
	port: fc.constantFrom(undefined, 443, 80, 8443),
	upper: fc.boolean(),
	slash: fc.boolean(),
});

test('any origins, written in any case with or without a slash: each once, as URL writes it', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.array(origin, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
			async (lists) => {
				const written = lists.map((list) =>
					list.map((o) => {
						const text = `${o.scheme}://${o.host}${o.port === undefined ? '' : `:${o.port}`}`;
						return `${o.upper ? text.toUpperCase() : text}${o.slash ? '/' : ''}`;
					}),
				);
				const run = await editEach(
					'updateWhitelistedDomains',
					{ whitelistedDomains: '={{ $json.domains }}' },
					written.map((domains) => ({ domains })),
				);
				expect(run.operations).toEqual(lists.map(() => 'edit_agent_whitelisted_domains'));
				expect(run.sent).toEqual(
					written.map((domains) => ({
						whitelisted_domains: [...new Set(domains.map((d) => new URL(d).origin))],
					})),
				);
				expect(run.out).toEqual(lists.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('a path, a query, a user, another scheme or no scheme is refused before any request', async () => {
	const run = await editEach('updateWhitelistedDomains', { whitelistedDomains: '={{ $json.d }}' }, [
		{ d: 'https://example.com/app' },
		{ d: 'https://example.com#top' },
		{ d: 'https://u:p@example.com' },
		{ d: 'ftp://example.com' },
		{ d: 'example.com' },
	]);
	const hint = '(e.g. https://example.com)';
	expect(run.sent).toEqual([]);
	expect(run.out.map((o) => o.error)).toEqual([
		`Whitelisted Domains: "https://example.com/app" must be an origin only, without a path, query or fragment ${hint} [item 0]`,
		`Whitelisted Domains: "https://example.com#top" must be an origin only, without a path, query or fragment ${hint} [item 1]`,
		`Whitelisted Domains: "https://u:p@example.com" must not contain a user name or password ${hint} [item 2]`,
		`Whitelisted Domains: "ftp://example.com" must start with https:// or http:// ${hint} [item 3]`,
		`Whitelisted Domains: "example.com" is not a URL ${hint} [item 4]`,
	]);
	expect(refused('x', 'Whitelisted Domains', 0).description).toBe(run.out[0].description);
});
