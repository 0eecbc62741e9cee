/**
 * 1,000 rows dialled through the real engine into the sandbox while it injects 500s (before
 * and after placing the call), 429s with Retry-After, slow answers and dropped connections.
 * The sandbox's ledger is the ground truth of who was called.
 */
import nock from 'nock';

import { createSandbox, type Sandbox } from '../../../../../sandbox';
import { runNode } from '../../../../helpers/harness';
import { sandboxCredentials } from '../../../../helpers/sandbox';
import { rowsStart } from '../../../../helpers/startParams';
import { AGENT_1 as AGENT, FROM } from '../../../../sandbox/helpers';

const ROWS = 1000;

let sb: Sandbox;

beforeAll(async () => {
	nock.enableNetConnect(/127\.0\.0\.1/);
	sb = await createSandbox({
		faults: [
			{ endpoint: 'POST /calling/outbound/individual', action: '500', rate: 0.02 },
			{ endpoint: 'POST /calling/outbound/individual', action: '500-after', rate: 0.02 },
			{
				endpoint: 'POST /calling/outbound/individual',
				action: { status: 429, retryAfter: 1 },
				times: 3,
			},
			{
				endpoint: 'POST /calling/outbound/individual',
				action: { status: 429, retryAfter: 1 },
				rate: 0.01,
			},
			{ endpoint: 'POST /calling/outbound/individual', action: 'drop', rate: 0.02 },
			{ endpoint: 'POST /calling/outbound/individual', action: 'drop-after', rate: 0.02 },
			{ endpoint: 'POST /calling/outbound/individual', action: { delayMs: 300 }, rate: 0.03 },
		],
	});
});
afterAll(async () => {
	await sb.close();
	nock.disableNetConnect();
});

test('exactly one output per row, nobody dialled twice, no row lost', async () => {
	const items = Array.from({ length: ROWS }, (_, n) => ({
		json: { name: `Row ${n}`, phone: `+1212555${String(n).padStart(4, '0')}` },
	}));
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		continueOnFail: true,
		credentials: sandboxCredentials(sb),
		items,
		parameters: { ...rowsStart(AGENT, FROM), pace: { maxConcurrent: 10 } },
	});
	expect(error).toBeUndefined();
	expect(output).toHaveLength(ROWS);
	expect(output.map((o) => o.pairedItem)).toEqual(items.map((_, item) => ({ item })));

	const ledgerByNumber = new Map<string, string[]>();
	for (const entry of sb.ledger) {
		ledgerByNumber.set(entry.mobile_number, [
			...(ledgerByNumber.get(entry.mobile_number) ?? []),
			entry.call_id,
		]);
	}
	const dialledTwice = [...ledgerByNumber].filter(([, ids]) => ids.length > 1);
	expect(dialledTwice).toEqual([]);

	let started = 0;
	let failed = 0;
	output.forEach((o, n) => {
		const phone = items[n].json.phone;
		if (o.json.call_id) {
			started++;
			// A started row is exactly the call the sandbox placed for that number.
			expect(ledgerByNumber.get(phone)).toEqual([o.json.call_id]);
		} else {
			failed++;
			expect(typeof o.json.error).toBe('string');
		}
	});
	// Every placed call is accounted for: either its row has it, or its row reports an
	// ambiguous failure (500 or connection lost after the service acted).
	const ambiguous = output.filter(
		(o, n) => !o.json.call_id && ledgerByNumber.has(items[n].json.phone),
	).length;
	expect(started + ambiguous).toBe(sb.ledger.length);
	expect(started).toBeGreaterThan(ROWS * 0.8);
	expect(failed).toBeGreaterThan(0);
	console.log(
		`bulk fault run: ${ROWS} rows -> ${started} started, ${failed} reported errors (${ambiguous} of them placed before failing), ${sb.ledger.length} calls in the ledger, 0 numbers dialled twice`,
	);
});
