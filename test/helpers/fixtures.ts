/**
 * IDs and values the node tests share (nock answers with them; none is in the sandbox's seed,
 * whose IDs are in test/sandbox/helpers.ts). One definition, so a test file says only what it
 * changes.
 */

/** The assistant every node test starts calls with and edits. */
export const AGENT = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/** The call the read, recording and wait tests ask about. */
export const CALL = '7d0f6a3e-2b1c-4d5e-8f90-123456789abc';

/** A resource locator value as n8n stores it: By ID unless another mode is named. */
export const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

/** The voice the assistant edits pick. */
export const VOICE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/** Update VAD Settings' fields as the edit tests set them, and the vad_settings that sends. */
export const VAD_FIELDS = {
	vadOverride: true,
	interruptionSensitivity: 'strict',
	vadConfidence: 0.8,
	vadStartSecs: 0.3,
	vadStopSecs: 1,
	vadMinVolume: 0.5,
};
export const VAD_SETTINGS = {
	vad_override: true,
	interruption_sensitivity: 'strict',
	vad_input: { confidence: 0.8, start_secs: 0.3, stop_secs: 1, min_volume: 0.5 },
};

/** What Continue On Fail outputs for input item `item` when the service answers 401. */
export const unauthorizedItem = (item: number) => ({
	json: {
		error: 'Invalid credentials',
		description:
			'Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.',
		httpCode: '401',
	},
	pairedItem: { item },
});
