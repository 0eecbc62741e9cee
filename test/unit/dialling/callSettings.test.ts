/**
 * Call Settings (callSettings.ts), one collection for Start and Campaign Create: its members
 * in the editor's order; call_config as the service takes it (nothing set: none); the window's
 * ends both or neither; Scheduled At kept as a moment, and a scheduled call's window opening
 * at it.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	callSettingsField,
	readCallConfig,
	readCallSettings,
	scheduleCall,
} from '../../../nodes/shared/dialling/callSettings';
import { probe } from '../../helpers/probe';

const NOW = Date.parse('2026-11-25T15:00:00Z'); // 10:00 in New York
const field = callSettingsField({ description: 'The call', scheduledAt: true });

/** readCallSettings of each item with Call Settings `callConfig`, in the workflow's zone. */
const settings = (callConfig: IDataObject) =>
	probe((ctx, i) => readCallSettings(ctx, i, NOW), {
		properties: [field],
		parameters: { callConfig },
		timezone: 'America/New_York',
	});

test('its members in the order the editor lists them; Scheduled At and extras only when asked', () => {
	const names = (f: ReturnType<typeof callSettingsField>) =>
		(f.options as Array<{ name: string }>).map((o) => o.name);
	expect(names(field)).toEqual([
		'callEndTime',
		'callStartTime',
		'idleTimeoutEnd',
		'idleTimeoutWarning',
		'maxCallLength',
		'retry',
		'scheduledAt',
		'timezone',
	]);
	const extra = {
		displayName: 'Callback URL',
		name: 'callbackUrl',
		type: 'string' as const,
		default: '',
	};
	expect(names(callSettingsField({ description: '', scheduledAt: false, extra: [extra] }))).toEqual(
		[
			'callEndTime',
			'callStartTime',
			'callbackUrl',
			'idleTimeoutEnd',
			'idleTimeoutWarning',
			'maxCallLength',
			'retry',
			'timezone',
		],
	);
});

test('nothing set: no call_config', async () => {
	const { values } = await probe((ctx, i) => readCallConfig(ctx, i, NOW) ?? 'none', {
		properties: [field],
	});
	expect(values).toEqual(['none']);
});

test('every setting: call_config as the service takes it (a retry unset at its default), the zone as given', async () => {
	const { values, error } = await settings({
		idleTimeoutWarning: 5,
		idleTimeoutEnd: 20,
		maxCallLength: 300,
		retry: { settings: { retry_count: 2, retry_busy: 0 } },
		callStartTime: ' 09:00 ',
		callEndTime: '17:30',
		timezone: 'Europe/Berlin',
	});
	expect(error).toBeUndefined();
	expect(values).toEqual([
		{
			config: {
				idle_timeout_warning: 5,
				idle_timeout_end: 20,
				max_call_length: 300,
				call_retry_config: { retry_count: 2, retry_busy: 0, retry_not_picked: 1, retry_failed: 1 },
				call_time: { call_start_time: '09:00', call_end_time: '17:30', timezone: 'Europe/Berlin' },
			},
		},
	]);
});

test('Scheduled At: the moment, read in the workflow zone when no zone is given', async () => {
	const { values } = await settings({ scheduledAt: '2026-11-25T11:00:00' });
	expect(values).toEqual([
		{
			config: { call_time: { timezone: 'America/New_York' } },
			scheduled: { local: '2026-11-25T11:00:00', instantMs: Date.parse('2026-11-25T16:00:00Z') },
		},
	]);
});

test.each([
	[
		{ callStartTime: '09:00' },
		'Call Settings › Call Window End: is required when the other end of the call window is set [item 0]',
	],
	[
		{ callEndTime: '17:00' },
		'Call Settings › Call Window Start: is required when the other end of the call window is set [item 0]',
	],
	[
		{ maxCallLength: 0 },
		'Call Settings › Max Call Length (Seconds): 0 is not a whole number of at least 1 [item 0]',
	],
	[
		{ timezone: 'Mars/Olympus' },
		'Call Settings › Time Zone: "Mars/Olympus" is not an IANA time zone, e.g. Asia/Kolkata [item 0]',
	],
])('%j is refused', async (callConfig, message) => {
	expect((await settings(callConfig)).error?.message).toBe(message);
});

describe('scheduleCall', () => {
	const schedule = (config: IDataObject, localHour: number) =>
		probe((ctx, i) =>
			scheduleCall(
				ctx,
				i,
				config,
				{
					local: 'x',
					instantMs: Date.parse('2026-11-25T15:00:00Z') + (localHour - 10) * 3_600_000,
				},
				NOW,
			),
		);

	test('a later moment: the window opens at it, to the window end', async () => {
		const config = {
			max_call_length: 300,
			call_time: { call_start_time: '09:00', call_end_time: '17:00', timezone: 'America/New_York' },
		};
		expect((await schedule(config, 12)).values).toEqual([
			{
				max_call_length: 300,
				call_time: {
					call_start_time: '12:00',
					call_end_time: '17:00',
					timezone: 'America/New_York',
					scheduled_at: '2026-11-25T12:00:00',
				},
			},
		]);
	});

	test('any moment up to now: call_config unchanged', async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: 0, max: 10 }), async (hour) => {
				const config = { call_time: { timezone: 'America/New_York' } };
				expect((await schedule(config, hour)).values).toEqual([config]);
			}),
			{ seed: 20260101, numRuns: 5 },
		);
	});

	test('a day or more away: refused on Scheduled At', async () => {
		const { error } = await schedule({ call_time: { timezone: 'America/New_York' } }, 40);
		expect(error?.message).toBe(
			'Call Settings › Scheduled At: 2026-11-26T16:00:00 (America/New_York) is a day or more away: the service may ignore scheduled_at, and the call window would then open a day early. It can be sent from 2026-11-25T18:00:00 (America/New_York) on (e.g. after a Wait node) [item 0]',
		);
	});
});
