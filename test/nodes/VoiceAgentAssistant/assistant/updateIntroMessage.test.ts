/** Intro Message: edit_intro_message with the text, trimmed; blank text or text that is not text is refused. */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

test('any text that is not blank: sent trimmed', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() !== ''),
				{ minLength: 1, maxLength: 10 },
			),
			async (texts) => {
				const run = await editEach(
					'updateIntroMessage',
					{ introMessage: '={{ $json.text }}' },
					texts.map((text) => ({ text })),
				);
				expect(run.operations).toEqual(texts.map(() => 'edit_intro_message'));
				expect(run.sent).toEqual(texts.map((text) => ({ intro_message: text.trim() })));
				expect(run.out).toEqual(texts.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('blank, or not text, is refused before any request', async () => {
	const run = await editEach('updateIntroMessage', { introMessage: '={{ $json.text }}' }, [
		{ text: '  ' },
		{ text: { a: 1 } },
		{ text: [1, 2] },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Intro Message: is required', 'Intro Message', 0),
		refused('Intro Message: an object is not text', 'Intro Message', 1),
		refused('Intro Message: a list is not text', 'Intro Message', 2),
	]);
});
