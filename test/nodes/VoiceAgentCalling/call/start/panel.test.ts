import type { INodeProperties } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { shownFields } from '../../../../helpers/panel';

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
			'voiceId',
			'variablesMode',
			'missingVariables',
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
		// Set by default, so the panel shows the mode in effect rather than "No properties".
		expect(field('duplicates').default).toEqual({ rerunGuard: 'auto' });
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
