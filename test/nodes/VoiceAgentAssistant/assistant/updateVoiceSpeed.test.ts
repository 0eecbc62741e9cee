/** Update Voice Speed: edit_voice_speed with any number greater than 0. */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

test('any speed greater than 0 is sent as it is', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.integer({ min: 1, max: 400 }).map((n) => n / 100),
				{ minLength: 1, maxLength: 10 },
			),
			async (speeds) => {
				const run = await editEach(
					'updateVoiceSpeed',
					{ voiceSpeed: '={{ $json.speed }}' },
					speeds.map((speed) => ({ speed })),
				);
				expect(run.operations).toEqual(speeds.map(() => 'edit_voice_speed'));
				expect(run.sent).toEqual(speeds.map((speed) => ({ voice_speed: speed })));
				expect(run.out).toEqual(speeds.map(() => ok));
			},
		),
		{ numRuns: 3, seed: 20260101 },
	);
});

test('0, a negative speed or text is refused before any request', async () => {
	const run = await editEach('updateVoiceSpeed', { voiceSpeed: '={{ $json.speed }}' }, [
		{ speed: 0 },
		{ speed: -1 },
		{ speed: 'fast' },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Voice Speed: 0 is not a number greater than 0', 'Voice Speed', 0),
		refused('Voice Speed: -1 is not a number greater than 0', 'Voice Speed', 1),
		refused('Voice Speed: "fast" is not a number', 'Voice Speed', 2),
	]);
});
