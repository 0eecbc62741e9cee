/** Update Vocabulary: edit_vocab with up to 100 words, by commas or lines; more are refused. */
import fc from 'fast-check';

import { MAX_VOCABULARY } from '../../../../nodes/VoiceAgentAssistant/actions/assistant/updateVocabulary.operation';
import { editEach, ok, refused } from '../../../helpers/editEach';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,14}[A-Za-z.]$/);

test('any words up to the maximum, by commas or lines: each once, trimmed, in order', async () => {
	expect(MAX_VOCABULARY).toBe(100);
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.record({
					words: fc.uniqueArray(word, { minLength: 1, maxLength: MAX_VOCABULARY }),
					separator: fc.constantFrom(', ', '\n', ' ,\n'),
				}),
				{ minLength: 1, maxLength: 6 },
			),
			async (lists) => {
				const run = await editEach(
					'updateVocabulary',
					{ vocabulary: '={{ $json.text }}' },
					lists.map((l) => ({ text: l.words.join(l.separator) })),
				);
				expect(run.operations).toEqual(lists.map(() => 'edit_vocab'));
				expect(run.sent).toEqual(lists.map((l) => ({ vocab: l.words })));
				expect(run.out).toEqual(lists.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('101 words are refused before any request', async () => {
	const text = Array.from({ length: 101 }, (_, n) => `w${n}`).join(',');
	const run = await editEach('updateVocabulary', { vocabulary: '={{ $json.text }}' }, [{ text }]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Vocabulary: has 101 entries; at most 100 are allowed', 'Vocabulary', 0),
	]);
});
