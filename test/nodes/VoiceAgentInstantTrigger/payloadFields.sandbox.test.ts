/**
 * The event fields of 2026-08-04 (latencies, calling source, tool call logs), as the sandbox
 * sends them, reach the Webhook Trigger's call record: null before the call connects, numbers
 * after; no calling_source on recording_completed, as the reference lists its keys.
 */
import type { Sandbox } from '../../../sandbox';
import { EVENT_TYPES } from '../../helpers/events';
import { useSandbox } from '../../helpers/sandbox';
import { emitted, WebhookNode } from '../../helpers/webhook';
import { AGENT_1, callBody, type Client } from '../../sandbox/helpers';

const SECRET = 'a-long-shared-secret-0123456789';

let sb: Sandbox;
let api: Client;
useSandbox((started) => ({ sb, api } = started));

/** The bodies of every event of one call, in order (sent to a URL the sandbox never contacts). */
async function eventsOf(mobile: string) {
	await api.patch('/agent/v1', {
		operation: 'edit_event_subscriptions',
		agent_id: AGENT_1,
		event_subscriptions: [
			{ event_type: EVENT_TYPES, callback_url: 'https://hooks.example/events' },
		],
	});
	const res = await api.post('/calling/outbound/individual', callBody({ mobile_number: mobile }));
	const callId = res.body.data.call_id as string;
	sb.advance(180_000);
	await sb.flushDeliveries();
	return sb.deliveries
		.filter((d) => d.kind === 'event' && d.call_id === callId)
		.map((d) => d.body as Record<string, unknown>);
}

test('the sandbox sends them on every event: null until connected, then the call’s figures', async () => {
	const bodies = await eventsOf('+14155552000');
	expect(bodies.map((b) => b.event_type)).toEqual(EVENT_TYPES);
	const [started, ...after] = bodies;
	expect(started).toMatchObject({
		overall_latency_seconds: null,
		first_utterance_seconds: null,
		tool_call_logs: [],
		calling_source: 'twilio',
	});
	const overall = after[0].overall_latency_seconds as number;
	const first = after[0].first_utterance_seconds as number;
	expect(overall).toBeGreaterThan(0);
	expect(first).toBeGreaterThan(0);
	for (const body of after) {
		expect(body).toMatchObject({
			overall_latency_seconds: overall,
			first_utterance_seconds: first,
			tool_call_logs: [],
		});
		if (body.event_type === 'recording_completed')
			expect(body).not.toHaveProperty('calling_source');
		else expect(body.calling_source).toBe('twilio');
	}
});

test('a call that never connects: latencies stay null', async () => {
	// The sandbox's "66" numbers fail.
	const bodies = await eventsOf('+14155552066');
	const completed = bodies.filter((b) => b.event_type === 'call_completed');
	expect(completed.length).toBeGreaterThan(0);
	for (const body of completed)
		expect(body).toMatchObject({
			overall_latency_seconds: null,
			first_utterance_seconds: null,
			tool_call_logs: [],
		});
});

test('the Webhook Trigger puts them in the call record of each event', async () => {
	const bodies = await eventsOf('+14155552000');
	const node = new WebhookNode('voiceAgentInstantTrigger', {
		secret: SECRET,
		registerOnAssistant: false,
		events: EVENT_TYPES,
	});
	node.credentials = { apiKey: sb.apiKey, baseUrl: sb.url };
	const headers = { 'x-voice-agent-secret': SECRET, 'content-type': 'application/json' };
	const records = [];
	for (const body of bodies) {
		const { result } = await node.request({ body, headers });
		records.push(...emitted(result));
	}
	const fields = records.map((r) => [
		r.event_type,
		r.overall_latency_seconds,
		r.first_utterance_seconds,
		r.calling_source,
		r.tool_call_logs,
	]);
	const overall = bodies[1].overall_latency_seconds;
	const first = bodies[1].first_utterance_seconds;
	expect(fields).toEqual([
		['call_started', null, null, 'twilio', []],
		['call_completed', overall, first, 'twilio', []],
		['recording_completed', overall, first, null, []],
		['platform_analysis_completed', overall, first, 'twilio', []],
		['client_analysis_completed', overall, first, 'twilio', []],
		['all_processing_completed', overall, first, 'twilio', []],
	]);
});
