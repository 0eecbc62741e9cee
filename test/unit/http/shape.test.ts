/**
 * The one check of answers' shapes: a value of the wrong shape is a NodeApiError naming what
 * was expected and what came; a value of the right shape is returned as it is.
 */
import fc from 'fast-check';
import { NodeApiError, type INode } from 'n8n-workflow';

import {
	describeValue,
	expectObject,
	expectOptionalObject,
	expectRows,
	expectStrings,
	isPlainObject,
} from '../../../nodes/shared/http/shape';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentCalling' } as INode;
const RUNS = { numRuns: 300, seed: 20260101 };
const DESCRIPTION =
	'The answer does not have the shape the API documents. Check that the Base URL of the credential points at the voice agent API; if it does, the service may have changed.';

/** The error a check throws, or undefined. */
function thrown(check: () => unknown): NodeApiError | undefined {
	try {
		check();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	return undefined;
}

const objects = fc.dictionary(fc.string(), fc.jsonValue()) as fc.Arbitrary<Record<string, unknown>>;
const nonObjects = fc.oneof(
	fc.constant(null),
	fc.string(),
	fc.double(),
	fc.boolean(),
	fc.array(fc.jsonValue()),
);

test('describeValue names each kind of JSON value', () => {
	expect([null, [], '', 'x', 0, true, {}, undefined].map(describeValue)).toEqual([
		'null',
		'a list',
		'text',
		'text',
		'a number',
		'a boolean',
		'an object',
		'a undefined',
	]);
});

describe('expectObject', () => {
	test('an object is returned as it is', () => {
		fc.assert(
			fc.property(objects, (value) => {
				expect(isPlainObject(value)).toBe(true);
				expect(expectObject(node, value, 'data')).toBe(value);
			}),
			RUNS,
		);
	});

	test('anything else is an error naming what and what it is, with the item', () => {
		fc.assert(
			fc.property(nonObjects, fc.nat(5), (value, i) => {
				expect(isPlainObject(value)).toBe(false);
				const error = thrown(() => expectObject(node, value, 'data', i));
				expect(error?.message).toBe(
					`Unexpected answer from the service: data should be an object but is ${describeValue(value)}`,
				);
				expect(error?.description).toBe(DESCRIPTION);
				expect(error?.context.itemIndex).toBe(i);
			}),
			RUNS,
		);
	});

	test('expectOptionalObject reads missing as {}, and checks the rest', () => {
		expect(expectOptionalObject(node, undefined, 'analysis')).toEqual({});
		expect(expectOptionalObject(node, null, 'analysis')).toEqual({});
		expect(expectOptionalObject(node, { a: 1 }, 'analysis')).toEqual({ a: 1 });
		expect(thrown(() => expectOptionalObject(node, 'x', 'analysis'))?.message).toBe(
			'Unexpected answer from the service: analysis should be an object but is text',
		);
	});
});

describe('expectRows', () => {
	test('a list of objects is returned as it is; missing is []', () => {
		fc.assert(
			fc.property(fc.array(objects), (rows) => {
				expect(expectRows(node, rows, 'calls')).toBe(rows);
			}),
			RUNS,
		);
		expect(expectRows(node, undefined, 'calls')).toEqual([]);
		expect(expectRows(node, null, 'calls')).toEqual([]);
	});

	test('the first entry that is not an object is named by its index', () => {
		fc.assert(
			fc.property(
				fc.array(objects, { maxLength: 4 }),
				nonObjects,
				fc.array(fc.oneof(objects, nonObjects), { maxLength: 3 }),
				(before, bad, after) => {
					const error = thrown(() => expectRows(node, [...before, bad, ...after], 'calls', 2));
					expect(error?.message).toBe(
						`Unexpected answer from the service: calls[${before.length}] should be an object but is ${describeValue(bad)}`,
					);
					expect(error?.context.itemIndex).toBe(2);
				},
			),
			RUNS,
		);
	});

	test('a value that is not a list is named as what it is', () => {
		expect(thrown(() => expectRows(node, { calls: [] }, 'calls'))?.message).toBe(
			'Unexpected answer from the service: calls should be a list but is an object',
		);
		expect(thrown(() => expectRows(node, 'none', 'calls'))?.message).toBe(
			'Unexpected answer from the service: calls should be a list but is text',
		);
	});
});

describe('expectStrings', () => {
	test('a list of text is returned; missing is []', () => {
		fc.assert(
			fc.property(fc.array(fc.string()), (ids) => {
				expect(expectStrings(node, ids, 'ids')).toBe(ids);
			}),
			RUNS,
		);
		expect(expectStrings(node, null, 'ids')).toEqual([]);
	});

	test('a list with anything but text, or no list, is refused as a whole', () => {
		expect(thrown(() => expectStrings(node, ['a', 1], 'ids'))?.message).toBe(
			'Unexpected answer from the service: ids should be a list of text but is a list',
		);
		expect(thrown(() => expectStrings(node, 'a', 'ids', 1))?.message).toBe(
			'Unexpected answer from the service: ids should be a list of text but is text',
		);
	});
});
