import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import {
	ambiguous,
	calleeNumber,
	calleeText,
	calleeValue,
	PHONE_FORMAT,
	POSSIBLE,
	readCountryCode,
	VALUE_PROBLEM,
} from '../../../../nodes/shared/dialling/callee/values';
import { normalisePhone, numberProblem } from '../../../../nodes/shared/dialling/callee/phone';
import { E164_RE } from '../../../../nodes/shared/engine/validate';

const node = {
	name: 'Voice Agent',
	type: 'test',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as unknown as INode;

describe('the callee pipeline (Start and Campaign Create read rows through it)', () => {
	test.each([
		['+1 (415) 555-0100', '', { ok: true, number: '+14155550100', typed: '+1 (415) 555-0100' }],
		['4155550100', '+1', { ok: true, number: '+14155550100', typed: '4155550100' }],
		[919876543210, '+91', { ok: true, number: '+919876543210', typed: '919876543210' }],
		['  ', '+1', { ok: false, empty: true, problem: 'is empty', typed: '  ' }],
		[undefined, '+1', { ok: false, empty: true, problem: 'is empty', typed: '' }],
		[
			'12345',
			'+91',
			{ ok: false, empty: false, problem: `"12345" ${PHONE_FORMAT}`, typed: '12345' },
		],
		[{ a: 1 }, '+1', { ok: false, empty: false, problem: 'an object is not text', typed: '' }],
		[true, '+1', { ok: false, empty: false, problem: 'true is not text', typed: '' }],
		[['+14155550100'], '+1', { ok: false, empty: false, problem: 'a list is not text', typed: '' }],
		// E.164 in form once completed, but no +1 number has 7 or 9 digits.
		[
			'555-0102',
			'+1',
			{
				ok: false,
				empty: false,
				problem: `"555-0102" ${POSSIBLE}: +15550102 has 7 digits after +1, where numbers have 10`,
				typed: '555-0102',
			},
		],
		[
			'415 555 010',
			'+1',
			{
				ok: false,
				empty: false,
				problem: `"415 555 010" ${POSSIBLE}: +1415555010 has 9 digits after +1, where numbers have 10`,
				typed: '415 555 010',
			},
		],
		[
			'+44 (0)20 7946 0000',
			'+1',
			{ ok: true, number: '+442079460000', typed: '+44 (0)20 7946 0000' },
		],
		[
			'＋１ ４１５ ５５５ ０１０１',
			'',
			{ ok: true, number: '+14155550101', typed: '＋１ ４１５ ５５５ ０１０１' },
		],
	])('number %p with country code %p', (raw, cc, expected) => {
		expect(calleeNumber(raw, cc)).toEqual(expected);
	});

	test('a number is callable exactly when its cleaned form is a possible E.164 number, and then it is that form', () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.string(), fc.stringMatching(/^[+0 ()-]?[0-9 ().-]{4,18}$/), fc.integer()),
				fc.constantFrom('', '+1', '+91', '44'),
				(raw, cc) => {
					const result = calleeNumber(raw, cc);
					const cleaned = normalisePhone(String(raw).trim(), cc);
					if (String(raw).trim() === '') expect(result).toMatchObject({ ok: false, empty: true });
					else if (E164_RE.test(cleaned) && !numberProblem(cleaned))
						expect(result).toMatchObject({ ok: true, number: cleaned });
					else expect(result.ok).toBe(false);
				},
			),
			{ numRuns: 300, seed: 20261127 },
		);
	});

	test.each([
		[undefined, { text: '' }],
		[null, { text: '' }],
		['Ada', { text: 'Ada' }],
		[12.5, { text: '12.5' }],
		[false, { text: 'false' }],
		[Number.NaN, { problem: 'NaN is not text' }],
		[{ a: 1 }, { problem: VALUE_PROBLEM }],
		[[1], { problem: VALUE_PROBLEM }],
		[new Date(0), { problem: VALUE_PROBLEM }],
		['a\ud800b', { problem: 'contains broken text (an unpaired surrogate character)' }],
	])('value %p', (value, expected) => {
		expect(calleeText(value)).toEqual(expected);
	});

	test('calleeValue names the field and the item of a value it refuses', () => {
		expect(calleeValue(node, 'Variables › date', 'today', 3)).toBe('today');
		expect(() => calleeValue(node, 'Variables › date', { d: 1 }, 3)).toThrow(
			`Variables › date: ${VALUE_PROBLEM} [item 3]`,
		);
	});

	test('country codes: "+91", "91" and " + 1 " are read; an empty field is none; garbage names the field', () => {
		expect(readCountryCode(node, 'Country Code', '+91', 0)).toBe('+91');
		expect(readCountryCode(node, 'Country Code', '91', 0)).toBe('+91');
		expect(readCountryCode(node, 'Country Code', ' + 1 ', 0)).toBe('+1');
		expect(readCountryCode(node, 'Default Country Code', '  ', 2)).toBeUndefined();
		expect(() => readCountryCode(node, 'Default Country Code', 'India', 2)).toThrow(
			'Default Country Code: "India" is not a country code, e.g. +91 [item 2]',
		);
	});
});

describe('a number that reads as several is refused as ambiguous, naming its readings', () => {
	test('two readings, with the country code as typed', () => {
		expect(ambiguous(['+39390612345', '+390612345'], '39')).toBe(
			'is ambiguous with country code +39: it can be +39390612345 or +390612345; write the number meant in full, with + and its country code',
		);
	});

	test('at most three are named', () => {
		expect(
			ambiguous(
				['+12685550102', '+12645550102', '+12465550102', '+14415550102', '+16495550102'],
				'+1',
			),
		).toBe(
			'is ambiguous with country code +1: it can be +12685550102, +12645550102, +12465550102 or 2 more; write the number meant in full, with + and its country code',
		);
	});

	test('calleeNumber refuses it with that sentence', () => {
		expect(calleeNumber('39 0612345', '+39')).toEqual({
			ok: false,
			empty: false,
			problem:
				'"39 0612345" is ambiguous with country code +39: it can be +39390612345 or +390612345; write the number meant in full, with + and its country code',
			typed: '39 0612345',
		});
	});

	test('"00" under a code of no country (+800, +888): the international prefix, or one of its own numbers that starts 00', () => {
		// +888's numbers are any 11 digits: "00391799433" is one of them as well as +39 1799433.
		expect(calleeNumber('003 917 99433', '+888')).toEqual({
			ok: false,
			empty: false,
			problem:
				'"003 917 99433" is ambiguous with country code +888: it can be +391799433 or +88800391799433; write the number meant in full, with + and its country code',
			typed: '003 917 99433',
		});
		// No number abroad starts +0: "0008 5246" can only be +800's own (it was refused).
		expect(calleeNumber('0008 5246', '+800')).toEqual({
			ok: true,
			number: '+80000085246',
			typed: '0008 5246',
		});
		// Under a country without a national prefix (Italy), 00 stays the international prefix.
		expect(calleeNumber('0044 20 7946 0000', '+39')).toMatchObject({
			ok: true,
			number: '+442079460000',
		});
	});
});
