/**
 * The Do Not Call fields' reader (doNotCallField.ts): None reads nothing; typed numbers, a list
 * of objects by Number Field, or a CSV file of the item, each as E.164 numbers, an entry
 * without its country code completed with every country code given; a file that is not there,
 * or an entry that is not a number, stops the node naming the field.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import {
	doNotCallFields,
	readDoNotCall,
} from '../../../../nodes/shared/dialling/callee/doNotCallField';
import { probe } from '../../../helpers/probe';

/** The list read from each item as sorted numbers (undefined for None), country codes 1 and 44. */
const read = (parameters: IDataObject, inputItems?: INodeExecutionData[]) =>
	probe(
		async (ctx, i) => {
			const list = await readDoNotCall(ctx, i, () => ['1', '44']);
			return list && [...list].sort();
		},
		{ properties: doNotCallFields, parameters, inputItems },
	);

const csvItem = (text: string): INodeExecutionData => ({
	json: {},
	binary: {
		optout: {
			data: Buffer.from(text, 'utf8').toString('base64'),
			mimeType: 'text/csv',
			fileName: 'optout.csv',
		},
	},
});

test('None (the default): no list', async () => {
	expect(await read({})).toEqual({ values: [undefined], error: undefined });
});

test('typed numbers: in E.164, one without its country code completed with each', async () => {
	expect(
		await read({ doNotCall: 'numbers', doNotCallNumbers: '+1 415 555 0100\n20 7946 0958' }),
	).toEqual({
		values: [['+14155550100', '+12079460958', '+442079460958'].sort()],
		error: undefined,
	});
});

test('a list of objects: the number in Number Field', async () => {
	const { values } = await read({
		doNotCall: 'numbers',
		doNotCallNumbers: '={{ [{ tel: "+14155550101" }, { tel: "+447700900123" }] }}',
		doNotCallNumberField: 'tel',
	});
	expect(values).toEqual([['+14155550101', '+447700900123']]);
});

test('a CSV file of the item: its column, by name', async () => {
	const { values } = await read(
		{ doNotCall: 'binary', doNotCallBinaryProperty: 'optout', doNotCallColumn: 'tel' },
		[csvItem('id,tel\n1,+14155550102\n2,+14155550103\n')],
	);
	expect(values).toEqual([['+14155550102', '+14155550103']]);
});

test('no file in the binary field named: refused, naming it', async () => {
	const { error } = await read({ doNotCall: 'binary', doNotCallBinaryProperty: 'optout' });
	expect(error?.message).toBe(
		'Do Not Call Binary Field: the item has no binary data "optout" (a CSV file read by an earlier node) [item 0]',
	);
});

test('an entry that is not a number: refused, naming it, nobody called', async () => {
	const { error } = await read({ doNotCall: 'numbers', doNotCallNumbers: '+14155550101, call me' });
	expect(error?.message).toBe(
		'Do Not Call: 1 entry is not a phone number (fix or remove it; nobody was called): Do Not Call Numbers › entry 2 "call me": is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
	);
});
