/**
 * Every read of the call history sends both dates. FACTS gives two readings of a read without
 * them: the reference's fixed day (2025-09-25), and a report that it returns current data. The
 * sandbox serves either ('stale', its default, or 'current'): under both, Get Many without
 * filters, Export History and the Polling Trigger see today's calls.
 */
import type { Sandbox } from '../../sandbox';
import { jsonOf, runNode } from '../helpers/harness';
import { PollHarness } from '../helpers/poll';
import { sandboxCredentials, useSandboxClock } from '../helpers/sandbox';
import { callBody, type Client } from '../sandbox/helpers';

let sb: Sandbox;
let api: Client;

const sandbox = useSandboxClock((started) => ({ sb, api } = started));

async function endedCall(): Promise<string> {
	const id = (await api.post('/calling/outbound/individual', callBody())).body.data.call_id;
	sb.advance(5 * 60_000);
	return id as string;
}

describe.each(['stale', 'current'] as const)(
	'a history read without dates reads as %s',
	(reading) => {
		beforeEach(async () => {
			await sandbox.restart({ historyDates: reading });
		});

		test('the sandbox serves the reading: without dates, nothing of today when stale', async () => {
			const id = await endedCall();
			const open = (await api.get('/calling/history?limit=10')).body.calls.map((c: any) => c.id);
			// The sandbox's seeded history is recent too: none of it on the stale day.
			if (reading === 'stale') expect(open).toEqual([]);
			else expect(open[0]).toBe(id);
		});

		test('Get Many without filters finds every call, newest first; the Polling Trigger finds the call', async () => {
			const id = await endedCall();
			const { output, error } = await runNode({
				type: 'voiceAgentCalling',
				credentials: sandboxCredentials(sb),
				parameters: { resource: 'call', operation: 'getMany', returnAll: true },
			});
			expect(error).toBeUndefined();
			const ids = jsonOf(output).map((c) => c.call_id);
			expect(ids[0]).toBe(id);
			expect(ids.length).toBeGreaterThan(1);

			const poller = new PollHarness({
				type: 'voiceAgentTrigger',
				parameters: { event: 'callEnded' },
				credentials: sandboxCredentials(sb),
			});
			const manual = await poller.poll('manual');
			expect(manual?.[0].map((i) => i.json.call_id)).toEqual([id]);
		});
	},
);
