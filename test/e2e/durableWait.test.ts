/**
 * End to end: the example "Wait for a sheet's calls" exactly as shipped, in a real n8n against
 * the sandbox. Start dials the sheet; Check Calls sends the open calls through a Wait node of
 * two minutes, which n8n saves (the execution is `waiting`, no process runs it) and resumes;
 * every row's outcome is written once, the row Start could not dial (by its error output)
 * included. Under Execute Once or Always Output
 * Data, Check Calls refuses with the reason. Run with `npm run test:e2e -- test/e2e/durableWait.test.ts`
 * (`-- --n8n1` for n8n 1.x).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { bound } from '../../lib/bounds';
import { parseCsv } from '../sandbox/helpers';
import { dialsPerNumber } from '../helpers/dials';
import { e2eSuite, MAJOR, REPO } from '../helpers/e2eSuite';
import { waitFor } from '../helpers/wait';

const EXAMPLE = JSON.parse(
	readFileSync(path.join(REPO, 'examples', 'wait-for-a-sheets-calls.json'), 'utf8'),
);
const ID = EXAMPLE.id as string;

// Calls at their real length (20-60 s): still open at the first check, whatever the machine's
// load, and ended by the second, two minutes later.
const suite = e2eSuite({
	label: 'Durable wait',
	seed: 12,
	speed: 1,
	workflows: () => [EXAMPLE, withCheckSetting('executeOnce'), withCheckSetting('alwaysOutputData')],
});

/** The example with one setting of "Check the calls" turned on, as a user would in its Settings. */
function withCheckSetting(setting: 'executeOnce' | 'alwaysOutputData') {
	const copy = JSON.parse(JSON.stringify(EXAMPLE));
	copy.id = `${ID}-${setting}`;
	copy.name = `${EXAMPLE.name} (${setting})`;
	for (const node of copy.nodes) {
		if (node.name === 'Check the calls') node[setting] = true;
		// Webhook ids are unique per instance.
		if (node.webhookId)
			node.webhookId = node.webhookId.replace(/0060$/, setting === 'executeOnce' ? '0061' : '0062');
	}
	return copy;
}

describe(`n8n ${MAJOR}.x durable wait`, () => {
	test('example "Wait for a sheet\'s calls": saved while it waits, every row\'s outcome once', async () => {
		const { sandbox } = suite;
		await suite.n8nReady();
		const running = suite.run(ID);
		await suite.timed('until n8n has saved the execution as waiting', () =>
			waitFor(
				'the execution to wait',
				async () => (await suite.executions(ID)).some((e) => e.status === 'waiting'),
				bound('n8nCli'),
			),
		);
		const result = await running;
		expect(result.succeeded).toBe(true);

		// The sheet's four good numbers, each dialled once; "n/a" is not dialled.
		const dialled = sandbox.ledger.map((e) => e.mobile_number).sort();
		expect(dialled).toEqual(['+14155550121', '+14155550142', '+14155550177', '+14155550199']);

		// Check Calls ran before the wait and after it; each call left once, as the service has it.
		const runData = (result.data as any).data.resultData.runData;
		const checks = runData['Check the calls'] as any[];
		expect(checks.length).toBeGreaterThanOrEqual(2);
		expect(checks[0].data.main[1][0].json.pending_count).toBe(4);
		expect(runData['Wait 2 minutes']).toHaveLength(checks.length - 1);
		const calls = checks.flatMap((run) => (run.data.main[0] ?? []).map((i: any) => i.json));
		expect(calls.map((e) => e.call_id).sort()).toEqual(sandbox.ledger.map((e) => e.call_id).sort());
		for (const call of calls) {
			expect(call).toMatchObject({
				status: sandbox.call(call.call_id)!.status,
				timed_out: false,
				row: { call_id: call.call_id },
			});
		}

		// The files: one line per row of the sheet, the row not dialled with its error.
		const folder = path.join(suite.files, 'wait');
		const written = readdirSync(folder).filter((f) =>
			f.startsWith(`outcomes-${result.executionId}-`),
		);
		const lines = written.flatMap((file) => {
			// Convert to File starts the file with a byte order mark.
			const text = readFileSync(path.join(folder, file), 'utf8').replace(/^\uFEFF/, '');
			const [header, ...rows] = parseCsv(text);
			return rows.map((row) => Object.fromEntries(header.map((h, n) => [h, row[n]])));
		});
		expect(lines).toHaveLength(5);
		const byName = Object.fromEntries(lines.map((l) => [l.name, l]));
		for (const call of calls) {
			expect(byName[call.callee_name]).toMatchObject({
				phone: call.to_number,
				outcome: call.outcome,
				call_id: call.call_id,
				timed_out: 'FALSE',
			});
		}
		// The row Start could not call left by its error output, with its columns.
		expect(lines.filter((l) => l.outcome === 'not_called')).toEqual([
			expect.objectContaining({
				name: 'Tom Baker',
				phone: 'n/a',
				error: expect.stringContaining('Phone Number'),
			}),
		]);
	});

	test.each([
		['executeOnce', 'Check Calls cannot run with Execute Once'],
		['alwaysOutputData', 'Check Calls cannot run with Always Output Data'],
	] as const)(
		'the example with %s on Check Calls: the run fails there with the reason, nothing is written',
		async (setting, message) => {
			const { sandbox } = suite;
			const before = sandbox.ledger.length;
			const result = await suite.run(`${ID}-${setting}`);
			expect(result.succeeded).toBe(false);
			const runData = (result.data as any).data.resultData.runData;
			expect(runData['Check the calls'][0].error.message).toBe(message);
			expect(runData['Outcome per row']).toBeUndefined();
			expect(runData['Wait 2 minutes']).toBeUndefined();
			// Start ran before Check Calls refused; the sheet's four good numbers are dialled once
			// in this file, whichever ran first: a later run's rows are the calls already made
			// (Duplicate Protection, Automatic, checks manual runs too).
			const perNumber = dialsPerNumber(sandbox.ledger.map((e) => e.mobile_number));
			expect(Object.fromEntries(perNumber)).toEqual({
				'+14155550121': 1,
				'+14155550142': 1,
				'+14155550177': 1,
				'+14155550199': 1,
			});
			const started = runData['Call every row'][0].data.main[0].map((i: any) => i.json);
			expect(started).toHaveLength(4);
			if (before > 0) expect(started.every((row: any) => row.already_dialled === true)).toBe(true);
		},
	);
});
