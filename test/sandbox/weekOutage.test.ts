/**
 * A bad week's outage hour (sandbox/lib/week/outage.js): from outageHour, every day of the
 * sandbox clock, requests to the API draw 5xx answers, dropped connections or a refusal (the
 * listener closed for refuseMs: ECONNREFUSED), each before anything is acted on; outside it
 * everything passes. The fault board's own 'refuse' does the same on a rule.
 */
import type { Sandbox } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { callBody, type Client } from './helpers';

let sb: Sandbox;
let api: Client;
const sandbox = useSandbox((started) => ({ sb, api } = started));

const START = '/calling/outbound/individual';
const HOUR = 3600000;

/** What a request meets: its status, or the code of the error that ended it. */
const outcome = () =>
	api.get('/workspace/users').then(
		(res) => res.status,
		(e: Error & { cause?: { code?: string } }) => e.cause?.code ?? 'error',
	);

test('5xx in the outage hour (in its zone), before acting; none outside it; again the next day', async () => {
	// The clock starts at 08:00 UTC: 04:00 in New York.
	sb.setWeek({ outageHour: 4, outageZone: 'America/New_York', outage: { share5xx: 1 } });
	const seen = new Set<unknown>();
	for (let n = 0; n < 12; n++) seen.add(await outcome());
	expect([...seen].sort()).toEqual([500, 502, 503]);
	const placed = await api.post(START, callBody());
	expect(placed.status).toBeGreaterThanOrEqual(500);
	expect(placed.body).toEqual({
		error: expect.objectContaining({ message: 'Internal server error' }),
	});
	expect(sb.ledger).toEqual([]);
	sb.advance(HOUR);
	expect(await outcome()).toBe(200);
	expect((await api.post(START, callBody())).status).toBe(200);
	sb.advance(23 * HOUR - 1);
	expect(await outcome()).toBe(200);
	sb.advance(1);
	expect(await outcome()).toBeGreaterThanOrEqual(500);
});

test('a dropped connection acts on nothing', async () => {
	sb.setWeek({ outageHour: 8, outage: { share5xx: 0, shareDrop: 1 } });
	expect(await outcome()).toBe('UND_ERR_SOCKET');
	await expect(api.post(START, callBody())).rejects.toThrow();
	expect(sb.ledger).toEqual([]);
});

test('a refusal drops its request and refuses the next ones (ECONNREFUSED) for refuseMs', async () => {
	sb.setWeek({ outageHour: 8, outage: { share5xx: 0, shareRefused: 1, refuseMs: 600000 } });
	await expect(api.post(START, callBody())).rejects.toThrow();
	expect(await outcome()).toBe('ECONNREFUSED');
	expect(sb.ledger).toEqual([]);
	// In-process, the handle still works: the week off, listening again.
	sb.setWeek(null);
	await sb.resume();
	expect(await outcome()).toBe(200);
	// The fault board's own rule does the same.
	sb.setFaults([{ endpoint: `POST ${START}`, action: { refuseMs: 600000 }, times: 1 }]);
	await expect(api.post(START, callBody())).rejects.toThrow();
	expect(await outcome()).toBe('ECONNREFUSED');
	await sb.resume();
	expect((await api.post(START, callBody())).status).toBe(200);
	expect(sb.ledger).toHaveLength(1);
});

test("explicit rules come first; the outage's draws are seeded", async () => {
	const draws = async (week: Record<string, unknown>) => {
		const { sb: fresh } = await sandbox.restart({ week });
		fresh.setFaults([{ endpoint: 'GET /workspace/users', action: 429, times: 1 }]);
		const got: unknown[] = [];
		for (let n = 0; n < 16; n++) got.push(await outcome());
		return got;
	};
	const week = { seed: 5, outageHour: 8, outage: { share5xx: 0.4, shareDrop: 0.3 } };
	const first = await draws(week);
	expect(first[0]).toBe(429);
	expect(new Set(first.slice(1))).toEqual(new Set([200, 500, 502, 503, 'UND_ERR_SOCKET']));
	expect(await draws(week)).toEqual(first);
	expect(await draws({ ...week, seed: 6 })).not.toEqual(first);
});
