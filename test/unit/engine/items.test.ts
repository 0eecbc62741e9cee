/**
 * items.ts: which object a field of rows takes is an n8n item (it stands for its json) and which
 * is data, whatever other keys n8n put on the item (binary, pairedItem, an Execute Workflow
 * node's metadata).
 */
import fc from 'fast-check';

import { ITEM_KEYS, unwrapItem } from '../../../nodes/shared/engine/items';

const row = { phone: '+14155550100', clinic: 'Sunrise' };

test.each([
	['json alone', { json: row }],
	['with pairedItem', { json: row, pairedItem: { item: 3 } }],
	['with pairedItem as a number', { json: row, pairedItem: 0 }],
	['with binary', { json: row, binary: { data: { data: 'aGk=', mimeType: 'text/plain' } } }],
	[
		"an Execute Workflow node's output (metadata)",
		{
			json: row,
			pairedItem: { item: 0 },
			metadata: { subExecution: { executionId: '42', workflowId: 'w1' } },
		},
	],
	['with error and index', { json: row, error: { message: 'x' }, index: 2 }],
	[
		'with evaluationData, redaction, sendMessage',
		{ json: row, evaluationData: {}, redaction: {}, sendMessage: 'hi' },
	],
])('an n8n item (%s) stands for its json', (_label, item) => {
	expect(unwrapItem(item)).toBe(item.json);
});

test.each([
	['a plain row', row],
	['a row whose column is named json (text)', { json: 'x', phone: '+14155550100' }],
	['a row whose json column holds a list', { json: [1, 2] }],
	['a row whose json column is null', { json: null }],
	['a json object beside a column of its own', { json: row, phone: '+14155550199' }],
	['an item key without json', { pairedItem: { item: 0 }, phone: '+14155550100' }],
	['an empty object', {}],
])('%s is data, itself', (_label, value) => {
	expect(unwrapItem(value)).toBe(value);
});

const key = fc.string({ minLength: 1, maxLength: 8 });
const json = fc.dictionary(key, fc.jsonValue());

test('property: json with any of the item keys is an item; any other key beside it makes it data', () => {
	const itemKeys = [...ITEM_KEYS].filter((k) => k !== 'json');
	fc.assert(
		fc.property(
			json,
			fc.subarray(itemKeys),
			fc.dictionary(
				key.filter((k) => !ITEM_KEYS.has(k) && k !== '__proto__'),
				fc.jsonValue(),
				{ maxKeys: 3 },
			),
			(data, present, others) => {
				const item: Record<string, unknown> = { json: data };
				for (const k of present) item[k] = { from: k };
				expect(unwrapItem(item)).toBe(data);
				const withOthers = { ...item, ...others };
				expect(unwrapItem(withOthers)).toBe(
					Object.keys(others).length ? withOthers : withOthers.json,
				);
			},
		),
	);
});
