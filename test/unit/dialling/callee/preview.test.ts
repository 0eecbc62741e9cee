/**
 * Dry Run's report, the same for Start and Campaign Create: the counts for every reason, and
 * the first moment a call would start in its call window. Moved from doNotCall.test.ts.
 */
import fc from 'fast-check';

import { DRY_RUN_CODES } from '../../../../nodes/shared/dialling/callee/codes';
import {
	callWindowPreview,
	previewSummary,
} from '../../../../nodes/shared/dialling/callee/preview';
import { toLocalDateTime } from '../../../../nodes/shared/engine/dateTime';

describe("Dry Run's report", () => {
	test('the counts: every reason listed, even at 0', () => {
		expect(previewSummary(5, ['do_not_call', 'invalid_number', 'do_not_call'])).toEqual({
			rows: 5,
			would_call: 2,
			skipped: {
				do_not_call: 2,
				invalid_number: 1,
				missing_prompt_variable: 0,
				zone_unknown: 0,
				invalid_input: 0,
			},
		});
	});

	const NOW = Date.parse('2030-03-09T15:00:00Z'); // 10:00 in New York
	const ny = { timezone: 'America/New_York', call_start_time: '09:00', call_end_time: '17:00' };
	test.each([
		['inside the window: now', ny, 'now'],
		[
			'before it opens: today at the opening',
			{ ...ny, call_start_time: '11:00' },
			'2030-03-09T11:00:00',
		],
		[
			'after it closes: the next day, across the change to daylight saving',
			{ ...ny, call_end_time: '09:30' },
			'2030-03-10T09:00:00',
		],
		[
			'a scheduled time inside the window',
			{ ...ny, scheduled_at: '2030-03-12T12:15:00' },
			'2030-03-12T12:15:00',
		],
		[
			'a scheduled time after it closes',
			{ ...ny, scheduled_at: '2030-03-12T18:00:00' },
			'2030-03-13T09:00:00',
		],
		[
			'no window, a scheduled time',
			{ timezone: 'Asia/Kolkata', scheduled_at: '2030-03-12T18:00:00' },
			'2030-03-12T18:00:00',
		],
		[
			'a window across midnight, inside',
			{ ...ny, call_start_time: '20:00', call_end_time: '11:00' },
			'now',
		],
	])('%s', (_name, callTime, first) => {
		expect(callWindowPreview(callTime, NOW).first_call_at).toBe(first);
	});

	test('the window as given', () => {
		expect(callWindowPreview({ timezone: 'Asia/Kolkata' }, NOW)).toEqual({
			timezone: 'Asia/Kolkata',
			window_start: null,
			window_end: null,
			first_call_at: 'now',
		});
	});

	test('any rows and reasons: each reason counted, the rest would be called', () => {
		fc.assert(
			fc.property(
				fc.array(fc.constantFrom(...DRY_RUN_CODES), { maxLength: 20 }),
				fc.nat(20),
				(skipped, extra) => {
					const summary = previewSummary(skipped.length + extra, skipped);
					expect(summary).toEqual({
						rows: skipped.length + extra,
						would_call: extra,
						skipped: Object.fromEntries(
							DRY_RUN_CODES.map((code) => [code, skipped.filter((c) => c === code).length]),
						),
					});
				},
			),
			{ seed: 20260101 },
		);
	});

	test('any moment and window: now when inside it, else its next opening, within a day', () => {
		// Openings from 04:00: no zone here skips or repeats an hour after 03:00.
		const hhmm = (fromHour: number) =>
			fc
				.tuple(fc.integer({ min: fromHour, max: 23 }), fc.integer({ min: 0, max: 59 }))
				.map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
		fc.assert(
			fc.property(
				fc.integer({
					min: Date.parse('2030-01-01T00:00:00Z'),
					max: Date.parse('2031-01-01T00:00:00Z'),
				}),
				hhmm(4),
				hhmm(0),
				fc.constantFrom('America/New_York', 'Asia/Kolkata', 'Europe/Berlin', 'UTC'),
				(nowMs, start, end, timezone) => {
					fc.pre(start !== end);
					const preview = callWindowPreview(
						{ timezone, call_start_time: start, call_end_time: end },
						nowMs,
					);
					const local = toLocalDateTime(nowMs, timezone).slice(11, 16);
					const inside =
						start < end ? local >= start && local < end : local >= start || local < end;
					if (inside) expect(preview.first_call_at).toBe('now');
					else {
						const first = String(preview.first_call_at);
						expect(first.slice(11)).toBe(`${start}:00`);
						expect(first > toLocalDateTime(nowMs, timezone)).toBe(true);
						expect(first <= toLocalDateTime(nowMs + 25 * 3_600_000, timezone)).toBe(true);
					}
				},
			),
			{ seed: 20260101, numRuns: 200 },
		);
	});
});
