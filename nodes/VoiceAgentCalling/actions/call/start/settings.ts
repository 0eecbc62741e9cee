import type { IExecuteFunctions } from 'n8n-workflow';

import { fields } from '../../../../shared/engine/params';
import {
	DEFAULT_CONCURRENT,
	MAX_CONCURRENT,
	MAX_POLL_SECONDS,
	MAX_WAIT_SECONDS,
	MIN_POLL_SECONDS,
	MIN_WAIT_SECONDS,
} from './description';
import {
	MISSING_LABEL,
	MISSING_MODES,
	type MissingMode,
} from '../../../../shared/dialling/callee/values';

/** How the batch is dialled: one setting for the whole run, read from the first item. */
export interface DialSettings {
	concurrency: number;
	callsPerMinute: number;
	dryRun: boolean;
	/** Dry Run reports every row (why one would be skipped), the counts and call windows. */
	dryRunReport: boolean;
	missingVariables: MissingMode;
}

export function readDialSettings(ctx: IExecuteFunctions): DialSettings {
	const f = fields(ctx, 0);
	const pace = f.collection('pace', 'Pace');
	return {
		concurrency: pace.integer('maxConcurrent', 'Max Concurrent Requests', DEFAULT_CONCURRENT, {
			min: 1,
			max: MAX_CONCURRENT,
		}),
		callsPerMinute: pace.number('callsPerMinute', 'Calls per Minute', 0, { min: 0 }),
		dryRun: f.boolean('dryRun', 'Dry Run', false),
		dryRunReport: f.boolean('dryRunReport', 'Dry Run Report', false),
		missingVariables: f.option('missingVariables', MISSING_LABEL, MISSING_MODES, 'refuse'),
	};
}

/** Whether and how one row waits for its call to end. */
export interface WaitSettings {
	wait: boolean;
	includeAnalysis: boolean;
	downloadRecording: boolean;
	pollMs: number;
	maxWaitMs: number;
}

export function readWaitSettings(ctx: IExecuteFunctions, i: number): WaitSettings {
	const f = fields(ctx, i);
	const wait = f.boolean('waitForCompletion', 'Wait for Call to End', false);
	if (!wait)
		return { wait, includeAnalysis: false, downloadRecording: false, pollMs: 0, maxWaitMs: 0 };
	const options = f.collection('waitOptions', 'Wait Options');
	return {
		wait,
		includeAnalysis: options.boolean('includeAnalysis', 'Include Analysis', false),
		downloadRecording: options.boolean('downloadRecording', 'Download Recording', false),
		pollMs:
			options.number('pollIntervalSeconds', 'Poll Interval (Seconds)', 15, {
				min: MIN_POLL_SECONDS,
				max: MAX_POLL_SECONDS,
			}) * 1000,
		maxWaitMs:
			options.number('maxWaitSeconds', 'Max Wait (Seconds)', 1800, {
				min: MIN_WAIT_SECONDS,
				max: MAX_WAIT_SECONDS,
			}) * 1000,
	};
}
