/**
 * The example "Follow up on every ended call": a call-back asked for a later day, through the
 * example's own Call Back nodes (their parameters as shipped, the contacts file as their rows)
 * against the sandbox, as a user met it: "Can you call me back tomorrow?", asked at 18:19 in
 * New York, comes as 10:00 the day after next in the analysis' zone (Asia/Kolkata), 29 hours
 * ahead. Call back when asked outputs it as too_far_ahead with send_from; the example's Wait
 * holds the item until then (test/e2e/followUp.test.ts runs that Wait in a real n8n); Call back
 * on the day, run then on that item, places it once, for the day asked, inside its window;
 * run again on it (the node or the execution re-run), it places nothing more. Under both
 * readings of scheduled_at and of parent_call_id on reads (FACTS leaves both open).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { fixtures, type Sandbox } from '../../sandbox';
import { initBinaryData, jsonOf, runNode } from '../helpers/harness';
import { contactItems } from '../helpers/examples';
import { sandboxCredentials, useSandbox } from '../helpers/sandbox';
import type { Client } from '../sandbox/helpers';

const example = JSON.parse(
	fs.readFileSync(
		path.join(__dirname, '../../examples/follow-up-on-every-ended-call.json'),
		'utf8',
	),
) as { nodes: Array<{ name: string; parameters: IDataObject }> };

/** A node's parameters as shipped, its $('Contacts').all() given as the contacts' items. */
const asShipped = (name: string): IDataObject => {
	const parameters = structuredClone(example.nodes.find((n) => n.name === name)!.parameters);
	expect(parameters.overrides).toEqual({ variableRows: "={{ $('Contacts').all() }}" });
	parameters.overrides = { variableRows: contactItems() };
	return parameters;
};

// James Carter in the contacts file (415 555 0121): the sandbox's callee who asks for a call-back.
const JAMES = '+14155550121';
const VARIABLES = { clinic: 'Sunrise Clinic', date: 'June 9', time: '11:00' };
const AGENT = fixtures.AGENTS[0].id;
const FROM = fixtures.NUMBERS[0].number;
// 18:19 in New York on 6 December: 04:49 on the 7th in Kolkata.
const ASKED_AT = '2026-12-06T23:19:00Z';

let sb: Sandbox;
let api: Client;
beforeAll(async () => {
	await initBinaryData();
});
const sandbox = useSandbox((started) => ({ sb, api } = started), { startTime: ASKED_AT });
// The nodes' clock is the sandbox's.
beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => sb.now()));
afterEach(() => jest.restoreAllMocks());

/** Runs one of the example's Call Back nodes, as shipped, on one item. */
async function run(name: string, item: IDataObject) {
	const { output, outputs, error } = await runNode({
		type: 'voiceAgentCalling',
		credentials: sandboxCredentials(sb),
		parameters: asShipped(name),
		items: [{ json: item }],
		timezone: 'America/New_York',
	});
	expect(error).toBeUndefined();
	expect(outputs[1] ?? []).toEqual([]);
	return jsonOf(output);
}

/** Kolkata's wall clock of an instant, `YYYY-MM-DDTHH:MM:SS`. */
const kolkata = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19);

describe.each([
	['honour', 'hidden', 'presumed_called_back'],
	['honour', 'shown', 'already_called_back'],
	['ignore', 'hidden', 'presumed_called_back'],
	['ignore', 'shown', 'already_called_back'],
] as const)('scheduled_at %s, parent_call_id %s on reads', (scheduledAt, parentCallId, again) => {
	test('asked for tomorrow, 29 hours ahead: waits until send_from, then placed once, for the day, inside its window', async () => {
		await sandbox.restart({ startTime: ASKED_AT, scheduledAt, parentCallId });
		const first = (
			await api.post('/calling/outbound/individual', {
				name: 'James Carter',
				mobile_number: JAMES,
				agent_id: AGENT,
				from_number: FROM,
				custom_args_values: VARIABLES,
			})
		).body.data.call_id as string;
		sb.advance(5 * 60_000);
		expect(sb.call(first)!.status).toBe('completed');

		// Call back when asked: not placed yet, the item says from when it can be.
		const [later] = await run('Call back when asked', { call_id: first });
		expect(later).toMatchObject({
			skipped: 'too_far_ahead',
			mobile_number: JAMES,
			send_from: '2026-12-07T12:00:00+05:30',
			requested_time: {
				value: '2026-12-08T10:00:00',
				read_as: '2026-12-08T10:00:00+05:30',
				timezone: 'Asia/Kolkata',
				zone_from: 'analysis',
			},
			parent_call_id: first,
			attempt: 2,
			already_called_back: false,
		});
		expect(sb.ledger).toHaveLength(1);
		const sendFrom = Date.parse(later.send_from as string);

		// At send_from, as the Wait resumes: placed, for 10:00 on the 8th, a window from it.
		sb.advance(sendFrom - sb.now());
		const [placed] = await run('Call back on the day', later);
		expect(sb.ledger.slice(1)).toEqual([
			{
				call_id: placed.call_id,
				mobile_number: JAMES,
				from_number: FROM,
				agent_id: AGENT,
				at: expect.any(String),
				parent_call_id: first,
				call_time: {
					call_start_time: '10:00',
					call_end_time: '12:00',
					timezone: 'Asia/Kolkata',
					scheduled_at: '2026-12-08T10:00:00',
				},
			},
		]);
		expect(sb.call(placed.call_id as string)!.custom_args_values).toEqual(VARIABLES);
		expect(placed).toMatchObject({
			parent_call_id: first,
			attempt: 2,
			already_called_back: false,
			variables_from: 'rows',
			variables_row: 2,
		});

		// Run again on that item, as a re-run of the node or the execution reads it (a copy):
		// the history shows the call-back, nothing more is placed.
		const [rerun] = await run('Call back on the day', structuredClone(later));
		expect(rerun).toMatchObject({ skipped: again, call_back_id: placed.call_id });
		// The same item object again (Retry On Fail): the first outcome, replayed, not re-sent.
		expect(await run('Call back on the day', later)).toEqual([placed]);
		expect(sb.ledger).toHaveLength(2);

		// It rings on the 8th at 10:00 in Kolkata, not before, whichever reading of scheduled_at.
		const opening = Date.parse('2026-12-08T04:30:00Z');
		sb.advance(opening - 1000 - sb.now());
		expect(sb.call(placed.call_id as string)!.status).toBe('registered');
		sb.advance(1000);
		const rang = sb.call(placed.call_id as string)!;
		expect(rang.status).toBe('ongoing');
		expect(kolkata(Date.parse(rang.call_attempt_time))).toBe('2026-12-08T10:00:00');
		expect(sb.ledger).toHaveLength(2);
	});
});
