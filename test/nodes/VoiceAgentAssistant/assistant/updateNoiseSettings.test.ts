/** Update Noise Settings: edit_noise_settings with both switches as set. */
import { editEach, ok, refused } from '../../../helpers/editEach';

const parameters = {
	muteWhileBotSpeaking: '={{ $json.speaking }}',
	muteDuringIntro: '={{ $json.intro }}',
};

test('every combination of the two switches', async () => {
	const combinations = [
		{ speaking: true, intro: true },
		{ speaking: true, intro: false },
		{ speaking: false, intro: true },
		{ speaking: false, intro: false },
	];
	const run = await editEach('updateNoiseSettings', parameters, combinations);
	expect(run.operations).toEqual(Array(4).fill('edit_noise_settings'));
	expect(run.sent).toEqual(
		combinations.map((c) => ({ mute_while_bot_speaking: c.speaking, mute_during_intro: c.intro })),
	);
	expect(run.out).toEqual(Array(4).fill(ok));
});

test('a switch that is not true or false is refused before any request', async () => {
	const run = await editEach('updateNoiseSettings', parameters, [{ speaking: true, intro: 'no' }]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Mute During Intro: "no" is not true or false', 'Mute During Intro', 0),
	]);
});
