/**
 * parent_call_id on reads: FACTS gives it only as a request field of the outbound call, and
 * whether history rows or call details show it is not published. The sandbox serves both
 * readings: 'hidden' (default) leaves the key out, 'shown' carries it (the parent as sent, or
 * null for a call placed without one), on history rows and call details alike.
 */
import type { Sandbox } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { AGENT_1, callBody, type Client } from './helpers';

let sb: Sandbox;
let api: Client;
const sandbox = useSandbox((started) => ({ sb, api } = started));

const WINDOW = '&start_date=2025-06-01T00:00:00Z&end_date=2025-06-03T00:00:00Z';

/** A first call, and a follow-up naming it (upper case, as a user may type it). */
async function chain() {
	const first = (await api.post('/calling/outbound/individual', callBody())).body.data.call_id;
	const parent = String(first).toUpperCase();
	const next = await api.post('/calling/outbound/individual', callBody({ parent_call_id: parent }));
	expect(next.status).toBe(200);
	const second = next.body.data.call_id as string;
	const rows = (await api.get(`/calling/history?agent_id=${AGENT_1}&limit=100${WINDOW}`)).body
		.calls as Array<Record<string, unknown>>;
	const row = (id: string) => rows.find((r) => r.id === id)!;
	const details = async (id: string) =>
		(await api.get(`/calling/call-details?id=${id}`)).body.data as Record<string, unknown>;
	return { first, second, parent, row, details };
}

test("'hidden' (default): neither history rows nor details carry the key; the ledger keeps the request's", async () => {
	const { first, second, parent, row, details } = await chain();
	for (const read of [row(first), row(second), await details(first), await details(second)]) {
		expect(read).not.toHaveProperty('parent_call_id');
	}
	expect(sb.ledger.map((e) => e.parent_call_id)).toEqual([undefined, parent]);
});

test("'shown': history rows and details carry it, as sent; null for a call without one", async () => {
	await sandbox.restart({ parentCallId: 'shown' });
	const { first, second, parent, row, details } = await chain();
	expect(row(first).parent_call_id).toBeNull();
	expect(row(second).parent_call_id).toBe(parent);
	expect((await details(first)).parent_call_id).toBeNull();
	expect((await details(second)).parent_call_id).toBe(parent);
});

test('an unknown reading is refused at start', async () => {
	await expect(
		sandbox.restart({ parentCallId: 'sometimes' as unknown as 'shown' }),
	).rejects.toThrow('parentCallId must be hidden or shown');
});
