/**
 * Start's settings (start/settings.ts): how the batch is dialled, read from the first item,
 * with its defaults; and whether and how each row waits for its call to end.
 */
import {
	readDialSettings,
	readWaitSettings,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/settings';
import { startContext } from '../../../../helpers/startContext';

describe('readDialSettings', () => {
	it('gives the defaults when nothing is set', () => {
		expect(readDialSettings(startContext().ctx)).toEqual({
			concurrency: 10,
			callsPerMinute: 0,
			dryRun: false,
			dryRunReport: false,
			missingVariables: 'refuse',
		});
	});

	it('reads the pace, Dry Run and the prompt-variable mode as set, as text too', () => {
		const { ctx } = startContext({
			pace: { maxConcurrent: '3', callsPerMinute: 12.5 },
			dryRun: 'true',
			dryRunReport: true,
			missingVariables: 'warn',
		});
		expect(readDialSettings(ctx)).toEqual({
			concurrency: 3,
			callsPerMinute: 12.5,
			dryRun: true,
			dryRunReport: true,
			missingVariables: 'warn',
		});
	});

	it('refuses a pace out of range, naming the field', () => {
		const { ctx } = startContext({ pace: { maxConcurrent: 0 } });
		expect(() => readDialSettings(ctx)).toThrow(/^Pace › Max Concurrent Requests: .* \[item 0\]$/);
	});
});

describe('readWaitSettings', () => {
	it('does not wait unless asked, whatever Wait Options hold', () => {
		const { ctx } = startContext({ waitOptions: { maxWaitSeconds: 'x' } });
		expect(readWaitSettings(ctx, 2)).toEqual({
			wait: false,
			includeAnalysis: false,
			downloadRecording: false,
			pollMs: 0,
			maxWaitMs: 0,
		});
	});

	it("reads the row's Wait Options in milliseconds, with their defaults", () => {
		const { ctx } = startContext({
			waitForCompletion: (item: number) => item === 2,
			waitOptions: { includeAnalysis: true, pollIntervalSeconds: 30 },
		});
		expect(readWaitSettings(ctx, 2)).toEqual({
			wait: true,
			includeAnalysis: true,
			downloadRecording: false,
			pollMs: 30_000,
			maxWaitMs: 1_800_000,
		});
		expect(readWaitSettings(ctx, 1).wait).toBe(false);
	});
});
