/**
 * Update VAD Settings: edit_vad_settings with the sensitivity, the override switch and the
 * four numbers, each within its bounds.
 */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

const parameters = {
	interruptionSensitivity: '={{ $json.sensitivity }}',
	vadOverride: '={{ $json.override }}',
	vadConfidence: '={{ $json.confidence }}',
	vadStartSecs: '={{ $json.start }}',
	vadStopSecs: '={{ $json.stop }}',
	vadMinVolume: '={{ $json.volume }}',
};
const fraction = fc.integer({ min: 0, max: 100 }).map((n) => n / 100);
const seconds = fc.integer({ min: 0, max: 500 }).map((n) => n / 100);

test('any settings within bounds: exactly what is sent', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.record({
					sensitivity: fc.constantFrom('default', 'sensitive', 'strict'),
					override: fc.boolean(),
					confidence: fraction,
					start: seconds,
					stop: seconds,
					volume: fraction,
				}),
				{ minLength: 1, maxLength: 10 },
			),
			async (settings) => {
				const run = await editEach('updateVadSettings', parameters, settings);
				expect(run.operations).toEqual(settings.map(() => 'edit_vad_settings'));
				expect(run.sent).toEqual(
					settings.map((s) => ({
						vad_settings: {
							vad_override: s.override,
							interruption_sensitivity: s.sensitivity,
							vad_input: {
								confidence: s.confidence,
								start_secs: s.start,
								stop_secs: s.stop,
								min_volume: s.volume,
							},
						},
					})),
				);
				expect(run.out).toEqual(settings.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('a number out of bounds, or another sensitivity, is refused before any request', async () => {
	const fine = {
		sensitivity: 'default',
		override: true,
		confidence: 0.7,
		start: 0.2,
		stop: 0.8,
		volume: 0.6,
	};
	const run = await editEach('updateVadSettings', parameters, [
		{ ...fine, confidence: 1.01 },
		{ ...fine, volume: -0.5 },
		{ ...fine, stop: -1 },
		{ ...fine, sensitivity: 'loud' },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Confidence: 1.01 is not a number from 0 to 1', 'Confidence', 0),
		refused('Minimum Volume: -0.5 is not a number from 0 to 1', 'Minimum Volume', 1),
		refused('Stop (Seconds): -1 is not a number', 'Stop (Seconds)', 2),
		refused(
			'Interruption Sensitivity: "loud" is not one of "default", "sensitive", "strict"',
			'Interruption Sensitivity',
			3,
		),
	]);
});
