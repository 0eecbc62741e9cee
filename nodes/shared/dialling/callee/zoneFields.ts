/**
 * Call Window in the Callee's Time Zone, the same fields and rules for Start and Campaign
 * Create: the window of Call Settings applies in each callee's own zone (zones.ts), which
 * travels in call_config.call_time.timezone; Scheduled At (a campaign's Start and End) stays
 * the moment the user meant (an offset given fixes it; else it is read in the zone they chose),
 * and is sent as local time in the callee's.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { zoneSpelling } from '../../engine/dateTime';
import { fields } from '../../engine/params';
import { fieldError } from '../../engine/validate';
import { calleeZone, zoneProblem, type ZoneRule } from './zones';
import { refuse, type Refused } from './verdict';

export const CALLEE_ZONE_LABEL = "Call Window in the Callee's Time Zone";

const shown = { calleeTimeZone: [true] };

export const calleeZoneProperties: INodeProperties[] = [
	{
		displayName: CALLEE_ZONE_LABEL,
		name: 'calleeTimeZone',
		type: 'boolean',
		default: false,
		description:
			"Whether Call Settings › Call Window Start and End apply in each callee's own time zone: the Time Zone Column's, else the number's (the country's zone, or for +1 numbers the area code's). Daylight saving is the zone's business: zone names are sent, never offsets.",
	},
	{
		displayName: 'Time Zone Column',
		name: 'calleeZoneColumn',
		type: 'string',
		default: '',
		placeholder: 'e.g. timezone',
		description:
			'The input field (or CSV column) that holds a row’s IANA time zone, e.g. America/Chicago; a row without a value takes the zone of its number. Empty: every zone from the number.',
		displayOptions: { show: shown },
	},
	{
		displayName: 'When the Zone Is Unknown',
		name: 'unknownZone',
		type: 'options',
		default: 'refuse',
		options: [
			{
				name: 'Refuse the Row',
				value: 'refuse',
				description:
					'A row whose number is in a country with several zones (or a split area code) and that gives no zone is not called',
			},
			{ name: 'Use a Default Zone', value: 'default' },
		],
		displayOptions: { show: shown },
	},
	{
		displayName: 'Default Zone',
		name: 'defaultZone',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. America/New_York',
		description: 'The IANA time zone of the window for a row whose zone is unknown',
		displayOptions: { show: { ...shown, unknownZone: ['default'] } },
	},
];

/** The rule for one item; undefined when the option is off. */
export function readZoneRule(ctx: IExecuteFunctions, i: number): ZoneRule | undefined {
	const f = fields(ctx, i);
	if (!f.boolean('calleeTimeZone', CALLEE_ZONE_LABEL, false)) return undefined;
	const column = f.text('calleeZoneColumn', 'Time Zone Column').trim();
	const mode = f.option(
		'unknownZone',
		'When the Zone Is Unknown',
		['refuse', 'default'] as const,
		'refuse',
	);
	if (mode === 'refuse') return { column };
	const defaultZone = f.requiredText('defaultZone', 'Default Zone').trim();
	const problem = zoneProblem(defaultZone);
	if (problem) throw f.error('Default Zone', problem);
	return { column, defaultZone: zoneSpelling(defaultZone) };
}

/** The option needs a window to move: refused without Call Window Start and End. */
export function requireWindow(ctx: IExecuteFunctions, i: number, callConfig?: IDataObject): void {
	const callTime = callConfig?.call_time as IDataObject | undefined;
	if (callTime?.call_start_time !== undefined) return;
	throw fields(ctx, i)
		.collection('callConfig', 'Call Settings')
		.error('Call Window Start', `and Call Window End are required with ${CALLEE_ZONE_LABEL}`);
}

/**
 * call_time in the callee's zone: the same window, the zone replaced. A scheduled time is not
 * in it yet: Start writes it afterwards from the moment itself (callSettings.ts scheduleCall),
 * in this zone; read back from local time it could be an hour off on a fall-back night.
 */
export function callTimeIn(callTime: IDataObject, zone: string): IDataObject {
	return { ...callTime, timezone: zone };
}

/** The zone fields of one row as read: the rule, and the value of its Time Zone Column. */
export interface CalleeZoneFields {
	rule: ZoneRule;
	/** The row's value in the column (undefined without a column). */
	value: unknown;
}

/**
 * The zone fields of row `i`, read before its number is known; undefined when the option is
 * off. The zone itself needs the number: calleeCallConfigOf finds it.
 */
export function readCalleeZoneFields(
	ctx: IExecuteFunctions,
	i: number,
): CalleeZoneFields | undefined {
	const rule = readZoneRule(ctx, i);
	if (!rule) return undefined;
	const value = rule.column ? ctx.getInputData()[i]?.json?.[rule.column] : undefined;
	return { rule, value };
}

/**
 * Start's call_config for one row, from its zone fields as read: unchanged when the option is
 * off; else its call_time in the row's zone, or the refusal naming the option. Without a
 * window, the error requireWindow gives (thrown, as there).
 */
export function calleeCallConfigOf(
	zoneFields: CalleeZoneFields | undefined,
	number: string,
	callConfig: IDataObject | undefined,
	at: { node: INode; index: number },
): IDataObject | undefined | Refused {
	if (!zoneFields) return callConfig;
	const callTime = callConfig?.call_time as IDataObject | undefined;
	if (callTime?.call_start_time === undefined) {
		throw fieldError(
			at.node,
			'Call Settings › Call Window Start',
			`and Call Window End are required with ${CALLEE_ZONE_LABEL}`,
			at.index,
		);
	}
	const zone = calleeZone(number, zoneFields.value, zoneFields.rule);
	if (!zone.ok) return refuse('zone_unknown', CALLEE_ZONE_LABEL, zone.problem);
	return { ...callConfig, call_time: callTimeIn(callTime, zone.zone) };
}

/** calleeCallConfigOf for row `i` of a context: its zone fields read, then the zone found. */
export function calleeCallConfig(
	ctx: IExecuteFunctions,
	i: number,
	number: string,
	callConfig: IDataObject | undefined,
): IDataObject | undefined | Refused {
	const at = { node: ctx.getNode(), index: i };
	return calleeCallConfigOf(readCalleeZoneFields(ctx, i), number, callConfig, at);
}
