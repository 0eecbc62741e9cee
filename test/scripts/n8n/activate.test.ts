/**
 * scripts/n8n/server.js activateInN8n on n8n 2.x: a publication that ends 'not_published'
 * (applying it failed before any trigger ran: n8n leaves it so) is published again, twice at
 * most, each time with the workflow's saved version; a trigger's own failure fails at once;
 * what never succeeds is thrown with the n8n log lines that say why.
 */
import * as env from '../../../scripts/n8n/env';
import type { N8nInstall } from '../../../scripts/n8n/install';

const n8n2 = { major: 2 } as N8nInstall;

/** A REST client that answers publication-status from `ends`, one per POST /activate. */
function fakeRest(ends: string[]) {
	const sent: string[] = [];
	let published = -1;
	return {
		sent,
		request: async (method: string, route: string, body?: unknown) => {
			sent.push(`${method} ${route}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`);
			if (method === 'GET' && route === '/workflows/w1')
				return { status: 200, json: { data: { versionId: 'v7' } }, text: '' };
			if (method === 'POST') {
				published++;
				return { status: 200, json: {}, text: '' };
			}
			const data = { status: ends[published], triggers: [] };
			return { status: 200, json: { data }, text: JSON.stringify({ data }) };
		},
	};
}

const ACTIVATE = 'POST /workflows/w1/activate {"versionId":"v7"}';
const STATUS = 'GET /workflows/w1/publication-status';
const said: string[] = [];
const say = (line: string) => said.push(line);
beforeEach(() => (said.length = 0));

test('published at once: one activation, nothing said', async () => {
	const rest = fakeRest(['published']);
	await env.activateInN8n(n8n2, rest, 'w1', { say });
	expect(rest.sent).toEqual(['GET /workflows/w1', ACTIVATE, STATUS]);
	expect(said).toEqual([]);
});

test("'not_published' once: published again with the saved version, and said", async () => {
	const rest = fakeRest(['not_published', 'published']);
	await env.activateInN8n(n8n2, rest, 'w1', { say });
	expect(rest.sent).toEqual([
		'GET /workflows/w1',
		ACTIVATE,
		STATUS,
		STATUS,
		'GET /workflows/w1',
		ACTIVATE,
		STATUS,
	]);
	expect(said).toEqual([
		'activating w1: publication 1 ended not_published: {"data":{"status":"not_published","triggers":[]}}; publishing again',
	]);
});

test("'not_published' three times: thrown with the log lines about it", async () => {
	const rest = fakeRest(['not_published', 'not_published', 'not_published']);
	const log = () => ['Editor is now accessible', 'Workflow publication outbox drain failed', 'x'];
	await expect(env.activateInN8n(n8n2, rest, 'w1', { say, log })).rejects.toThrow(
		'activating w1: publication 3 ended not_published: {"data":{"status":"not_published","triggers":[]}}\n' +
			"n8n's log:\nWorkflow publication outbox drain failed",
	);
	expect(rest.sent.filter((s) => s === ACTIVATE)).toHaveLength(3);
	expect(said).toHaveLength(2);
});

test.each(['failed', 'partial'])("'%s' (a trigger's own error) fails at once", async (end) => {
	const rest = fakeRest([end, 'published']);
	await expect(env.activateInN8n(n8n2, rest, 'w1', { say })).rejects.toThrow(
		`activating w1: publication 1 ended ${end}: {"data":{"status":"${end}","triggers":[]}}`,
	);
	expect(rest.sent.filter((s) => s === ACTIVATE)).toHaveLength(1);
	expect(said).toEqual([]);
});

test('n8n 1.x: activated by the REST call, nothing to wait for', async () => {
	const rest = fakeRest([]);
	await env.activateInN8n({ major: 1 } as N8nInstall, rest, 'w1', { say });
	expect(rest.sent).toEqual(['GET /workflows/w1', ACTIVATE]);
});
