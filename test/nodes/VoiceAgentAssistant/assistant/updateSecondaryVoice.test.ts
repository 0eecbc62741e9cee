/** Update Secondary Voice: edit_secondary_voice with the voice's ID; the language is not sent. */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

test('any voice ID: secondary_voice_id alone, whatever the language filter', async () => {
	await fc.assert(
		fc.asyncProperty(fc.array(fc.uuid(), { minLength: 1, maxLength: 10 }), async (voices) => {
			const run = await editEach(
				'updateSecondaryVoice',
				{
					voiceLanguage: 'hi-IN',
					secondaryVoiceId: { __rl: true, mode: 'id', value: '={{ $json.voice }}' },
				},
				voices.map((voice) => ({ voice })),
			);
			expect(run.operations).toEqual(voices.map(() => 'edit_secondary_voice'));
			expect(run.sent).toEqual(voices.map((voice) => ({ secondary_voice_id: voice })));
			expect(run.out).toEqual(voices.map(() => ok));
		}),
		{ numRuns: 3, seed: 20260101 },
	);
});

test('a voice name is refused before any request', async () => {
	const run = await editEach(
		'updateSecondaryVoice',
		{ secondaryVoiceId: { __rl: true, mode: 'id', value: 'alloy' } },
		[{}],
	);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Secondary Voice: "alloy" is not a valid ID (UUID expected)', 'Secondary Voice', 0),
	]);
});
