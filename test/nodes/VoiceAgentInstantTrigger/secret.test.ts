/**
 * Authenticity of deliveries: the secret as a header or a query parameter, compared in time
 * that depends only on the lengths; a secret shorter than 16 characters never matches.
 */
import fc from 'fast-check';

import {
	constantTimeEqual,
	isAuthentic,
	MIN_SECRET_LENGTH,
	presentedSecrets,
	SECRET_HEADER,
	SECRET_QUERY,
} from '../../../nodes/VoiceAgentInstantTrigger/secret';

const RUNS = { numRuns: 500, seed: 20260101 };
const SECRET = 'a-long-shared-secret-0123456789';

test('the names: header x-voice-agent-secret, query secret, at least 16 characters', () => {
	expect([SECRET_HEADER, SECRET_QUERY, MIN_SECRET_LENGTH]).toEqual([
		'x-voice-agent-secret',
		'secret',
		16,
	]);
});

describe('constantTimeEqual', () => {
	test('constant-time comparison still compares exactly', () => {
		expect(constantTimeEqual('abc', 'abc')).toBe(true);
		expect(constantTimeEqual('abc', 'abd')).toBe(false);
		expect(constantTimeEqual('abc', 'abc\u0000')).toBe(false);
		expect(constantTimeEqual('', 'a')).toBe(false);
	});

	test('is === for any two strings, and for a string and itself', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
				expect(constantTimeEqual(a, b)).toBe(a === b);
				expect(constantTimeEqual(a, a)).toBe(true);
			}),
			RUNS,
		);
	});
});

describe('presentedSecrets', () => {
	test('the header first, then the query parameter; the first of repeated values', () => {
		expect(
			presentedSecrets({ [SECRET_HEADER]: ['h1', 'h2'] }, { [SECRET_QUERY]: ['q1', 'q2'] }),
		).toEqual(['h1', 'q1']);
		expect(presentedSecrets({ [SECRET_HEADER]: 'h' }, { other: 'x' })).toEqual(['h']);
		expect(presentedSecrets({ authorization: 'h' }, { [SECRET_QUERY]: 7 })).toEqual([]);
	});
});

describe('isAuthentic', () => {
	test('true exactly when the header or the query parameter is the expected secret', () => {
		const presented = fc.option(fc.oneof(fc.constant(SECRET), fc.string()), { nil: undefined });
		fc.assert(
			fc.property(presented, presented, (header, query) => {
				const headers = header === undefined ? {} : { [SECRET_HEADER]: header };
				const q = query === undefined ? {} : { [SECRET_QUERY]: query };
				expect(isAuthentic(SECRET, headers, q)).toBe(header === SECRET || query === SECRET);
			}),
			RUNS,
		);
	});

	test('an expected secret shorter than 16 characters matches nothing, not even itself', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: MIN_SECRET_LENGTH - 1 }), (short) => {
				expect(isAuthentic(short, { [SECRET_HEADER]: short }, { [SECRET_QUERY]: short })).toBe(
					false,
				);
			}),
			RUNS,
		);
	});
});
