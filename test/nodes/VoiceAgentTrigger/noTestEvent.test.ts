/** What an empty Fetch Test Event says, for each filter that can make it empty. */
import { noTestEventMessage } from '../../../nodes/VoiceAgentTrigger/noTestEvent';

const LEAD =
	'Fetch Test Event shows the newest ended call the filters let through; make a call, or widen the filters.';

test('no filter: nothing at all; the lead only', () => {
	expect(noTestEventMessage({ outcomes: [], classification: '', assistant: false })).toEqual({
		message: 'No ended call at all in the call history',
		description: LEAD,
	});
});

test('the assistant, the Outcomes and the classification are each named', () => {
	const out = noTestEventMessage({
		outcomes: ['answered'],
		classification: ' Hot ',
		assistant: true,
	});
	expect(out.message).toBe(
		'No ended call of the chosen assistant, with the Outcomes chosen (answered), classified "Hot" in the call history',
	);
	expect(out.description).toBe(
		`${LEAD} A call whose analysis is not ready yet has no classification.`,
	);
});

test('No Answer or Busy without Not Reached: the history reports them as Failed, said once', () => {
	for (const outcomes of [['no_answer'], ['busy'], ['busy', 'no_answer']]) {
		expect(
			noTestEventMessage({ outcomes, classification: '', assistant: false }).description,
		).toContain('as Failed (it has no busy): choose Not Reached');
	}
	expect(
		noTestEventMessage({ outcomes: ['not_reached', 'busy'], classification: '', assistant: false })
			.description,
	).toBe(LEAD);
});
