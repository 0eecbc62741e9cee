import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { VoiceAgentInstantTrigger } from '../../nodes/VoiceAgentWebhookTrigger/VoiceAgentInstantTrigger.node';
import { VoiceAgentTrigger } from '../../nodes/VoiceAgentPollingTrigger/VoiceAgentTrigger.node';

/** What the editor shows in a node's panel for the given parameter values, by name. */
export function shownFields(desc: INodeTypeDescription, values: Record<string, unknown>): string[] {
	return desc.properties
		.filter((p) => NodeHelpers.displayParameter(values as never, p, { typeVersion: 1 }, desc))
		.map((p) => p.name);
}

const instant = new VoiceAgentInstantTrigger().description;
const polling = new VoiceAgentTrigger().description;

describe('the two triggers say how they work', () => {
	test('names and descriptions: polling and webhook', () => {
		expect(polling.displayName).toBe('Voice Agent Polling Trigger');
		expect(polling.defaults.name).toBe('Voice Agent Polling Trigger');
		expect(polling.description).toContain('(polling)');
		expect(instant.displayName).toBe('Voice Agent Webhook Trigger');
		expect(instant.defaults.name).toBe('Voice Agent Webhook Trigger');
		expect(instant.description).toContain('(webhook)');
	});
});

describe('Instant (webhook) trigger panel', () => {
	const events = instant.properties.find((p) => p.name === 'events') as INodeProperties;
	const options = events.options as Array<{ name: string; value: string; action: string }>;

	test('the Secret is required, with a hint saying where it goes', () => {
		const secret = instant.properties.find((p) => p.name === 'secret');
		expect(secret).toMatchObject({ required: true, typeOptions: { password: true } });
		expect(secret?.hint).toBe(
			'Every delivery must carry it: header x-voice-agent-secret, or ?secret= in the URL (Register on Assistant adds that). Others get 401.',
		);
	});

	test('an empty or short secret shows the inline check; 16 characters or an expression do not', () => {
		const notice = (secret: string) =>
			shownFields(instant, { secret, events: ['call_completed'] }).includes('secretTooShort');
		expect(notice('a')).toBe(true);
		expect(notice('x'.repeat(15))).toBe(true);
		expect(notice('with spaces, 15')).toBe(true);
		expect(notice('x'.repeat(16))).toBe(false);
		expect(notice('')).toBe(true); // also says why "Execute step" is off
		expect(notice('={{ $env.S }}')).toBe(false);
	});

	test('actions list and field use the same event names', () => {
		expect(events.displayName).toBe('Events'); // the editor's nodes panel looks for "Events"
		expect(options.map((o) => [o.name, o.action])).toEqual([
			['Call Ended and Processed', 'On call ended and processed'],
			['Call Started', 'On call started'],
			['Call Attempt Ended', 'On call attempt ended'],
			['Recording Ready', 'On recording ready'],
			['Platform Analysis Ready', 'On platform analysis ready'],
			['Client Analysis Ready', 'On client analysis ready'],
		]);
	});

	test('the subtitle names the selected events as the field does', () => {
		const body = String(instant.subtitle)
			.replace(/^=\{\{/, '')
			.replace(/\}\}$/, '');
		// eslint-disable-next-line @typescript-eslint/no-implied-eval
		const subtitle = new Function('$parameter', `return ${body}`) as (p: object) => string;
		expect(subtitle({ events: ['all_processing_completed', 'recording_completed'] })).toBe(
			'Call Ended and Processed, Recording Ready',
		);
		expect(subtitle({ events: ['unknown_type'] })).toBe('unknown_type');
		expect(subtitle({})).toBe('');
	});

	test('trigger panel: header, test steps, activation hint, canvas and activation texts', () => {
		const panel = instant.triggerPanel as {
			header: string;
			executionsHelp: { inactive: string; active: string };
			activationHint: string;
		};
		expect(panel.header).toBe('Receive call events from the voice agent service');
		expect(panel.executionsHelp.inactive).toContain("click 'Listen for test event'");
		expect(panel.executionsHelp.active).toContain('The workflow is active');
		expect(panel.activationHint).toContain('Production URL');
		expect(instant.eventTriggerDescription).toBe(
			'Waiting for a call event: start a call with the assistant',
		);
		expect(instant.activationMessage).toContain('Production URL');
	});
});

describe('Call › Start groups its settings by what the user decides', () => {
	const calling = new VoiceAgentCalling().description;
	const start = { resource: 'call', operation: 'start' };
	const field = (name: string) =>
		calling.properties.find(
			(p) => p.name === name && p.displayOptions?.show?.operation?.includes('start'),
		) as INodeProperties;
	const members = (name: string) =>
		(field(name).options as INodeProperties[]).map((o) => o.displayName);

	test('main fields: who and what to call, Dry Run, pace, duplicate protection, waiting, call settings', () => {
		const main = (values: Record<string, unknown>) =>
			shownFields(calling, { ...start, ...values }).filter(
				(n) => !['resource', 'operation'].includes(n),
			);
		expect(main({ variablesMode: 'none' })).toEqual([
			'assistant',
			'version',
			'mobileNumber',
			'defaultCountryCode',
			'name',
			'fromNumber',
			'variablesMode',
			'dryRun',
			'pace',
			'duplicates',
			'waitForCompletion',
			'callConfig',
		]);
		expect(main({ variablesMode: 'none', waitForCompletion: true })).toContain('waitOptions');
	});

	test('Dry Run is a visible switch, off by default, with a hint', () => {
		expect(field('dryRun')).toMatchObject({ type: 'boolean', default: false });
		expect(field('dryRun').hint).toContain('Nobody is called');
	});

	test('each group holds only its own settings', () => {
		expect(field('pace').displayName).toBe('Pace');
		expect(members('pace')).toEqual(['Calls per Minute', 'Max Concurrent Requests']);
		expect(field('duplicates').displayName).toBe('Duplicate Protection');
		expect(members('duplicates')).toEqual([
			'Skip Rows Dialled by an Earlier Attempt',
			'Earlier Attempt Look Back (Minutes)',
		]);
		expect(field('waitOptions').displayName).toBe('Wait Options');
		expect(members('waitOptions')).toEqual([
			'Download Recording',
			'Include Analysis',
			'Max Wait (Seconds)',
			'Poll Interval (Seconds)',
		]);
		expect(field('callConfig').displayName).toBe('Call Settings');
		expect(members('callConfig')).toEqual([
			'Call Window End',
			'Call Window Start',
			'Idle Timeout End (Seconds)',
			'Idle Timeout Warning (Seconds)',
			'Max Call Length (Seconds)',
			'Retries',
			'Scheduled At',
			'Status Callback Headers',
			'Status Callback URL (Legacy)',
			'Time Zone',
		]);
		expect(
			calling.properties.some(
				(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('start'),
			),
		).toBe(false);
	});
});
