/**
 * Update Query Phrases: edit_query_phrases with the phrases one a line (commas kept inside a
 * phrase) and, when given, the probability of saying one, from 0 to 1.
 */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

const phrase = fc
	.string({ minLength: 1, maxLength: 30 })
	.filter((p) => !/[\r\n]/.test(p) && p.trim() !== '');

test('any phrases, with or without a probability', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.record(
					{
						phrases: fc.uniqueArray(phrase, {
							minLength: 1,
							maxLength: 4,
							selector: (p) => p.trim(),
						}),
						probability: fc.integer({ min: 0, max: 100 }).map((p) => p / 100),
					},
					{ requiredKeys: ['phrases'] },
				),
				{ minLength: 1, maxLength: 8 },
			),
			async (settings) => {
				const run = await editEach(
					'updateQueryPhrases',
					{
						phrases: '={{ $json.phrases.join("\\n") }}',
						phraseOptions: { probability: '={{ $json.probability }}' },
					},
					settings,
				);
				expect(run.operations).toEqual(settings.map(() => 'edit_query_phrases'));
				expect(run.sent).toEqual(
					settings.map((s) => ({
						pre_query_response_phrases: s.phrases.map((p) => p.trim()),
						...(s.probability === undefined ? {} : { pre_query_phrase_probability: s.probability }),
					})),
				);
				expect(run.out).toEqual(settings.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('a probability outside 0 to 1, or no phrase, is refused before any request', async () => {
	const run = await editEach(
		'updateQueryPhrases',
		{ phrases: '={{ $json.phrases }}', phraseOptions: { probability: '={{ $json.p }}' } },
		[
			{ phrases: 'One moment, please.', p: 1.5 },
			{ phrases: 'One moment, please.', p: -0.1 },
			{ phrases: '', p: 0.5 },
		],
	);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Options › Probability: 1.5 is not a number from 0 to 1', 'Options › Probability', 0),
		refused('Options › Probability: -0.1 is not a number from 0 to 1', 'Options › Probability', 1),
		refused(
			'Phrases: is required (to clear the list on purpose, use an empty JSON array: [])',
			'Phrases',
			2,
		),
	]);
});
