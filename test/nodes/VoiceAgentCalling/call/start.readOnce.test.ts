/**
 * Call › Start reads each row once (start/row.ts): every field a row gives is resolved by n8n
 * once for its item, the Call Settings collection too, however many steps of the row's verdict,
 * its Do Not Call match, its wait and the run's settings use it. The node runs in n8n's own
 * engine; its context counts what the operation asks of it.
 */
import nock from 'nock';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { jsonOf, runNode } from '../../../helpers/harness';
import { AGENT, VOICE } from '../../../helpers/fixtures';
import { sheetStart } from '../../../helpers/startParams';

afterEach(() => nock.cleanAll());

/** The node, its context counting each read: `name` (and how it is read) per item. */
function countingNode(reads: Map<string, number>): VoiceAgentCalling {
	const node = new VoiceAgentCalling();
	const execute = node.execute as (this: IExecuteFunctions) => ReturnType<typeof node.execute>;
	node.execute = async function (this: IExecuteFunctions) {
		// n8n's context keeps private state: its own reader is wrapped in place.
		const read = this.getNodeParameter.bind(this) as (...a: unknown[]) => unknown;
		this.getNodeParameter = ((...args: unknown[]) => {
			const [name, item, , options] = args as [string, number, unknown, object | undefined];
			const key = `${name}${options ? ` ${JSON.stringify(options)}` : ''} @${item}`;
			reads.set(key, (reads.get(key) ?? 0) + 1);
			return read(...args);
		}) as IExecuteFunctions['getNodeParameter'];
		return await execute.call(this);
	};
	return node;
}

const rows = (): INodeExecutionData[] =>
	['4155550101', '4155550102', '4155550103'].map((phone, n) => ({
		json: { name: `Row ${n}`, phone, cc: '+1', voice: n === 2 ? VOICE : '' },
	}));

/**
 * Every per-row field an expression n8n resolves for each item (not only a column, which
 * Start reads from the row itself): the number, the name, the country code, the voice (a
 * locator read twice before), the variables, the wait and its options, and Call Settings with
 * its window and its status callback, which the v2 check (Row 2 has a voice) reads again.
 */
const params = () =>
	sheetStart(
		{ dryRun: true, defaultCountryCode: '={{ String($json.cc) }}' },
		{
			dryRunReport: true,
			name: '={{ String($json.name) }}',
			mobileNumber: '={{ String($json.phone) }}',
			voiceId: { __rl: true, mode: 'id', value: '={{ String($json.voice) }}' },
			variablesMode: 'pairs',
			variables: { variable: [{ name: 'who', value: '={{ String($json.name) }}' }] },
			waitForCompletion: '={{ $json.name === "Row 0" }}',
			waitOptions: { pollIntervalSeconds: '={{ 20 }}' },
			doNotCall: 'numbers',
			doNotCallNumbers: '4155550102',
			callConfig: {
				callStartTime: '09:00',
				callEndTime: '={{ "18:00" }}',
				callbackUrl: '={{ "https://hooks.example.com/" + $json.name.length }}',
			},
		},
	);

describe('Call › Start reads each row once', () => {
	it('resolves every field of every row once, Call Settings included', async () => {
		const reads = new Map<string, number>();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: rows(),
			nodeType: countingNode(reads),
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output).map((json) => json.body ?? json.problem ?? json.skipped)).toEqual([
			{
				name: 'Row 0',
				mobile_number: '+14155550101',
				agent_id: AGENT,
				from_number: '+14155550000',
				custom_args_values: { who: 'Row 0' },
				call_config: {
					call_time: { call_start_time: '09:00', call_end_time: '18:00', timezone: 'UTC' },
				},
				callback_url: 'https://hooks.example.com/5',
				callback_args: { headers: { 'Content-Type': 'application/json' } },
			},
			'do_not_call',
			'Call Settings › Status Callback URL: cannot be used with a Number Pool or a Voice (Override): the service has no such field there [item 2]',
		]);
		const reread = [...reads].filter(([, n]) => n > 1);
		expect(reread).toEqual([]);
		// Each row's own fields were read for it, the listed row's too (held, never used).
		for (const item of [0, 1, 2]) {
			for (const name of ['mobileNumber', 'defaultCountryCode', 'callConfig', 'waitForCompletion'])
				expect(reads.get(`${name} @${item}`)).toBe(1);
		}
		expect(reads.get('waitOptions @0')).toBe(1);
		expect(reads.get('voiceId {"extractValue":true} @2')).toBe(1);
	});
});
