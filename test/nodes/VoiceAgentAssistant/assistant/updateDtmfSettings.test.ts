/**
 * Update DTMF Settings: edit_dtmf_settings with every key the callee may press (0-9, * or #),
 * End and Reset different; any other key refused before a request.
 */
import fc from 'fast-check';

import { editEach, ok, refused } from '../../../helpers/editEach';

const KEYS = [...'0123456789*#'];
const parameters = {
	dtmfCapturingEnabled: '={{ $json.on }}',
	dtmfDigits: '={{ $json.digits }}',
	dtmfEnd: '={{ $json.end }}',
	dtmfReset: '={{ $json.reset }}',
	dtmfTimeout: '={{ $json.timeout }}',
};

test('any settings with two different keys: exactly what is sent', async () => {
	const setting = fc
		.record({
			on: fc.boolean(),
			digits: fc.integer({ min: 1, max: 20 }),
			end: fc.constantFrom(...KEYS),
			reset: fc.constantFrom(...KEYS),
			timeout: fc.integer({ min: 0, max: 300 }).map((t) => t / 10),
		})
		.filter((s) => s.end !== s.reset);
	await fc.assert(
		fc.asyncProperty(fc.array(setting, { minLength: 1, maxLength: 15 }), async (settings) => {
			const run = await editEach('updateDtmfSettings', parameters, settings);
			expect(run.operations).toEqual(settings.map(() => 'edit_dtmf_settings'));
			expect(run.sent).toEqual(
				settings.map((s) => ({
					dtmf_settings: {
						dtmf_capturing_enabled: s.on,
						dtmf_input: { digits: s.digits, end: s.end, reset: s.reset, timeout: s.timeout },
					},
				})),
			);
			expect(run.out).toEqual(settings.map(() => ok));
		}),
		{ numRuns: 4, seed: 20260101 },
	);
});

test('a key written with spaces is the key; two keys, no key, a letter or equal keys are refused', async () => {
	const base = { on: true, digits: 4, timeout: 5 };
	const run = await editEach('updateDtmfSettings', parameters, [
		{ ...base, end: ' # ', reset: '*' },
		{ ...base, end: '##', reset: '*' },
		{ ...base, end: '#', reset: '' },
		{ ...base, end: 'a', reset: '*' },
		{ ...base, end: '5', reset: '5' },
		{ ...base, end: '#', reset: '*', digits: 0 },
	]);
	expect(run.sent).toEqual([
		{
			dtmf_settings: {
				dtmf_capturing_enabled: true,
				dtmf_input: { digits: 4, end: '#', reset: '*', timeout: 5 },
			},
		},
	]);
	expect(run.out).toEqual([
		ok,
		refused('End Key: "##" must be one key: 0-9, * or #', 'End Key', 1),
		refused('Reset Key: "" must be one key: 0-9, * or #', 'Reset Key', 2),
		refused('End Key: "a" must be one key: 0-9, * or #', 'End Key', 3),
		refused('Reset Key: must differ from the End Key ("5")', 'Reset Key', 4),
		refused('Digits: 0 is not a whole number of at least 1', 'Digits', 5),
	]);
});
