/**
 * The sandbox's route table: every API area declares its endpoints with route(), and api.js
 * serves them in one list. The table is pinned so a move between area files cannot drop an
 * endpoint, reorder a literal path behind a {param} one, or change an error shape (detail).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
interface Route {
	method: string;
	pattern: string;
	handler: unknown;
	json: boolean;
	multipart: boolean;
	detail: boolean;
	detailAuth: boolean;
}
type Options = Partial<Pick<Route, 'json' | 'multipart' | 'detail' | 'detailAuth'>>;

const { ROUTES } = require('../../sandbox/lib/api') as { ROUTES: Route[] };
const { route } = require('../../sandbox/lib/route') as {
	route(method: string, pattern: string, handler: unknown, options?: object): Route;
};

const J = { json: true };
const D = { detail: true };
const DA = { detail: true, detailAuth: true };
const EXPECTED: Array<[string, string, Options?]> = [
	['POST', '/calling/outbound/individual', J],
	['POST', '/calling/v2/outbound/individual', J],
	['GET', '/calling/history'],
	['POST', '/calling/history/download'],
	['GET', '/calling/call-details'],
	['DELETE', '/calling/contact/{list_id}'],
	['PATCH', '/agent/v1', { ...J, ...D }],
	['GET', '/agent/all'],
	['GET', '/agent/voices', D],
	['GET', '/agent/{agent_id}', D],
	['DELETE', '/agent/{agent_id}', D],
	['POST', '/public/agent', J],
	['GET', '/campaign/all', DA],
	['POST', '/campaign/save', { ...DA, multipart: true }],
	['POST', '/campaign/start', { ...DA, ...J }],
	['POST', '/campaign/v2/start', { ...DA, ...J }],
	['POST', '/campaign/upload-csv', { ...DA, multipart: true }],
	['GET', '/campaign/upload-status/{bulk_list_id}', DA],
	['POST', '/campaign/check-balance/{bulk_list_id}', DA],
	['POST', '/campaign/make-call-async', { ...DA, ...J }],
	['PATCH', '/campaign/terminate', { ...DA, ...J }],
	['GET', '/workspace'],
	['GET', '/workspace/numbers'],
	['GET', '/workspace/users'],
	['PATCH', '/workspace/api-key'],
	['GET', '/analytics/platform-analytics'],
	['GET', '/analytics/drill-down-analytics'],
	['GET', '/analytics/number-analytics'],
	['GET', '/analytics/duration-distribution'],
	['GET', '/analytics/classification-analytics'],
	['POST', '/external/kb', { multipart: true, ...D }],
	['PATCH', '/external/kb', { multipart: true, ...D }],
	['GET', '/external/kb/all', D],
	['GET', '/external/kb/{kb_id}', D],
	['DELETE', '/external/kb/{kb_id}', D],
];

describe('sandbox route table', () => {
	it('serves every endpoint, in matching order, with its body and error shape', () => {
		const actual = ROUTES.map((r) => ({
			method: r.method,
			pattern: r.pattern,
			json: r.json,
			multipart: r.multipart,
			detail: r.detail,
			detailAuth: r.detailAuth,
		}));
		expect(actual).toEqual(
			EXPECTED.map(([method, pattern, o = {}]) => ({
				method,
				pattern,
				json: Boolean(o.json),
				multipart: Boolean(o.multipart),
				detail: Boolean(o.detail),
				detailAuth: Boolean(o.detailAuth),
			})),
		);
		for (const r of ROUTES) expect(typeof r.handler).toBe('function');
	});

	it('route() builds the entry and refuses an option it does not know', () => {
		const handler = () => ({ status: 200 });
		expect(route('GET', '/x/{id}', handler, { detail: true })).toEqual({
			method: 'GET',
			pattern: '/x/{id}',
			handler,
			json: false,
			multipart: false,
			detail: true,
			detailAuth: false,
		});
		expect(() => route('GET', '/x', handler, { details: true })).toThrow(
			'GET /x: unknown route option details',
		);
		expect(() => route('POST', '/x', handler, { json: true, multipart: true })).toThrow(
			'POST /x: a body is JSON or multipart, not both',
		);
	});
});
