import { defineEdit } from './edit';

/** Most words the service takes in an assistant's vocabulary. */
export const MAX_VOCABULARY = 100;

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateVocabulary',
	name: 'Update Vocabulary',
	description: 'Set the words (names, brands, terms) the assistant should recognise',
	action: 'Update the vocabulary of an assistant',
	apiOperation: 'edit_vocab',
	properties: [
		{
			displayName: 'Vocabulary',
			name: 'vocabulary',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			placeholder: 'e.g. Ringg, Acme, Dr. Mehta',
			description: `Words separated by commas or one per line, at most ${MAX_VOCABULARY} (an expression may give an array)`,
			hint: 'Replaces the whole vocabulary: words not given here are removed. Use [] to clear it.',
		},
	],
	body(f) {
		return { vocab: f.list('vocabulary', 'Vocabulary', { commas: true, max: MAX_VOCABULARY }) };
	},
});
