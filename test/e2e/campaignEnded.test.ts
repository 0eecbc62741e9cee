/**
 * End to end: the polling trigger's Campaign Ended event activated in a real n8n (`n8n start`)
 * against the sandbox, with campaigns saved and started over the sandbox's own API (so the
 * check does not depend on the Campaign node). A campaign that ended before activation is only
 * recorded; the ones that end afterwards start one execution each; one that ends while n8n is
 * stopped starts one after the restart (the memory read back from its database), and nothing
 * starts twice. Run with `npm run test:e2e -- test/e2e/campaignEnded.test.ts`
 * (`-- --n8n2` for n8n 2.x).
 */
import { multipartBody } from '../../nodes/shared/http/multipart';
import { fixtures } from '../../sandbox';
import { bound } from '../../lib/bounds';
import { CREDENTIAL, e2eSuite, MAJOR, POLL_CRON, QUIET_POLLS } from '../helpers/e2eSuite';
import { waitFor } from '../helpers/wait';
import { withN8nLog } from '../helpers/n8nLog';

const PKG = 'n8n-nodes-voice-agent';
const TRIGGER = `${PKG}.voiceAgentTrigger`;
const AGENT = fixtures.AGENTS[0].id;
const FROM = fixtures.NUMBERS[0].number;
const WORKFLOW = 'e2eCampaignOnce';
const NODE = 'Campaign ended';
const MINUTE = 60_000;

const workflow = () => ({
	id: WORKFLOW,
	name: WORKFLOW,
	active: false,
	connections: {},
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'ce0ce0ce-0000-4000-8000-000000000001',
			name: NODE,
			type: TRIGGER,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				event: 'campaignEnded',
				pollTimes: { item: [{ mode: 'custom', cronExpression: POLL_CRON }] },
			},
			credentials: { voiceAgentApi: CREDENTIAL },
		},
	],
});

/** `DD/MM/YYYY, HH:MM` in Asia/Kolkata (UTC+05:30, the call window's default zone). */
function kolkata(ms: number): string {
	const d = new Date(ms + 330 * MINUTE);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** Saves and starts a campaign of two contacts, starting `aheadMs` after the sandbox's now. */
async function startCampaign(name: string, aheadMs: number): Promise<string> {
	const start = Math.ceil((suite.sandbox.now() + aheadMs) / MINUTE) * MINUTE;
	const { body, contentType } = multipartBody([
		{
			name: 'file',
			filename: 'c.csv',
			contentType: 'text/csv',
			data: Buffer.from('Name,Mobile Number\nAna,+14155556001\nBo,+14155556002\n'),
		},
		{ name: 'variables_map', value: JSON.stringify({ callee_name: 'Name' }) },
		{ name: 'agent_id', value: AGENT },
		{ name: 'campaign_name', value: name },
		{ name: 'call_config', value: JSON.stringify({ call_retry_config: { retry_count: 0 } }) },
		{ name: 'country_code', value: '+1' },
		{ name: 'campaign_start_time', value: kolkata(start) },
		{ name: 'campaign_end_time', value: kolkata(start + 12 * 60 * MINUTE) },
	]);
	const headers = { 'x-api-key': suite.sandbox.apiKey };
	const saved = await fetch(`${suite.sandbox.url}/campaign/save`, {
		method: 'POST',
		headers: { ...headers, 'content-type': contentType },
		body,
	});
	const { list_id: id } = (await saved.json()) as { list_id: string };
	expect(saved.status).toBe(200);
	const started = await fetch(`${suite.sandbox.url}/campaign/start`, {
		method: 'POST',
		headers: { ...headers, 'content-type': 'application/json' },
		body: JSON.stringify({ agent_id: AGENT, list_id: id, from_numbers: [FROM] }),
	});
	expect(started.status).toBe(200);
	return id;
}

const statusOf = (id: string) =>
	suite.sandbox.campaigns().find((c) => c.id === id)?.campaign_status;
const advance = async (ms: number) =>
	await fetch(`${suite.sandbox.origin}/__sandbox/advance`, {
		method: 'POST',
		body: JSON.stringify({ ms }),
	});

const suite = e2eSuite({ label: 'Campaign Ended', seed: 11, workflows: () => [workflow()] });

describe(`n8n ${MAJOR}.x Campaign Ended`, () => {
	test('Campaign Ended: once per campaign that ends after activation, also across a restart', async () => {
		const { sandbox, timed } = suite;
		// Ended before activation: recorded by the first poll, never emitted.
		const before = await startCampaign('Ended before activation', 30 * MINUTE);
		// Running at activation, and created after it: both end later.
		const running = await startCampaign('Running at activation', 3 * 60 * MINUTE);
		await advance(31 * MINUTE);
		await timed('the first campaign ends', () =>
			waitFor('the first campaign completed', () => statusOf(before) === 'completed'),
		);
		expect(statusOf(running)).toBe('scheduled');

		// Counts the trigger's polls (reads of the campaign list).
		sandbox.setFaults([{ endpoint: 'GET /campaign/all', action: 'pass' }]);
		const polls = () => Number(sandbox.faults.describe().rules[0]?.fired ?? 0);
		await suite.activate(WORKFLOW);
		let server = await suite.n8nReady();
		try {
			await timed('the first poll', () =>
				waitFor('the first poll', () => polls() >= 1, bound('poll')),
			);
			const later = await startCampaign('Created after activation', 60 * MINUTE);

			/** The campaign ids each successful execution emitted, execution by execution. */
			const emitted = async () =>
				(await suite.executions(WORKFLOW))
					.filter((e) => e.status === 'success')
					.flatMap((e) => e.runData[NODE][0].data.main[0].map((i: any) => i.json.id))
					.sort();
			const quiet = async (label: string) => {
				const seen = polls();
				await waitFor(label, () => polls() >= seen + QUIET_POLLS, bound('poll', QUIET_POLLS + 1));
			};

			await advance(3 * 60 * MINUTE);
			await timed('both campaigns end', () =>
				waitFor(
					'both completed',
					() => statusOf(running) === 'completed' && statusOf(later) === 'completed',
				),
			);
			const both = [running, later].sort();
			await timed('Campaign Ended fires for both', () =>
				waitFor('two emissions', async () => (await emitted()).length >= 2, bound('poll', 2)),
			);
			await quiet(`${QUIET_POLLS} more polls`);
			expect(await emitted()).toEqual(both);

			// n8n stops; a campaign ends while it is down. After the restart the memory comes back
			// from the database: that campaign is emitted once (a memory lost would have made the
			// first poll a new start, which only records it), the others not again.
			await suite.stopN8n();
			const whileDown = await startCampaign('Ended while n8n was down', 30 * MINUTE);
			await advance(31 * MINUTE);
			await waitFor('it completed', () => statusOf(whileDown) === 'completed');
			server = await suite.n8nReady();
			await timed('Campaign Ended fires after the restart', () =>
				waitFor('a third emission', async () => (await emitted()).length >= 3, bound('poll', 2)),
			);
			await quiet(`${QUIET_POLLS} polls after the restart`);
			expect(await emitted()).toEqual([...both, whileDown].sort());
			expect(await emitted()).not.toContain(before);
		} catch (error) {
			throw withN8nLog(error, server.log());
		} finally {
			sandbox.setFaults(null);
		}
	});
});
