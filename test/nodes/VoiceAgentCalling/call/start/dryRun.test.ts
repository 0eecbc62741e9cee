/**
 * Start's Dry Run output (start/dryRun.ts), one per row: a row to call shows its exact body
 * with its warnings and prompt check, a listed row its skip; without the report a refused row
 * stays its error, with it the row says why it would be skipped and every output carries the
 * summary. A failed read of the service stays an error either way.
 */
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { StartRow } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/body';
import { dryRun } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/dryRun';
import { fieldError } from '../../../../../nodes/shared/engine/validate';
import { AGENT } from '../../../../helpers/fixtures';
import { dryRunSummary } from '../../../../helpers/dryRun';
import { START_NODE } from '../../../../helpers/startContext';

const body = { name: 'Ann', mobile_number: '+14155550101', agent_id: AGENT };
const badNumber = fieldError(START_NODE, 'Phone Number', 'is required', 2);
const unreadable = new NodeApiError(START_NODE, { message: 'Service unavailable' } as JsonObject);

const rows = (): StartRow[] => [
	{ verdict: 'call', number: body.mobile_number, value: { body, warnings: ['sent as +1…'] } },
	{ verdict: 'skip', number: '+14155550102', code: 'do_not_call', sentence: 'listed' },
	{ verdict: 'refuse', error: badNumber, code: 'invalid_number' },
	{ verdict: 'refuse', error: unreadable, number: '+14155550104' },
];
const warnings = [['Missing prompt variables: @{{plan}}'], [], [], []];
const checks = [{ uses: ['plan'], missing: ['plan'] }];
const called = {
	dry_run: true,
	body,
	warnings: ['sent as +1…', 'Missing prompt variables: @{{plan}}'],
	prompt_variables: { uses: ['plan'], missing: ['plan'] },
};
const listed = {
	dry_run: true,
	skipped: 'do_not_call',
	skip_reason: 'listed',
	mobile_number: '+14155550102',
};
const NOW = Date.UTC(2026, 0, 5, 12);

describe('dryRun', () => {
	it('without the report: the body, the skip, and each refusal as its error', () => {
		expect(dryRun(rows(), warnings, checks, { nowMs: NOW, report: false })).toEqual([
			{ ok: true, output: called },
			{ ok: true, output: listed },
			{ ok: false, error: badNumber },
			{ ok: false, error: unreadable },
		]);
	});

	it("with the report: why a refused row would be skipped, and the run's summary on each", () => {
		// The row whose service read failed is not a skip: counted with the rows to call.
		const summary = dryRunSummary(4, 2, { do_not_call: 1, invalid_number: 1 });
		expect(dryRun(rows(), warnings, checks, { nowMs: NOW, report: true })).toEqual([
			{ ok: true, output: { ...called, summary } },
			{ ok: true, output: { ...listed, summary } },
			{
				ok: true,
				output: {
					dry_run: true,
					skipped: 'invalid_number',
					problem: 'Phone Number: is required [item 2]',
					summary,
				},
			},
			{ ok: false, error: unreadable },
		]);
	});
});
