/**
 * A row's custom variables (start/variables.ts) in each Custom Variables mode: Key/Value
 * pairs, a JSON object, or the row's own fields less those left out; every value as the
 * service takes it (text), a name n8n would drop refused, and none at all sent as none.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { readVariables } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/variables';
import { DROPPED_KEYS } from '../../../../../nodes/shared/engine/validate';
import { startContext } from '../../../../helpers/startContext';

const pairs = (...given: Array<[string, unknown]>) => ({
	variablesMode: 'pairs',
	variables: { variable: given.map(([name, value]) => ({ name, value })) },
});

/** Item 0's variables with these fields, over the input row `json`. */
const variablesOf = (params: Record<string, unknown>, json: IDataObject = {}) =>
	readVariables(startContext(params, [{ json }]).ctx, 0);

describe('readVariables', () => {
	it('sends none when the mode is None or nothing is given', () => {
		expect(variablesOf({ variablesMode: 'none' }, { plan: 'gold' })).toBeUndefined();
		expect(variablesOf(pairs())).toBeUndefined();
	});

	it('sends pairs and JSON values as text, in the order given', () => {
		expect(variablesOf(pairs(['plan', 'gold'], ['seats', 3], ['vip', false]))).toEqual({
			plan: 'gold',
			seats: '3',
			vip: 'false',
		});
		expect(variablesOf({ variablesMode: 'json', variablesJson: '{"a": 1, "b": null}' })).toEqual({
			a: '1',
			b: '',
		});
	});

	it('sends every field of the row but those left out', () => {
		// A name as a sheet's header holds it: no edge spaces, no list separator.
		const key = fc
			.string({ minLength: 1 })
			.filter((k) => !DROPPED_KEYS.has(k) && k.trim() === k && !/[,\n[\]]/.test(k));
		fc.assert(
			fc.property(fc.dictionary(key, fc.string()), fc.array(key), (json, leftOut) => {
				const params = { variablesMode: 'row', variablesExclude: leftOut.join(', ') };
				const kept = Object.entries(json).filter(([k]) => !leftOut.includes(k));
				const expected = kept.length ? Object.fromEntries(kept) : undefined;
				expect(variablesOf(params, json)).toEqual(expected);
			}),
		);
	});

	it.each([
		[pairs(['plan', 'a'], ['plan', 'b']), {}, 'Variables › plan: is given twice'],
		[
			{ variablesMode: 'json', variablesJson: '{"__proto__": "x"}' },
			{},
			'Variables › __proto__: "__proto__" cannot be used as a variable name (it is reserved in JavaScript); rename it',
		],
		[
			{ variablesMode: 'row' },
			JSON.parse('{"constructor": "x"}') as IDataObject,
			'Variables › constructor: "constructor" cannot be used as a variable name (it is reserved in JavaScript); rename it, or list it in Fields to Leave Out',
		],
		[
			pairs(['plan', { tier: 1 }]),
			{},
			'Variables › plan: must be text, a number or a boolean, not an object or list',
		],
	])('refuses %j naming the variable and the item', (params, json, message) => {
		expect(() => variablesOf(params, json)).toThrow(`${message} [item 0]`);
	});
});
