import { AGENT, CALL } from './fixtures';

/** The record's fields read from a call's analysis, in the record's order: none known. */
export const NO_ANALYSIS = {
	summary: null,
	classification: null,
	key_points: null,
	action_items: null,
	callback_requested: null,
	callback_at: null,
	callback_requested_time: null,
	disconnect_reason: null,
};

/**
 * The call record every node outputs, written out for exact assertions: every key unknown
 * (null) unless the test says otherwise. Written here, not taken from the normaliser, so a
 * test fails when the normaliser changes what it outputs.
 */
export function record(fields: Record<string, unknown> = {}): Record<string, unknown> {
	const { assistant, ...rest } = fields;
	return {
		call_id: null,
		status: null,
		sub_status: null,
		// No status: not known to be final.
		outcome: 'pending',
		outcome_detail: null,
		direction: null,
		assistant: {
			id: null,
			name: null,
			version_id: null,
			version_slug: null,
			...(assistant as Record<string, unknown> | undefined),
		},
		from_number: null,
		to_number: null,
		callee_name: null,
		created_at: null,
		started_at: null,
		ended_at: null,
		duration_seconds: null,
		cost: null,
		voicemail_detected: null,
		overall_latency_seconds: null,
		first_utterance_seconds: null,
		calling_source: null,
		recording_url: null,
		transcript_turns: [],
		transcript_text: '',
		...NO_ANALYSIS,
		platform_analysis: null,
		client_analysis: null,
		tool_call_logs: null,
		custom_variables: null,
		...rest,
	};
}

/** GET /calling/call-details's data for CALL: the fixtures' assistant called Ada, completed. */
export const callDetails = (extra: Record<string, unknown> = {}) => ({
	id: CALL,
	call_direction: 'outbound',
	call_status: 'completed',
	call_sub_status: 'ACCEPTED',
	from_number: '+14155550000',
	to_number: '+14155550100',
	callee_name: 'Ada',
	agent_id: AGENT,
	initiation_time: '2026-11-25T12:00:00Z',
	...extra,
});

/** The record's fields for that call: who called whom, and when. */
export const CALLED_ADA = {
	direction: 'outbound',
	assistant: { id: AGENT },
	from_number: '+14155550000',
	to_number: '+14155550100',
	callee_name: 'Ada',
	created_at: '2026-11-25T12:00:00Z',
};

/** The record's fields read from callDetails(): that call, answered. */
export const ADA_ANSWERED = {
	call_id: CALL,
	status: 'completed',
	sub_status: 'ACCEPTED',
	outcome: 'answered',
	...CALLED_ADA,
};
