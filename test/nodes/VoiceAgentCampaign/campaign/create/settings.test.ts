/**
 * Campaign Create's settings (settings.ts), read once from the first item before any request:
 * Start and End as the campaign's times in the zone of Call Settings (else the workflow's),
 * the options at their defaults or as given, and each bad value refused naming its field.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { VoiceAgentCampaign } from '../../../../../nodes/VoiceAgentCampaign/VoiceAgentCampaign.node';
import {
	MAX_DUPLICATE_LOOKBACK_MINUTES,
	readSettings,
} from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/settings';
import { probe } from '../../../../helpers/probe';
import { AGENT, createParams } from './helpers';

const NOW = Date.parse('2027-01-14T12:00:00Z');
const { properties } = new VoiceAgentCampaign().description;

/** What every read here gives alike. */
const COMMON = {
	agentId: AGENT,
	baseName: 'January reminders',
	source: 'items',
	countryCode: '+91',
	given: [],
	missingMode: 'refuse',
	maxVerifyMs: 900_000,
	removeInvalidRows: false,
	transliterateCalleeName: false,
	startTime: '15/01/2027, 09:30',
	endTime: '15/01/2027, 18:00',
	onceTag: '',
};

const settings = (extra: IDataObject = {}) =>
	probe((ctx) => readSettings(ctx, NOW), {
		properties,
		parameters: createParams(extra),
		timezone: 'America/New_York',
	});

test('the defaults: Start and End in the zone of Call Settings, every option at its default', async () => {
	const { values, error } = await settings();
	expect(error).toBeUndefined();
	expect(values[0]).toEqual({
		...COMMON,
		protect: true,
		lookBackMs: 3_600_000,
		largeFlow: 'auto',
		pollMs: 10_000,
		callConfig: { call_time: { timezone: 'Asia/Kolkata' } },
		zone: 'Asia/Kolkata',
		startMs: Date.parse('2027-01-15T04:00:00Z'),
		endMs: Date.parse('2027-01-15T12:30:00Z'),
		dryRun: false,
	});
});

test('the options as given, Start and End in the workflow zone when Call Settings name none', async () => {
	const { values } = await settings({
		callConfig: {},
		campaignName: 'January reminders #0a1b2c3d',
		options: {
			duplicateProtection: false,
			duplicateLookBackMinutes: 30,
			largeFlow: 'always',
			pollSeconds: 5,
		},
		dryRun: true,
	});
	// baseName (in both): the name without an earlier run's key suffix.
	expect(values[0]).toEqual({
		...COMMON,
		protect: false,
		lookBackMs: 1_800_000,
		largeFlow: 'always',
		pollMs: 5_000,
		callConfig: { call_time: { timezone: 'America/New_York' } },
		zone: 'America/New_York',
		startMs: Date.parse('2027-01-15T14:30:00Z'),
		endMs: Date.parse('2027-01-15T23:00:00Z'),
		dryRun: true,
	});
	// baseName (in both): the name without an earlier run's key suffix.
});

test('any Duplicate Look Back within its bounds: that many minutes', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.integer({ min: 1, max: MAX_DUPLICATE_LOOKBACK_MINUTES }),
			async (minutes) => {
				const { values } = await settings({ options: { duplicateLookBackMinutes: minutes } });
				expect((values[0] as IDataObject).lookBackMs).toBe(minutes * 60_000);
			},
		),
		{ seed: 20260101, numRuns: 5 },
	);
});

test.each([
	[
		{ startAt: 'next week' },
		'Start: is required: a date and time (ISO 8601, or a date field) [item 0]',
	],
	[
		{ endAt: '2027-01-15T09:00:00' },
		'End: 15/01/2027, 09:00 (Asia/Kolkata) must be at least a minute after the start [item 0]',
	],
	[{ countryCode: 'India' }, 'Country Code: "India" is not a country code, e.g. +91 [item 0]'],
	[
		{ options: { duplicateLookBackMinutes: MAX_DUPLICATE_LOOKBACK_MINUTES + 1 } },
		'Options › Duplicate Look Back (Minutes): 1441 is not a whole number from 1 to 1440 [item 0]',
	],
])('%j is refused', async (extra, message) => {
	expect((await settings(extra)).error?.message).toBe(message);
});
