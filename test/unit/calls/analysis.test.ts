/**
 * The platform analysis as record fields (analysis.ts), from every source that carries it: call
 * details with send_analysis, and the analysis events.
 */
import {
	mergeRecords,
	recordFromDetails,
	recordFromEvent,
	recordFromHistory,
} from '../../../nodes/shared/calls/record';
import { CALL } from '../../helpers/fixtures';
import { NO_ANALYSIS } from '../../helpers/record';

describe('the platform analysis as fields', () => {
	// FACTS: platform analysis_data.
	const analysis = {
		key_points: ['Ada will pay on Friday'],
		action_items: ['send the invoice'],
		summary: 'Ada agreed to pay.',
		classification: 'interested',
		callback_requested: true,
		callback_requested_time: '2026-12-01T10:30:00',
		status: 'analyzed',
		call_disconnect_reason: 'user_hangup',
		timezone: 'Asia/Kolkata',
	};
	const fields = {
		outcome: 'answered',
		summary: 'Ada agreed to pay.',
		classification: 'interested',
		key_points: ['Ada will pay on Friday'],
		action_items: ['send the invoice'],
		callback_requested: true,
		callback_at: '2026-12-01T10:30:00+05:30',
		callback_requested_time: '2026-12-01T10:30:00',
		disconnect_reason: 'user_hangup',
		platform_analysis: analysis,
	};
	const common = { call_id: CALL, status: 'completed', sub_status: 'ACCEPTED' };

	test.each([
		[
			'call details with send_analysis',
			() =>
				recordFromDetails({
					id: CALL,
					call_status: 'completed',
					call_sub_status: 'ACCEPTED',
					platform_analysis: analysis,
				}),
		],
		[
			'platform_analysis_completed: analysis_data',
			() => recordFromEvent({ ...common, analysis_data: analysis }, 'platform_analysis_completed'),
		],
		[
			'all_processing_completed: platform_analysis',
			() =>
				recordFromEvent(
					{ ...common, platform_analysis: analysis, platform_analysis_status: 'success' },
					'all_processing_completed',
				),
		],
	])('%s', (_label, make) => {
		expect(make()).toMatchObject(fields);
	});

	test('a call that never connected: empty analysis, every field null', () => {
		const record = recordFromEvent(
			{ call_id: CALL, status: 'failed', sub_status: 'no answer', analysis_data: {} },
			'platform_analysis_completed',
		);
		expect(record).toMatchObject({
			outcome: 'no_answer',
			...NO_ANALYSIS,
			platform_analysis: {},
		});
	});

	test.each([
		['2026-12-01T10:30:00', 'Asia/Kolkata', '2026-12-01T10:30:00+05:30'],
		['2026-12-01 10:30', 'America/New_York', '2026-12-01T10:30:00-05:00'],
		['2026-07-01T10:30:00', 'America/New_York', '2026-07-01T10:30:00-04:00'],
		// A skipped local time reads forward (-05:00: 07:30Z, 03:30 EDT), a repeated one is its
		// first occurrence (+01:00: 00:30Z, BST), the rule of dateTime.ts in every zone.
		['2027-03-14T02:30:00', 'America/New_York', '2027-03-14T02:30:00-05:00'],
		['2027-10-31T01:30:00', 'Europe/London', '2027-10-31T01:30:00+01:00'],
		['2026-12-01T10:30:00Z', 'Asia/Kolkata', '2026-12-01T10:30:00+00:00'],
		['2026-12-01T10:30:00+0200', null, '2026-12-01T10:30:00+02:00'],
		['2026-12-01T10:30:00.5-03:00', 'Asia/Kolkata', '2026-12-01T10:30:00.5-03:00'],
		// The analysis' timezone as an offset (its format is not published: a zone and an offset
		// are both read), and a day without a time: its 09:00, the opening of the 09:00-18:00
		// window Call Back places it in (requestedTime.ts, one reader for both).
		['2026-12-01T10:30:00', '+05:30', '2026-12-01T10:30:00+05:30'],
		['2026-12-01 10:30', 'UTC-03', '2026-12-01T10:30:00-03:00'],
		['2026-12-01T10:30:00', 'GMT+0545', '2026-12-01T10:30:00+05:45'],
		['2026-12-01', 'Asia/Kolkata', '2026-12-01T09:00:00+05:30'],
		['2026-07-01', 'America/New_York', '2026-07-01T09:00:00-04:00'],
		['2026-12-01', '+05:30', null],
		['2026-12-01T10:30:00', null, null],
		['2026-12-01T10:30:00', 'Mars/Olympus', null],
		['2026-12-01T10:30:00', '+15:00', null],
		['2026-12-01T10:30:00+25:00', 'Asia/Kolkata', null],
		['tomorrow at ten', 'Asia/Kolkata', null],
		['2026-02-30T10:30:00', 'Asia/Kolkata', null],
		[null, 'Asia/Kolkata', null],
	])('callback_requested_time %j in %j -> callback_at %j', (time, timezone, at) => {
		const record = recordFromDetails({
			platform_analysis: { callback_requested_time: time, timezone },
		});
		expect([record.callback_at, record.callback_requested_time]).toEqual([at, time]);
	});

	test('fields of the wrong type are null; client_analysis stays an object as served', () => {
		const record = recordFromDetails({
			platform_analysis: {
				summary: 3,
				key_points: 'one',
				action_items: {},
				callback_requested: 'yes',
			},
			client_analysis: { my_key: ['a'] },
		});
		expect(record).toMatchObject({
			summary: null,
			key_points: null,
			action_items: null,
			callback_requested: null,
			client_analysis: { my_key: ['a'] },
		});
	});

	test('a merge derives the outcome and the fields again from what the details brought', () => {
		const row = { id: CALL, status: 'completed', sub_status: 'NEW_REASON' };
		const data = { id: CALL, call_status: 'completed', platform_analysis: {} };
		const merged = mergeRecords(recordFromHistory(row), recordFromDetails(data));
		expect(merged).toMatchObject({ outcome: 'no_answer', outcome_detail: 'NEW_REASON' });
		const told = mergeRecords(
			recordFromHistory(row),
			recordFromDetails({ ...data, platform_analysis: analysis }),
		);
		expect(told).toMatchObject({ ...fields, outcome_detail: 'NEW_REASON' });
	});
});
