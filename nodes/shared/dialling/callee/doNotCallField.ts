/**
 * The Do Not Call fields of Start, Campaign Create and Call Back, and their one reader. The
 * list is read once per run, from the first item, before any request; an
 * entry that is not a number stops the node naming it, so nobody on a mistyped list is called.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fields } from '../../engine/params';
import { fieldError } from '../../engine/validate';
import {
	buildDoNotCall,
	entriesOfCsv,
	entriesOfValue,
	unreadableText,
	type ListEntries,
} from './doNotCall';

export const DO_NOT_CALL_LABEL = 'Do Not Call';
const SOURCES = ['none', 'numbers', 'binary'] as const;

const shownFor = (source: string) => ({ show: { doNotCall: [source] } });

/** The fields, in panel order; 'none' by default, so saved workflows are unchanged. */
export const doNotCallFields: INodeProperties[] = [
	{
		displayName: DO_NOT_CALL_LABEL,
		name: 'doNotCall',
		type: 'options',
		default: 'none',
		options: [
			{ name: 'None', value: 'none' },
			{
				name: 'Numbers',
				value: 'numbers',
				description: 'A list typed here, or an expression (e.g. the items of an opt-out sheet)',
			},
			{
				name: 'From Binary CSV',
				value: 'binary',
				description: 'A CSV file in binary data of the first input item',
			},
		],
		description:
			'Numbers never to call. A row whose number is on the list is not called and is output as skipped. Numbers are compared after the same cleaning as the rows; a number listed without its country code is completed with every country code the rows use.',
	},
	{
		displayName: 'Do Not Call Numbers',
		name: 'doNotCallNumbers',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: 'e.g. +14155550100, 415 555 0101',
		displayOptions: shownFor('numbers'),
		description:
			"One per line or separated by commas, or an expression giving a list: numbers, or objects or items with the number in Number Field (e.g. {{ $('Opt-outs').all() }})",
		hint: "A list from another node needs no Merge: {{ $('Opt-outs').all() }} reads every item of the node named Opt-outs (a sheet, a CSV read with Extract From File), with Number Field naming its phone column",
	},
	{
		displayName: 'Number Field',
		name: 'doNotCallNumberField',
		type: 'string',
		default: 'phone',
		displayOptions: shownFor('numbers'),
		description: 'When the list holds objects or items: the field that holds the number',
	},
	{
		displayName: 'Do Not Call Binary Field',
		name: 'doNotCallBinaryProperty',
		type: 'string',
		default: 'data',
		displayOptions: shownFor('binary'),
		description: 'The binary property of the first input item that holds the CSV file',
		hint: 'Read from the first input item only (item 0). A CSV read by another node can be given through Numbers instead: {{ $("Opt-outs").all() }} after Extract From File',
	},
	{
		displayName: 'Do Not Call Column',
		name: 'doNotCallColumn',
		type: 'string',
		default: '',
		placeholder: 'e.g. phone',
		displayOptions: shownFor('binary'),
		description:
			'The column with the numbers, named on the first line. Empty: the first column (a first line without digits is taken as its header).',
	},
];

/** The entries of the CSV file in the item's binary data, or an error naming the field. */
async function csvEntries(ctx: IExecuteFunctions, i: number): Promise<ListEntries> {
	const f = fields(ctx, i);
	const node = ctx.getNode();
	const property = f.requiredText('doNotCallBinaryProperty', 'Do Not Call Binary Field').trim();
	const binary = ctx.getInputData()[i]?.binary?.[property];
	if (!binary) {
		throw fieldError(
			node,
			'Do Not Call Binary Field',
			`the item has no binary data "${property}" (a CSV file read by an earlier node)`,
			i,
		);
	}
	const file = binary.fileName ?? property;
	const bytes = await ctx.helpers.getBinaryDataBuffer(i, property);
	const read = entriesOfCsv(
		bytes.toString('utf8'),
		file,
		f.text('doNotCallColumn', 'Do Not Call Column').trim(),
	);
	if ('problem' in read)
		throw fieldError(node, `${DO_NOT_CALL_LABEL} file ${file}`, read.problem, i);
	return read;
}

/**
 * The list as E.164 numbers (undefined when Do Not Call is None), read from item `i`, an
 * entry without a country code completed with each of the run's country codes (read only
 * when a list is given: their errors belong to the rows otherwise; see buildDoNotCall). An
 * entry that is not a possible number is an error naming it.
 */
export async function readDoNotCall(
	ctx: IExecuteFunctions,
	i: number,
	countryCodes: () => string[],
): Promise<Set<string> | undefined> {
	const f = fields(ctx, i);
	const source = f.option('doNotCall', DO_NOT_CALL_LABEL, SOURCES, 'none');
	if (source === 'none') return undefined;
	const entries =
		source === 'binary'
			? await csvEntries(ctx, i)
			: entriesOfValue(
					f.raw('doNotCallNumbers'),
					'Do Not Call Numbers',
					f.text('doNotCallNumberField', 'Number Field').trim(),
				);
	const list = buildDoNotCall(entries, countryCodes());
	if (list.unreadable.length) {
		const count = list.unreadable.length;
		throw fieldError(
			ctx.getNode(),
			DO_NOT_CALL_LABEL,
			`${count} ${count === 1 ? 'entry is' : 'entries are'} not a phone number (fix or remove ${count === 1 ? 'it' : 'them'}; nobody was called): ${unreadableText(list.unreadable)}`,
			i,
		);
	}
	return list.numbers;
}
