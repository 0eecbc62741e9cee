/**
 * Call Back's reading of the call it places again: the variables follow the callee pipeline's
 * one rule for a value (text as sent, numbers and booleans as text), and what that rule
 * refuses is left out (the Variables override can still give it) instead of failing.
 */
import { sourceFrom } from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/source';

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
