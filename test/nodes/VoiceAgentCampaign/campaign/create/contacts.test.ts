/**
 * Campaign Create's contacts (contacts.ts): every row read once (items, or each item's CSV
 * file line by line), then checked under the mapping: a good row uploaded as its cleaned
 * number and its values, a listed one skipped, a bad one left out with where and why (or,
 * without Continue On Fail, stopping the node before anything is uploaded).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import {
	checkContacts,
	collectRows,
	refuseReservedVariable,
	type ContactRules,
} from '../../../../../nodes/VoiceAgentCampaign/actions/campaign/create/contacts';
import { probe } from '../../../../helpers/probe';

const mapping = [
	{ variable: 'callee_name', column: 'name' },
	{ variable: 'clinic', column: 'clinic' },
];

/** The contacts of the whole input, read at item 0, as plain values. */
const contactsOf = (rules: Partial<ContactRules>, input: INodeExecutionData[]) =>
	probe(
		async (ctx, i) => {
			if (i > 0) return null;
			const all: ContactRules = {
				source: 'items',
				countryCode: '1',
				required: [],
				stopOnError: false,
				...rules,
			};
			const rows = await collectRows(ctx, input.length, all);
			const c = await checkContacts(ctx, rows, all, () => mapping);
			return {
				cells: Array.from({ length: c.count }, (_, k) => c.cellsOf(k)),
				items: Array.from({ length: c.count }, (_, k) => c.rowAt(k).item),
				leftOut: c.leftOut,
				reasons: c.reasons,
				columns: [...c.columns],
			};
		},
		{
			// Phone Number: each item's `phone`.
			properties: [
				{ displayName: 'Phone Number', name: 'mobileNumber', type: 'string', default: '' },
			],
			parameters: { mobileNumber: '={{ $json.phone }}' },
			inputItems: input,
		},
	);

const item = (json: IDataObject): INodeExecutionData => ({ json });
const items = [
	item({ phone: '415 555 0100', name: 'Ada', clinic: 'East' }),
	item({ phone: 'call me', name: 'Bo', clinic: 'East' }),
	item({ phone: '+14155550102', name: 'Cy', clinic: 'North' }),
	item({ phone: '+14155550103', name: 'Di', clinic: '', extra: 1 }),
];

test('rows from items: uploaded, listed, and left out with where and why', async () => {
	const { values, error } = await contactsOf(
		{ doNotCall: new Set(['+14155550102']), required: ['clinic'] },
		items,
	);
	expect(error).toBeUndefined();
	expect(values[0]).toEqual({
		cells: [['+14155550100', 'Ada', 'East']],
		items: [0],
		leftOut: [
			{
				item: 1,
				mobile_number: 'call me',
				field: 'Phone Number',
				reason:
					'"call me" is not a phone number in international format with country code, e.g. +14155550100',
			},
			{
				item: 2,
				mobile_number: '+14155550102',
				field: 'Phone Number',
				reason: 'is on the Do Not Call list',
				skipped: 'do_not_call',
				skip_reason: 'Do Not Call: +14155550102 is on the list, so it is not called',
			},
			{
				item: 3,
				mobile_number: '+14155550103',
				field: 'Column clinic',
				reason:
					"is empty, but the assistant's prompt uses @{{clinic}}: the callee would hear the placeholder",
			},
		],
		reasons: ['invalid_number', 'do_not_call', 'missing_prompt_variable'],
		// Every item's fields, for the automatic mapping.
		columns: ['phone', 'name', 'clinic', 'extra'],
	});
});

test('without Continue On Fail a bad row stops the node, nothing uploaded', async () => {
	const { error } = await contactsOf({ stopOnError: true }, items);
	expect(error?.message).toBe(
		'Phone Number: "call me" is not a phone number in international format with country code, e.g. +14155550100. Nothing was uploaded [item 1]',
	);
});

test('rows from a CSV file: its lines, the number column named, the line in the report', async () => {
	const csv = 'Phone,name,clinic\n+14155550100,Ada,East\n12,Bo,West\n';
	const { values } = await contactsOf(
		{ source: 'file', binaryProperty: 'data', phoneColumn: 'Phone' },
		[
			{
				json: {},
				binary: {
					data: {
						data: Buffer.from(csv).toString('base64'),
						mimeType: 'text/csv',
						fileName: 'sheet.csv',
					},
				},
			},
		],
	);
	expect(values[0]).toEqual({
		cells: [['+14155550100', 'Ada', 'East']],
		items: [0],
		leftOut: [
			{
				item: 0,
				line: 3,
				mobile_number: '12',
				field: 'sheet.csv line 3 › Phone',
				reason:
					'"12" is not a phone number in international format with country code, e.g. +14155550100',
			},
		],
		reasons: ['invalid_number'],
		columns: ['Phone', 'name', 'clinic'],
	});
});

test('a variable named __proto__ is refused', async () => {
	const { error } = await probe((ctx) => refuseReservedVariable(ctx, '__proto__'));
	expect(error?.message).toBe('Variable Mapping › __proto__: is a reserved name [item 0]');
	const ok = await probe((ctx) => refuseReservedVariable(ctx, 'clinic') ?? 'fine');
	expect(ok.values).toEqual(['fine']);
});
