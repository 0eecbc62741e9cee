/**
 * The variables of a call placed back (variables.ts): the Variables override as text, else the
 * row of Variables From Rows with the callee's number (two differing rows refused, naming
 * both), else the original call's; and what the output says of where they came from.
 */
import fc from 'fast-check';

import { variableRows } from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/rows';
import {
	chooseVariables,
	readVariablesOverride,
	variablesSaid,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/variables';
import { fieldsOf } from '../../../../helpers/fields';

const NUMBER = '+14155550100';
const o = fieldsOf({});
/** Variables From Rows over `rows`, its phone column `phone`, leaving out `name`. */
const rowsOf = (rows: object[]) => {
	const read = variableRows(rows, 'phone', ['name']);
	if ('problem' in read) throw new Error(read.problem);
	return read;
};

describe('readVariablesOverride', () => {
	const read = (variables: unknown) => readVariablesOverride(fieldsOf({ variables }));

	test('unset (the default {}): undefined', () => {
		expect(read({})).toBeUndefined();
	});

	test('any text, number or boolean: as text, text as given', () => {
		fc.assert(
			fc.property(
				fc.dictionary(
					fc.stringMatching(/^[a-z]{1,8}$/),
					fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean()),
					{ minKeys: 1 },
				),
				(variables) => {
					expect(read(variables)).toEqual(
						Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, String(v)])),
					);
				},
			),
			{ seed: 20260101 },
		);
	});

	test('an object as a value is refused, naming its key', () => {
		expect(() => read({ clinic: 'Acme', visit: { day: 1 } })).toThrow(
			/^Variables: the value of "visit" .+ \[item 0\]$/,
		);
	});
});

describe('chooseVariables', () => {
	const own = { clinic: 'Acme' };
	const rows = rowsOf([
		{ phone: '+14155550199', clinic: 'Other' },
		{ phone: NUMBER, name: 'Ada', clinic: 'Rows Clinic' },
	]);

	test('the override first, whatever else is given', () => {
		expect(chooseVariables(o, { clinic: 'Given' }, rows, NUMBER, own)).toEqual({
			values: { clinic: 'Given' },
			from: 'override',
		});
	});

	test("else the callee's row (its number left out, and the columns left out)", () => {
		expect(chooseVariables(o, undefined, rows, NUMBER, own)).toEqual({
			values: { clinic: 'Rows Clinic' },
			from: 'rows',
			row: 2,
		});
	});

	test("else the original call's, with why the rows gave nothing", () => {
		expect(chooseVariables(o, undefined, rows, '+14155550123', own)).toEqual({
			values: own,
			from: 'original_call',
			note: 'no row of Variables From Rows (2) has +14155550123',
		});
	});

	test('none known, or none at all', () => {
		expect(chooseVariables(o, undefined, undefined, NUMBER, null)).toEqual({
			values: null,
			from: 'none',
			note: undefined,
		});
		expect(chooseVariables(o, undefined, undefined, NUMBER, {})).toEqual({
			values: {},
			from: 'none',
			note: undefined,
		});
	});

	test('two rows of the number that differ: refused, naming both', () => {
		const twice = rowsOf([
			{ phone: NUMBER, clinic: 'Acme' },
			{ phone: NUMBER, clinic: 'Beta' },
		]);
		expect(() => chooseVariables(o, undefined, twice, NUMBER, own)).toThrow(
			new Error(
				'Variables From Rows: rows 1 and 2 both have +14155550100, with different values (clinic: "Acme" in row 1, "Beta" in row 2), so neither is taken: keep one row per number, or give the Variables override [item 0]',
			),
		);
	});
});

test('what the output says: where they came from, and the row when from one', () => {
	expect(variablesSaid({ values: {}, from: 'override' })).toEqual({ variables_from: 'override' });
	expect(variablesSaid({ values: {}, from: 'rows', row: 3 })).toEqual({
		variables_from: 'rows',
		variables_row: 3,
	});
});
