/**
 * Create's settings, read from the node's fields once (the first item's values: one campaign
 * is made of all items) and checked before any request.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readCallConfig } from '../../../../shared/dialling/callSettings';
import { parseScheduledTime } from '../../../../shared/engine/dateTime';
import { fields, type Fields } from '../../../../shared/engine/params';
import {
	MISSING_LABEL,
	MISSING_MODES,
	readCountryCode,
	type MissingMode,
} from '../../../../shared/dialling/callee/values';
import { readZoneRule, requireWindow } from '../../../../shared/dialling/callee/zoneFields';
import type { ZoneRule } from '../../../../shared/dialling/callee/zones';
import { readLaunch, type Launch } from '../launch';
import { refuseReservedVariable, type MappedVariable } from './contacts';
import { campaignTime, windowProblem } from './schedule';

/** A name ending in a key of rows (`… #1a2b3c4d`): the key is replaced, never stacked. */
const KEY_SUFFIX_RE = / #[0-9a-f]{8}$/;

/** How long a campaign is found again by its key (Duplicate Protection's look-back). */
export const DUPLICATE_LOOKBACK_MINUTES = 60;
export const MAX_DUPLICATE_LOOKBACK_MINUTES = 1440;

export interface CreateSettings {
	agentId: string;
	baseName: string;
	source: 'items' | 'file';
	binaryProperty?: string;
	phoneColumn?: string;
	countryCode: string;
	/** The mapping as given; empty means every variable of the assistant, by the same name. */
	given: MappedVariable[];
	protect: boolean;
	/** An earlier campaign with the key counts only if created at most this long ago. */
	lookBackMs: number;
	largeFlow: 'auto' | 'always' | 'never';
	missingMode: MissingMode;
	maxVerifyMs: number;
	pollMs: number;
	removeInvalidRows: boolean;
	transliterateCalleeName: boolean;
	/** call_config, its time zone always set: the zone of Start and End. */
	callConfig: IDataObject;
	zone: string;
	startTime: string;
	endTime: string;
	/** Start and End as moments: a campaign per callee zone writes them in its own zone. */
	startMs: number;
	endMs: number;
	/** Call Window in the Callee's Time Zone; undefined when off. */
	zoneRule?: ZoneRule;
	/** Tells apart the requests of one run's campaigns (one per zone) for sendOnce. */
	onceTag: string;
	/** Dry Run: report what would be sent, send nothing. */
	dryRun: boolean;
	launch?: Launch;
}

/** The Variable Mapping as given: each variable once, its column (its own name when empty). */
function readMapping(ctx: IExecuteFunctions, f: Fields): MappedVariable[] {
	const given: MappedVariable[] = [];
	for (const entry of f
		.collection('variableMapping', 'Variable Mapping')
		.entries('mapping', 'Variable')) {
		const variable = entry.requiredText('variable', 'Variable Name or ID');
		refuseReservedVariable(ctx, variable);
		if (given.some((m) => m.variable === variable))
			throw entry.error('Variable Name or ID', `"${variable}" is mapped twice`);
		given.push({ variable, column: entry.text('column', 'Column').trim() || variable });
	}
	return given;
}

export function readSettings(ctx: IExecuteFunctions, now: number): CreateSettings {
	const f = fields(ctx, 0);
	const agentId = f.locatorUuid('assistant', 'Assistant');
	const baseName = f.requiredText('campaignName', 'Campaign Name').replace(KEY_SUFFIX_RE, '');
	const source = f.option('contactsSource', 'Contacts From', ['items', 'file'] as const, 'items');
	const countryCode = readCountryCode(
		ctx.getNode(),
		'Country Code',
		f.requiredText('countryCode', 'Country Code'),
		0,
	) as string;
	const options = f.collection('options', 'Options');

	const callConfig: IDataObject = readCallConfig(ctx, 0, now) ?? {};
	const callTime = (callConfig.call_time as IDataObject | undefined) ?? {};
	const zone = typeof callTime.timezone === 'string' ? callTime.timezone : ctx.getTimezone();
	callConfig.call_time = { ...callTime, timezone: zone };
	const start = parseScheduledTime(f.raw('startAt'), zone);
	if (!start) throw f.error('Start', 'is required: a date and time (ISO 8601, or a date field)');
	const end = parseScheduledTime(f.raw('endAt'), zone);
	if (!end) throw f.error('End', 'is required: a date and time (ISO 8601, or a date field)');
	const problem = windowProblem(start.instantMs, end.instantMs, now);
	if (problem) {
		const at = problem.field === 'Start' ? start.instantMs : end.instantMs;
		throw f.error(problem.field, `${campaignTime(at, zone)} (${zone}) ${problem.problem}`);
	}

	const given = readMapping(ctx, f);
	const zoneRule = readZoneRule(ctx, 0);
	if (zoneRule) requireWindow(ctx, 0, callConfig);

	return {
		agentId,
		baseName,
		source,
		binaryProperty:
			source === 'file' ? f.requiredText('binaryPropertyName', 'Input Binary Field') : undefined,
		phoneColumn: source === 'file' ? f.requiredText('phoneColumn', 'Phone Column') : undefined,
		countryCode,
		given,
		protect: options.boolean('duplicateProtection', 'Duplicate Protection', true),
		lookBackMs:
			options.integer(
				'duplicateLookBackMinutes',
				'Duplicate Look Back (Minutes)',
				DUPLICATE_LOOKBACK_MINUTES,
				{ min: 1, max: MAX_DUPLICATE_LOOKBACK_MINUTES },
			) * 60_000,
		largeFlow: options.option(
			'largeFlow',
			'Large List Flow',
			['auto', 'always', 'never'] as const,
			'auto',
		),
		missingMode: options.option('missingVariables', MISSING_LABEL, MISSING_MODES, 'refuse'),
		maxVerifyMs:
			options.integer('maxVerifyMinutes', 'Max Verification Wait (Minutes)', 15, {
				min: 1,
				max: 120,
			}) * 60_000,
		pollMs:
			options.integer('pollSeconds', 'Poll Interval (Seconds)', 10, { min: 1, max: 300 }) * 1000,
		removeInvalidRows: options.boolean('removeInvalidRows', 'Remove Invalid Rows', false),
		transliterateCalleeName: options.boolean(
			'transliterateCalleeName',
			'Transliterate Callee Name',
			false,
		),
		callConfig,
		zone,
		startTime: campaignTime(start.instantMs, zone, 'up'),
		endTime: campaignTime(end.instantMs, zone),
		startMs: start.instantMs,
		endMs: end.instantMs,
		zoneRule,
		onceTag: '',
		dryRun: f.boolean('dryRun', 'Dry Run', false),
		launch: f.boolean('startRightAway', 'Start Right Away', false) ? readLaunch(f) : undefined,
	};
}
