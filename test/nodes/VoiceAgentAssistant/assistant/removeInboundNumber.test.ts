/** Remove Inbound Number: remove_inbound_number with the workspace number's ID, picked or typed; anything else refused. */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

test('any number ID, from the list or typed: its number_id', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.record({ id: fc.uuid(), mode: fc.constantFrom('list', 'id') }), {
				minLength: 1,
				maxLength: 10,
			}),
			async (numbers) => {
				const run = await editEach(
					'removeInboundNumber',
					{ numberId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
					numbers,
				);
				expect(run.operations).toEqual(numbers.map(() => 'remove_inbound_number'));
				expect(run.sent).toEqual(numbers.map((n) => ({ number_id: n.id })));
				expect(run.out).toEqual(numbers.map(() => ok));
			},
		),
		{ numRuns: 3, seed: 20260101 },
	);
});

test('a phone number or nothing is refused before any request', async () => {
	const run = await editEach(
		'removeInboundNumber',
		{ numberId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		[{ id: '+14155550100' }, { id: '' }],
	);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Phone Number: "+14155550100" is not a valid ID (UUID expected)', 'Phone Number', 0),
		refused('Phone Number: is required', 'Phone Number', 1),
	]);
});
