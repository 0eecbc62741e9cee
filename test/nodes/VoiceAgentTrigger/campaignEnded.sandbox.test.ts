/**
 * Campaign Ended against the sandbox: a campaign saved and started over the sandbox's API
 * runs on its clock (scheduled -> ongoing -> completed, or registered -> running -> completed
 * in the schema's words) while the trigger polls it through the real transport.
 */
import { multipartBody } from '../../../nodes/shared/http/multipart';
import type { Sandbox } from '../../../sandbox';
import { PollHarness } from '../../helpers/poll';
import { sandboxCredentials, useSandbox } from '../../helpers/sandbox';
import { AGENT_1, FROM, type Client } from '../../sandbox/helpers';

let sb: Sandbox;
let api: Client;
useSandbox((started) => ({ sb, api } = started));

const MINUTE = 60_000;
// The sandbox clock starts 2025-06-02T08:00:00Z, 13:30 in Asia/Kolkata: 30 minutes ahead.
const START_IST = '02/06/2025, 14:00';
const END_IST = '02/06/2025, 20:00';

/** Saves and starts a campaign of three contacts over the sandbox's API; its id. */
async function startCampaign(name: string): Promise<string> {
	const csv = ['Name,Mobile Number', 'Ana,+14155556001', 'Bo,+14155556002', 'Cy,+14155556003'];
	const { body, contentType } = multipartBody([
		{ name: 'file', filename: 'c.csv', contentType: 'text/csv', data: Buffer.from(csv.join('\n')) },
		{ name: 'variables_map', value: JSON.stringify({ callee_name: 'Name' }) },
		{ name: 'agent_id', value: AGENT_1 },
		{ name: 'campaign_name', value: name },
		{ name: 'call_config', value: JSON.stringify({ call_retry_config: { retry_count: 0 } }) },
		{ name: 'country_code', value: '+1' },
		{ name: 'campaign_start_time', value: START_IST },
		{ name: 'campaign_end_time', value: END_IST },
	]);
	const saved = await fetch(`${sb.url}/campaign/save`, {
		method: 'POST',
		headers: { 'Content-Type': contentType, 'X-API-KEY': sb.apiKey },
		body,
	});
	expect(saved.status).toBe(200);
	const listId = ((await saved.json()) as { list_id: string }).list_id;
	const start = await api.post('/campaign/start', {
		agent_id: AGENT_1,
		list_id: listId,
		from_numbers: [FROM],
	});
	expect(start.status).toBe(200);
	return listId;
}

/** The campaign as GET /campaign/all?call_count=true lists it now. */
async function listed(id: string) {
	const res = await api.get('/campaign/all?limit=1000&call_count=true');
	return res.body.campaigns.find((c: { id: string }) => c.id === id);
}

const jsonOf = (out: Awaited<ReturnType<PollHarness['poll']>>) => out?.[0].map((i) => i.json);

describe('Campaign Ended against the sandbox', () => {
	test.each([
		['page', ['scheduled', 'ongoing']],
		['schema', ['registered', 'running']],
	] as const)(
		'%s words: nothing at activation nor while it runs; once when it completes, with its counts',
		async (words, [scheduled, ongoing]) => {
			sb.setCampaignStatuses(words);
			const h = new PollHarness({
				type: 'voiceAgentTrigger',
				parameters: { event: 'campaignEnded' },
				credentials: sandboxCredentials(sb),
			});
			// Activation: the seeded campaigns that have ended are only recorded.
			expect(await h.poll()).toBeNull();

			const id = await startCampaign(`Recall (${words})`);
			expect((await listed(id)).campaign_status).toBe(scheduled);
			expect(await h.poll()).toBeNull();
			sb.advance(30 * MINUTE);
			expect((await listed(id)).campaign_status).toBe(ongoing);
			expect(await h.poll()).toBeNull();

			sb.advance(10 * MINUTE);
			const row = await listed(id);
			expect(row).toMatchObject({ campaign_status: 'completed', total_count: 3 });
			expect(jsonOf(await h.poll())).toEqual([row]);
			expect(await h.poll()).toBeNull();

			// Fetch Test Event shows it too (the latest ended), and leaves the memory alone.
			const memory = h.staticData();
			expect(jsonOf(await h.poll('manual'))).toEqual([row]);
			expect(h.staticData()).toEqual(memory);
		},
	);
});
