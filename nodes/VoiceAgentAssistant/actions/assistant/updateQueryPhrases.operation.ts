import type { IDataObject } from 'n8n-workflow';

import { REQUIRED } from '../../../shared/engine/params';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateQueryPhrases',
	name: 'Update Query Phrases',
	description: 'Set the filler phrases an assistant says while it looks something up',
	action: 'Update the query phrases of an assistant',
	apiOperation: 'edit_query_phrases',
	properties: [
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
	body(f) {
		const body: IDataObject = {
			pre_query_response_phrases: f.list('phrases', 'Phrases', { commas: false }),
		};
		const options = f.collection('phraseOptions', 'Options');
		if (options.raw('probability') !== undefined) {
			body.pre_query_phrase_probability = options.number('probability', 'Probability', REQUIRED, {
				min: 0,
				max: 1,
			});
		}
		return body;
	},
});
