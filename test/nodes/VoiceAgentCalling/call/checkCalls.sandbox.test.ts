/**
 * Call › Check Calls through the real engine against the sandbox, check after check as the
 * loop through a Wait node runs them, the sandbox's clock moved between checks: a sheet's
 * calls (one ending in minutes, one never picked up and called back, one scheduled two hours
 * ahead) and the
 * calls of a campaign that starts later, read with Campaign › Get Results. Each call leaves once.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { fixtures, type Sandbox } from '../../../../sandbox';
import { initBinaryData, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { sheetStart } from '../../../helpers/startParams';

let sb: Sandbox;

beforeAll(async () => {
	await initBinaryData();
});
// The sandbox's clock starts at the real now, so that a time Start schedules is its future.
useSandbox(({ sb: started }) => (sb = started), { startTime: Date.now() });

const MINUTE = 60_000;
const run = (type: string, parameters: IDataObject, items?: INodeExecutionData[]) =>
	runNode({ type, credentials: sandboxCredentials(sb), parameters, items });

/** One check: the items it was given, what left on Ended and the Pending item, if any. */
async function check(items: INodeExecutionData[]) {
	const { outputs, error } = await run(
		'voiceAgentCalling',
		{ resource: 'call', operation: 'checkCalls', maxWaitMinutes: 600 },
		items,
	);
	expect(error).toBeUndefined();
	const [ended = [], pending = []] = outputs;
	return { ended: ended.map((i) => i.json), pending };
}

test("a sheet's calls and a call-back: each leaves once, as it ends, with the item that brought it", async () => {
	const at = new Date(sb.now() + 120 * MINUTE).toISOString();
	const rows = [
		{ name: 'Ada', phone: '+14155553020', at: '' },
		{ name: 'Alan', phone: '+14155553013', at: '' }, // never picks up
		{ name: 'Grace', phone: '+14155553021', at },
	];
	const started = await run(
		'voiceAgentCalling',
		sheetStart(
			{},
			{
				assistant: { __rl: true, mode: 'id', value: fixtures.AGENTS[0].id },
				fromNumber: { __rl: true, mode: 'number', value: fixtures.NUMBERS[0].number },
				variablesMode: 'json',
				variablesJson: '{"clinic": "Sunrise Clinic", "date": "June 9", "time": "10:30"}',
				callConfig: { scheduledAt: '={{ $json.at }}' },
			},
		),
		rows.map((json) => ({ json })),
	);
	expect(started.error).toBeUndefined();
	const starts = started.output;
	expect(sb.ledger).toHaveLength(3);

	const first = await check(starts);
	expect(first.ended).toEqual([]);
	expect(first.pending[0].json.pending_count).toBe(3);

	sb.advance(5 * MINUTE);
	const second = await check(first.pending);
	expect(second.ended.map((e) => [e.callee_name, e.outcome, e.timed_out])).toEqual([
		['Ada', 'answered', false],
		['Alan', expect.stringMatching(/^(no_answer|failed)$/), false],
	]);
	// The rows are the very items Start output, carried by reference through the Pending item.
	expect(second.ended[0].row).toBe(starts[0].json);
	expect(second.pending[0].json).toMatchObject({ pending_count: 1, rounds: 2 });

	// Alan is called back (with the variables his call was started with, which the Ended
	// item carries); the call-back joins the wait beside the Pending item.
	const calledBack = await run(
		'voiceAgentCalling',
		{ resource: 'call', operation: 'callBack', when: 'now' },
		[{ json: second.ended[1] }],
	);
	expect(calledBack.error).toBeUndefined();
	const callBack = calledBack.output[0].json;
	expect(callBack).toMatchObject({ parent_call_id: second.ended[1].call_id });

	sb.advance(2 * 60 * MINUTE);
	const third = await check([...second.pending, { json: callBack }]);
	expect(third.ended.map((e) => [e.callee_name, e.outcome, e.row])).toEqual([
		['Grace', 'answered', starts[2].json],
		['Alan', expect.stringMatching(/^(no_answer|failed)$/), callBack],
	]);
	expect(third.pending).toEqual([]);

	const left = [...first.ended, ...second.ended, ...third.ended].map((e) => e.call_id);
	expect(left.sort()).toEqual(sb.ledger.map((l) => l.call_id).sort());
	expect(sb.ledger).toHaveLength(4);
});

test("a campaign's results: its queued calls wait in the Pending item and leave as they end", async () => {
	// A campaign of two contacts starting in 30 minutes: its calls are registered at once.
	const created = await run(
		'voiceAgentCampaign',
		{
			resource: 'campaign',
			operation: 'create',
			assistant: { __rl: true, mode: 'id', value: fixtures.AGENTS[0].id },
			campaignName: 'Check Calls',
			mobileNumber: '={{ $json.phone }}',
			countryCode: '+1',
			startAt: new Date(Date.now() + 30 * MINUTE).toISOString(),
			endAt: new Date(Date.now() + 24 * 60 * MINUTE).toISOString(),
			startRightAway: true,
			callerMode: 'numbers',
			fromNumbers: [fixtures.NUMBERS[0].number],
			callConfig: { timezone: 'UTC' },
		},
		['+14155553120', '+14155553121'].map((phone) => ({
			json: { phone, callee_name: 'Ada', clinic: 'Sunrise Clinic', date: 'June 9', time: '10:30' },
		})),
	);
	expect(created.error).toBeUndefined();
	const listId = created.output[0].json.list_id as string;
	const results = await run('voiceAgentCampaign', {
		resource: 'campaign',
		operation: 'getResults',
		campaign: { __rl: true, mode: 'id', value: listId },
		returnAll: true,
	});
	expect(results.error).toBeUndefined();
	const ids = results.output.map((i) => i.json.call_id as string);
	expect(results.output.map((i) => i.json.status)).toEqual(['registered', 'registered']);

	const first = await check(results.output);
	expect(first.ended).toEqual([]);
	expect((first.pending[0].json.pending as IDataObject[]).map((p) => p.call_id).sort()).toEqual(
		[...ids].sort(),
	);

	sb.advance(40 * MINUTE);
	const second = await check(first.pending);
	expect(second.ended.map((e) => [e.call_id, e.status, e.row]).sort()).toEqual(
		results.output.map((i) => [i.json.call_id, 'completed', i.json]).sort(),
	);
	expect(second.pending).toEqual([]);
});
