import type { INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { shownFields } from '../../../../helpers/panel';

describe('Call › Start groups its settings by what the user decides', () => {
	const calling = new VoiceAgentCalling().description;
	const start = { resource: 'call', operation: 'start' };
	/** What a new Start node holds, as n8n fills it in. */
	const freshStart = () =>
		NodeHelpers.getNodeParameters(calling.properties, start, true, false, null, calling);
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
			'doNotCall',
			'dryRun',
			'pace',
			'duplicateProtection',
			'duplicates',
			'waitForCompletion',
			'calleeTimeZone',
			'callConfig',
		]);
		expect(main({ variablesMode: 'none', waitForCompletion: true })).toContain('waitOptions');
		// Off needs no options.
		expect(main({ variablesMode: 'none', duplicateProtection: 'off' })).not.toContain('duplicates');
	});

	test('From Number is required, and the panel says so in words while it is empty', () => {
		expect(field('fromNumber').required).toBe(true);
		expect(field('fromNumberRequired')).toMatchObject({ type: 'notice' });
		const shown = (fromNumber: unknown) =>
			shownFields(calling, { ...start, fromNumber }).includes('fromNumberRequired');
		// A new node, as n8n fills it in: From Number empty, the notice shown.
		const fresh = freshStart();
		expect(fresh?.fromNumber).toEqual({ __rl: true, mode: 'list', value: '' });
		expect(shown(fresh?.fromNumber)).toBe(true);
		expect(shown({ __rl: true, mode: 'number', value: '' })).toBe(true);
		expect(shown({ __rl: true, mode: 'list', value: '+14155550100' })).toBe(false);
		expect(shown({ __rl: true, mode: 'pool', value: 'c9c9c9c9-0000-4000-8000-000000000001' })).toBe(
			false,
		);
		// An expression is a value: n8n resolves it per row.
		expect(shown({ __rl: true, mode: 'number', value: '={{ $json.from }}' })).toBe(false);
		// Shown for Start only.
		expect(
			shownFields(calling, { resource: 'call', operation: 'get', fromNumber: fresh?.fromNumber }),
		).not.toContain('fromNumberRequired');
	});

	test('Duplicate Protection is a main field: the mode in effect shows without a click', () => {
		// A collection shows "No properties" until a setting is added: the mode is not in one.
		expect(field('duplicateProtection')).toMatchObject({
			displayName: 'Duplicate Protection',
			type: 'options',
			default: 'auto',
		});
		expect(field('duplicateProtection').options).toEqual([
			expect.objectContaining({ name: 'Automatic', value: 'auto' }),
			expect.objectContaining({ name: 'Always', value: 'always' }),
			expect.objectContaining({ name: 'Off', value: 'off' }),
		]);
		// What a new node holds, as n8n fills it in: the mode is set, the group is empty.
		const fresh = freshStart();
		expect(fresh).toMatchObject({
			duplicateProtection: 'auto',
			duplicates: { rerunLookbackMinutes: 30 },
		});
		// A node saved with the old group keeps its setting through n8n's own reading.
		const saved = NodeHelpers.getNodeParameters(
			calling.properties,
			{ ...start, duplicates: { rerunGuard: 'off', rerunLookbackMinutes: 60 } },
			true,
			false,
			null,
			calling,
		);
		expect(saved).toMatchObject({
			duplicateProtection: 'auto',
			duplicates: { rerunGuard: 'off', rerunLookbackMinutes: 60 },
		});
	});

	test('Dry Run is a visible switch, off by default, with a hint', () => {
		expect(field('dryRun')).toMatchObject({ type: 'boolean', default: false });
		expect(field('dryRun').hint).toContain('Nobody is called');
	});

	test('each group holds only its own settings', () => {
		expect(field('pace').displayName).toBe('Pace');
		expect(members('pace')).toEqual(['Calls per Minute', 'Max Concurrent Requests']);
		expect(field('duplicates').displayName).toBe('Duplicate Protection Options');
		expect(members('duplicates')).toEqual([
			'Earlier Attempt Look Back (Minutes)',
			'Skip Rows Dialled by an Earlier Attempt (Old Setting)',
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
