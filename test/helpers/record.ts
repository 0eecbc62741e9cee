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
		summary: null,
		classification: null,
		key_points: null,
		action_items: null,
		callback_requested: null,
		callback_at: null,
		callback_requested_time: null,
		disconnect_reason: null,
		platform_analysis: null,
		client_analysis: null,
		tool_call_logs: null,
		custom_variables: null,
		...rest,
	};
}
