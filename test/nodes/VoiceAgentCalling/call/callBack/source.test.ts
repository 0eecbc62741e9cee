/**
 * Call Back's reading of the call it places again: the variables follow the callee pipeline's
 * one rule for a value (text as sent, numbers and booleans as text), and what that rule
 * refuses is left out (the Variables override can still give it) instead of failing; the
 * number is cleaned as a row's is, and refused when it cannot be, or could be two numbers.
 */
import {
	sourceFrom,
	sourceNumber,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/source';

const ID = 'a0000000-0000-4000-8000-000000000001';

test('variables: text kept as sent, numbers and booleans as text, the rest left out', () => {
	const src = sourceFrom(
		{
			custom_variables: {
				clinic: ' Acme ',
				visits: 3,
				vip: false,
				empty: '',
				none: null,
				nested: { a: 1 },
				list: ['x'],
				broken: 'a\ud800b',
				infinite: Number.POSITIVE_INFINITY,
			},
		},
		ID,
	);
	expect(src.variables).toEqual({ clinic: ' Acme ', visits: '3', vip: 'false', empty: '' });
});

test('variables: from custom_args_values (an event or a start body), or not known at all', () => {
	expect(sourceFrom({ custom_args_values: { product: 'Solar' } }, ID).variables).toEqual({
		product: 'Solar',
	});
	// A history row carries none: not known (null), which is not "known to be empty" ({}).
	expect(sourceFrom({ name: 'Ada' }, ID).variables).toBeNull();
	expect(sourceFrom({ custom_variables: {} }, ID).variables).toEqual({});
});

test('the requested call-back time: the analysis of the item (or of its raw answer), else its callback_at', () => {
	const analysis = {
		callback_requested: true,
		callback_requested_time: '2026-11-26T18:30:00',
		timezone: 'America/New_York',
	};
	const want = {
		value: '2026-11-26T18:30:00',
		zone: 'America/New_York',
		analysed: true,
		asked: true,
	};
	expect(sourceFrom({ platform_analysis: analysis }, ID).requested).toEqual(want);
	expect(sourceFrom({ raw: { platform_analysis: analysis } }, ID).requested).toEqual(want);
	// A record read back: its own fields first.
	expect(
		sourceFrom(
			{
				callback_requested_time: '2026-11-27',
				callback_requested: false,
				platform_analysis: analysis,
			},
			ID,
		).requested,
	).toEqual({ ...want, value: '2026-11-27', asked: false });
	expect(sourceFrom({ callback_at: '2026-11-26T18:30:00-05:00' }, ID).requested).toEqual({
		value: '2026-11-26T18:30:00-05:00',
		zone: undefined,
		analysed: false,
		asked: null,
	});
	// An empty analysis (a call that never connected) is none.
	expect(sourceFrom({ platform_analysis: {} }, ID).requested.analysed).toBe(false);
});

describe("the number to call back: the source's to_number, cleaned and checked", () => {
	test.each([
		['+1 (415) 555-0100', '+14155550000', '+14155550100'],
		['+44 (0)20 7946 0000', '+14155550000', '+442079460000'],
		['0044 20 7946 0000', null, '+442079460000'],
		['＋１ ４１５ ５５５ ０１００', '+14155550000', '+14155550100'],
		// Without "+": its country code first, the one reading (no other is possible here).
		['14155550100', '+14155550000', '+14155550100'],
		['919876543210', '+919876543211', '+919876543210'],
		['442079460000', '+14155550000', '+442079460000'],
	])('%p (caller %p) is %p', (to, caller, number) => {
		expect(sourceNumber(to, caller)).toMatchObject({ ok: true, number });
	});

	test.each([
		[
			'+4402079460000',
			'+14155550000',
			'"+4402079460000" is not a possible phone number: +4402079460000 has 11 digits after +44, where numbers have 7, 9 or 10',
		],
		[
			'4155550100',
			'+14155550000',
			'"+4155550100" is not a possible phone number: +4155550100 has 8 digits after +41, where numbers have 9 or 12',
		],
		[
			'6012345678',
			'+919876543210',
			'has no "+": it may be +6012345678, or +916012345678 in the caller\'s country',
		],
		// From an Indian line, +91 numbers may have 11 digits: the digits are one or the other.
		[
			'14155550100',
			'+919876543210',
			'has no "+": it may be +14155550100, or +9114155550100 in the caller\'s country',
		],
		[
			'415-555-0100 ext 2',
			'+14155550000',
			'"415-555-0100 ext 2" is not a phone number in international format with country code, e.g. +14155550100',
		],
	])('%p (caller %p) is refused: %s', (to, caller, problem) => {
		expect(sourceNumber(to, caller)).toMatchObject({ ok: false, problem });
	});
});

test("the item's status: a record's status, else a raw answer's call_status; never from the details", () => {
	expect(sourceFrom({ status: ' retry ', call_status: 'completed' }, ID).status).toBe('retry');
	expect(sourceFrom({ call_status: 'ongoing' }, ID).status).toBe('ongoing');
	expect(sourceFrom({ raw: { call_status: 'completed' } }, ID).status).toBe('completed');
	expect(sourceFrom({ status: '' }, ID)).toMatchObject({ status: null, detailsRead: false });
});
