/**
 * Continue On Fail with "continue (using error output)": n8n moves an item to the error
 * output only when its json is nothing but the error (1.x: `{error}` or `{error, message}`),
 * so there the item is the bare error (n8n adds the row's fields); with "continue" (regular
 * output) it keeps its description and httpCode.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { expectAllMocksUsed, mockApi, runNode } from '../helpers/harness';
import { AGENT } from '../helpers/fixtures';
import { sheetStart } from '../helpers/startParams';
import { createParams } from '../nodes/VoiceAgentCampaign/campaign/create/helpers';

expectAllMocksUsed();

const outputs = (run: Awaited<ReturnType<typeof runNode>>['run']) =>
	run.data.resultData.runData['Voice Agent'][0].data!.main as INodeExecutionData[][];

const ERROR_OUTPUT = { onError: 'continueErrorOutput' as const };

describe('Continue On Fail, error output', () => {
	test('Start: a refused row goes to the error output, the call and the skipped row stay', async () => {
		mockApi()
			.post('/calling/outbound/individual', {
				name: 'Ny',
				mobile_number: '+12125550100',
				agent_id: AGENT,
				from_number: '+14155550000',
				call_config: {
					call_time: {
						call_start_time: '08:00',
						call_end_time: '21:00',
						timezone: 'America/New_York',
					},
				},
			})
			.reply(200, {
				status: 'success',
				message: 'Call initiated successfully',
				data: { call_id: '00000000-0000-4000-8000-000000000001', call_status: 'registered' },
			});
		const { run, error } = await runNode({
			type: 'voiceAgentCalling',
			settings: ERROR_OUTPUT,
			items: [
				{ json: { name: 'Ny', phone: '+12125550100' } },
				{ json: { name: 'Au', phone: '+61412345678' } },
				{ json: { name: 'Listed', phone: '+14155550144' } },
			],
			parameters: sheetStart(
				{},
				{
					calleeTimeZone: true,
					callConfig: { callStartTime: '08:00', callEndTime: '21:00', timezone: 'UTC' },
					doNotCall: 'numbers',
					doNotCallNumbers: '+14155550144',
				},
			),
		});
		expect(error).toBeUndefined();
		const [success, failed] = outputs(run);
		expect(success.map((i) => [i.json, i.pairedItem])).toEqual([
			[expect.objectContaining({ call_id: '00000000-0000-4000-8000-000000000001' }), { item: 0 }],
			[
				{
					skipped: 'do_not_call',
					skip_reason: 'Do Not Call: +14155550144 is on the list, so it is not called',
					mobile_number: '+14155550144',
				},
				{ item: 2 },
			],
		]);
		// The harness runs the node first (no source): n8n adds the row's fields only in a workflow.
		expect(failed.map((i) => [i.json, i.pairedItem])).toEqual([
			[
				{
					error:
						"Call Window in the Callee's Time Zone: the country of +61412345678 (+61) has several time zones: add a column with each row's IANA time zone (e.g. America/New_York) and name it in Time Zone Column, or set When the Zone Is Unknown to Use a Default Zone [item 1]",
				},
				{ item: 1 },
			],
		]);
	});

	test('an operation on all items (Campaign Create): its error goes to the error output', async () => {
		// No request: the only row is refused before the assistant is read.
		const { run, error } = await runNode({
			type: 'voiceAgentCampaign',
			settings: ERROR_OUTPUT,
			items: [{ json: { phone: '12' } }],
			parameters: createParams(),
		});
		expect(error).toBeUndefined();
		const [success, failed] = outputs(run);
		expect(success).toEqual([]);
		expect(failed.map((i) => [i.json, i.pairedItem])).toEqual([
			[{ error: 'No contact to upload: every row was left out' }, [{ item: 0 }]],
		]);
	});

	test('the regular output keeps the description', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			continueOnFail: true,
			items: [{ json: { phone: '12' } }],
			parameters: createParams(),
		});
		expect(error).toBeUndefined();
		expect(output.map((i) => i.json)).toEqual([
			{
				error: 'No contact to upload: every row was left out',
				description:
					'Left out: item 0: Phone Number "12" is not a phone number in international format with country code, e.g. +14155550100',
			},
		]);
	});
});
