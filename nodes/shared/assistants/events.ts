/**
 * The service's event types, once, with one wording: the Webhook Trigger's Events and the
 * Assistant's Update Event Subscriptions list them with these names; the nodes panel lists
 * each as an action ("On call ended and processed"), the canvas subtitle shows the name.
 */
export const EVENT_TYPES = [
	'all_processing_completed',
	'call_started',
	'call_completed',
	'recording_completed',
	'platform_analysis_completed',
	'client_analysis_completed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_OPTIONS: Array<{
	name: string;
	value: EventType;
	action: string;
	description: string;
}> = [
	{
		name: 'Call Ended and Processed',
		value: 'all_processing_completed',
		action: 'On call ended and processed',
		description:
			'Once per call, after the recording and both analyses are ready (also for failed calls)',
	},
	{
		name: 'Call Started',
		value: 'call_started',
		action: 'On call started',
		description: 'An attempt of a call starts (one per attempt)',
	},
	{
		name: 'Call Attempt Ended',
		value: 'call_completed',
		action: 'On call attempt ended',
		description:
			'Every attempt that ends: completed, failed, error, cancelled, or retry scheduled (status "retry" is not the end of the call)',
	},
	{
		name: 'Recording Ready',
		value: 'recording_completed',
		action: 'On recording ready',
		description: 'The recording URL of a completed call',
	},
	{
		name: 'Platform Analysis Ready',
		value: 'platform_analysis_completed',
		action: 'On platform analysis ready',
		description:
			"The service's analysis of a call (summary, classification, key points, action items, callback request), also for failed calls",
	},
	{
		name: 'Client Analysis Ready',
		value: 'client_analysis_completed',
		action: 'On client analysis ready',
		description: "The assistant's own analysis fields of a completed call",
	},
];
