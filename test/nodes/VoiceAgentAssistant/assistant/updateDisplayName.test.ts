/** Display Name: edit_agent_display_name with the text, trimmed; blank text or text that is not text is refused. */
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
					'updateDisplayName',
					{ displayName: '={{ $json.text }}' },
					texts.map((text) => ({ text })),
				);
				expect(run.operations).toEqual(texts.map(() => 'edit_agent_display_name'));
				expect(run.sent).toEqual(texts.map((text) => ({ agent_display_name: text.trim() })));
				expect(run.out).toEqual(texts.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('blank, or not text, is refused before any request', async () => {
	const run = await editEach('updateDisplayName', { displayName: '={{ $json.text }}' }, [
		{ text: '  ' },
		{ text: { a: 1 } },
		{ text: [1, 2] },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Display Name: is required', 'Display Name', 0),
		refused('Display Name: an object is not text', 'Display Name', 1),
		refused('Display Name: a list is not text', 'Display Name', 2),
	]);
});
