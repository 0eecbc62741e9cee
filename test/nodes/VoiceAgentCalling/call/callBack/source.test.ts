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
