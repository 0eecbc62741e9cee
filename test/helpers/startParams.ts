/**
 * Call › Start groups its settings by what the user decides: Dry Run and Default Country
 * Code are main fields, the pace of a batch is "Pace", the wait's settings are "Wait
 * Options", and the status callback sits with the assistant's per-call settings ("Call
 * Settings", stored as callConfig). Tests name a setting by its field name; this puts each
 * where the node stores it, so a test reads as the setting it is about.
 */
const PLACE: Record<string, 'main' | 'pace' | 'waitOptions' | 'callConfig'> = {
	dryRun: 'main',
	defaultCountryCode: 'main',
	callsPerMinute: 'pace',
	maxConcurrent: 'pace',
	maxWaitSeconds: 'waitOptions',
	pollIntervalSeconds: 'waitOptions',
	includeAnalysis: 'waitOptions',
	downloadRecording: 'waitOptions',
	callbackUrl: 'callConfig',
	callbackHeaders: 'callConfig',
};

/** Start's parameters for the given settings, merged into `base` (its callConfig too). */
export function startSettings(
	settings: Record<string, unknown>,
	base: Record<string, unknown> = {},
): Record<string, unknown> {
	const out: Record<string, unknown> = { ...base };
	for (const [name, value] of Object.entries(settings)) {
		const place = PLACE[name];
		if (place === undefined) throw new Error(`startSettings: unknown setting ${name}`);
		if (place === 'main') {
			out[name] = value;
		} else {
			out[place] = { ...((out[place] as object | undefined) ?? {}), [name]: value };
		}
	}
	return out;
}
