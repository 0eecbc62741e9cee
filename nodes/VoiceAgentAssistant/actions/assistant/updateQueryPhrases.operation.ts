import type { IDataObject } from 'n8n-workflow';

import { param, toNumber } from '../../../shared/params';
import { requireList } from '../../../shared/validate';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateQueryPhrases',
	name: 'Update Query Phrases',
	description: 'Set the filler phrases an assistant says while it looks something up',
	action: 'Update the query phrases of an assistant',
	apiOperation: 'edit_query_phrases',
	fields: [
		{
			displayName: 'Phrases',
			name: 'phrases',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			placeholder: 'e.g. Let me check that for you.',
			description: 'One phrase per line (an expression may give an array)',
			hint: 'Replaces the whole list: phrases not given here are removed. Use [] to clear it.',
		},
		{
			displayName: 'Options',
			name: 'phraseOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Probability',
					name: 'probability',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
					default: 0.5,
					description: 'Chance (0 to 1) that the assistant says a phrase before a lookup',
				},
			],
		},
	],
	body(i) {
		const node = this.getNode();
		const body: IDataObject = {
			pre_query_response_phrases: requireList(node, 'Phrases', param(this, 'phrases', i), i, {
				commas: false,
			}),
		};
		const options = param(this, 'phraseOptions', i, {}) as IDataObject;
		if (options.probability !== undefined) {
			body.pre_query_phrase_probability = toNumber(
				node,
				'Options › Probability',
				options.probability,
				i,
				{ min: 0, max: 1 },
			);
		}
		return body;
	},
});
