/**
 * Update Custom Variables: edit_custom_vars with the names, each once, in order; [] clears
 * them; a name with a space, @ or braces is refused before any request.
 */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

// A few common names, so that a list often repeats one.
const name = fc.oneof(
	fc.constantFrom('plan', 'due_date', 'customer_name'),
	fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/),
);

test('any names, as a list or as text: each once, in the order first given', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.array(name, { maxLength: 6 }), { minLength: 1, maxLength: 8 }),
			fc.boolean(),
			async (lists, asText) => {
				const items = lists.map((names) => ({
					names: asText ? names.join(',\n ') || '[]' : names,
				}));
				const run = await editEach(
					'updateCustomVariables',
					{ customVariables: '={{ $json.names }}' },
					items,
				);
				expect(run.operations).toEqual(lists.map(() => 'edit_custom_vars'));
				expect(run.sent).toEqual(lists.map((names) => ({ custom_variables: [...new Set(names)] })));
				expect(run.out).toEqual(lists.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('a name written as a prompt variable, or with a space, is refused', async () => {
	const run = await editEach('updateCustomVariables', { customVariables: '={{ $json.names }}' }, [
		{ names: ['plan', '@{{due_date}}'] },
		{ names: 'first name' },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused(
			'Custom Variables: "@{{due_date}}" is not a variable name (write it without @{{ }} and without spaces)',
			'Custom Variables',
			0,
		),
		refused(
			'Custom Variables: "first name" is not a variable name (write it without @{{ }} and without spaces)',
			'Custom Variables',
			1,
		),
	]);
});
