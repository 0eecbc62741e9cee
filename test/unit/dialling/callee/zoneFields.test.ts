/**
 * Call Window in the Callee's Time Zone's fields (zoneFields.ts): off, call_config is left as
 * it is; on, the window needs both ends and moves to the row's zone (its Time Zone Column,
 * else its number's), a row of unknown zone refused or given the Default Zone.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	callTimeIn,
	calleeCallConfig,
	calleeZoneProperties,
	readZoneRule,
} from '../../../../nodes/shared/dialling/callee/zoneFields';
import { probe } from '../../../helpers/probe';

const WINDOW = { call_start_time: '09:00', call_end_time: '17:00', timezone: 'UTC' };
const config = { max_call_length: 300, call_time: WINDOW };

/** calleeCallConfig for each item's `number` (its other fields are columns), with `callConfig`. */
const configs = (
	parameters: IDataObject,
	items: IDataObject[],
	callConfig: IDataObject | undefined,
) =>
	probe(
		(ctx, i) =>
			calleeCallConfig(ctx, i, String(ctx.getInputData()[i].json.number), callConfig) ?? 'none',
		{ properties: calleeZoneProperties, parameters, items },
	);

test('callTimeIn: any window, the same window in the zone given', () => {
	fc.assert(
		fc.property(
			fc.record({
				call_start_time: fc.string(),
				call_end_time: fc.string(),
				timezone: fc.string(),
			}),
			fc.constantFrom('America/Chicago', 'Asia/Kolkata'),
			(callTime, zone) => {
				expect(callTimeIn(callTime, zone)).toEqual({ ...callTime, timezone: zone });
			},
		),
		{ seed: 20260101 },
	);
});

test('off (the default): call_config as it is, or none', async () => {
	expect((await configs({}, [{ number: '+14155550100' }], config)).values).toEqual([config]);
	expect((await configs({}, [{ number: '+14155550100' }], undefined)).values).toEqual(['none']);
});

test("on: each row's window in its column's zone, else its number's", async () => {
	const { values, error } = await configs(
		{ calleeTimeZone: true, calleeZoneColumn: 'tz' },
		[
			{ number: '+14155550100' },
			{ number: '+14155550100', tz: 'America/Chicago' },
			{ number: '+919876543210' },
		],
		config,
	);
	expect(error).toBeUndefined();
	expect(values).toEqual([
		{ ...config, call_time: { ...WINDOW, timezone: 'America/Los_Angeles' } },
		{ ...config, call_time: { ...WINDOW, timezone: 'America/Chicago' } },
		{ ...config, call_time: { ...WINDOW, timezone: 'Asia/Kolkata' } },
	]);
});

test('a number of several zones: refused, or the Default Zone', async () => {
	const items = [{ number: '+61412345678' }];
	expect((await configs({ calleeTimeZone: true }, items, config)).values).toEqual([
		{
			refusal: {
				code: 'zone_unknown',
				field: "Call Window in the Callee's Time Zone",
				sentence:
					"the country of +61412345678 (+61) has several time zones: add a column with each row's IANA time zone (e.g. America/New_York) and name it in Time Zone Column, or set When the Zone Is Unknown to Use a Default Zone",
			},
		},
	]);
	const withDefault = await configs(
		{ calleeTimeZone: true, unknownZone: 'default', defaultZone: 'australia/sydney' },
		items,
		config,
	);
	expect(withDefault.values).toEqual([
		{ ...config, call_time: { ...WINDOW, timezone: 'Australia/Sydney' } },
	]);
});

test('on without a window: refused on Call Window Start', async () => {
	const { error } = await configs({ calleeTimeZone: true }, [{ number: '+14155550100' }], {
		max_call_length: 300,
	});
	expect(error?.message).toBe(
		"Call Settings › Call Window Start: and Call Window End are required with Call Window in the Callee's Time Zone [item 0]",
	);
});

test('a Default Zone that is not a zone: refused', async () => {
	const { error } = await probe((ctx, i) => readZoneRule(ctx, i) ?? 'none', {
		properties: calleeZoneProperties,
		parameters: { calleeTimeZone: true, unknownZone: 'default', defaultZone: '+05:30' },
	});
	expect(error?.message).toBe(
		'Default Zone: "+05:30" is not an IANA time zone name, e.g. America/New_York (an offset such as +05:30 is not one: daylight saving needs the zone) [item 0]',
	);
});
