/**
 * What the tests of event deliveries share: the service's six event types, and the fields a
 * delivery of the fixtures' assistant carries about it.
 */
import { AGENT } from './fixtures';

/** Every event type the service delivers, in the order of a call's life. */
export const EVENT_TYPES = [
	'call_started',
	'call_completed',
	'recording_completed',
	'platform_analysis_completed',
	'client_analysis_completed',
	'all_processing_completed',
];

/** A delivery's fields naming the fixtures' assistant (Maya, version v1) and no campaign. */
export const MAYA = {
	agent_id: AGENT,
	workspace_id: 'w1',
	agent_name: 'Maya',
	version_id: 'v1',
	version_slug: 'v1',
	custom_args_values: {},
	bulk_list_id: null,
};

/** A failed call's analysis when the service serves it "minimal" (FACTS), not empty. */
export const MINIMAL_ANALYSIS = {
	key_points: [],
	action_items: [],
	summary: '',
	classification: null,
	callback_requested: false,
	callback_requested_time: null,
	status: 'analyzed',
	timezone: 'Asia/Kolkata',
};
