/**
 * Register on Assistant against the sandbox, which keeps subscriptions as the live service
 * does (one list per version, replaced whole, secret-looking headers masked on read): another
 * integration's subscriptions survive activate -> deactivate -> activate, in both shapes, and
 * the deliveries the sandbox makes for a call start the workflow once per event.
 */
import type { Sandbox } from '../../../sandbox';
import { MINIMAL_ANALYSIS } from '../../helpers/events';
import { useSandbox } from '../../helpers/sandbox';
import { emitted, WebhookNode } from '../../helpers/webhook';
import { AGENT_1, callBody, type Client } from '../../sandbox/helpers';

const SECRET = 'a-long-shared-secret-0123456789';
const plainForeign = {
	event_type: ['call_started', 'recording_completed'],
	callback_url: 'https://bi.example/in',
	headers: { 'X-Team': 'sales' },
	method_type: 'PUT',
};
const authForeign = {
	event_type: 'call_completed',
	callback_url: 'https://crm.example/hook',
	headers: { Authorization: 'Bearer crm-token-123' },
	method_type: 'POST',
};

let sb: Sandbox;
let api: Client;
const sandbox = useSandbox((started) => ({ sb, api } = started));

function trigger(events = ['all_processing_completed', 'call_completed']) {
	const node = new WebhookNode('voiceAgentInstantTrigger', {
		secret: SECRET,
		registerOnAssistant: true,
		assistant: { __rl: true, mode: 'id', value: AGENT_1 },
		events,
	});
	node.credentials = { apiKey: sb.apiKey, baseUrl: sb.url };
	return node;
}

/** The list as stored (unmasked): what the service really holds. */
const stored = () => sb.store.agents.get(AGENT_1).versions[0].event_subscriptions;
const setList = (list: unknown[]) =>
	api.patch('/agent/v1', {
		operation: 'edit_event_subscriptions',
		agent_id: AGENT_1,
		event_subscriptions: list,
	});

describe.each(['live', 'docs'] as const)('%s shape', (shape) => {
	beforeEach(() => sb.setShape(shape));

	test('a foreign subscription without masked values survives activate -> deactivate -> activate', async () => {
		await setList([plainForeign]);
		const node = trigger();
		const ours = {
			event_type: ['all_processing_completed', 'call_completed'],
			callback_url: node.url,
			headers: { 'x-voice-agent-secret': SECRET },
			method_type: 'POST',
		};
		expect(await node.hook('create')).toBe(true);
		expect(stored()).toEqual([plainForeign, ours]);
		expect(await node.hook('checkExists')).toBe(true);
		expect(await node.hook('delete')).toBe(true);
		expect(stored()).toEqual([plainForeign]);
		expect(await node.hook('checkExists')).toBe(false);
		expect(await node.hook('create')).toBe(true);
		expect(stored()).toEqual([plainForeign, ours]);
	});

	test('a foreign subscription with an Authorization header: activation refuses, and nothing is lost, every time', async () => {
		await setList([plainForeign, authForeign]);
		const node = trigger();
		await expect(node.hook('create')).rejects.toThrow(
			/not activated, to keep another subscription/,
		);
		expect(stored()).toEqual([plainForeign, authForeign]);
		expect(await node.hook('delete')).toBe(true);
		expect(stored()).toEqual([plainForeign, authForeign]);
		await expect(node.hook('create')).rejects.toThrow(/not activated/);
		expect(stored()).toEqual([plainForeign, authForeign]);
		// Set by hand as the message says, then activated without registering: nothing changes.
	});
});

test('after registering, the subscription carries the secret header, and each event the sandbox makes starts the workflow once', async () => {
	const node = trigger(['call_completed', 'all_processing_completed', 'recording_completed']);
	expect(await node.hook('create')).toBe(true);
	// The trigger's URL is on loopback: the sandbox must not post to whatever listens there.
	sb.setDeliveryFaults([{ action: 'drop' }]);
	const headers = { ...stored()[0].headers, 'content-type': 'application/json' };
	expect(headers['x-voice-agent-secret']).toBe(SECRET);
	const res = await api.post('/calling/outbound/individual', callBody());
	const callId = res.body.data.call_id as string;
	sb.advance(180_000);
	await sb.flushDeliveries();
	const ours = sb.deliveries.filter((d) => d.kind === 'event' && d.call_id === callId);
	expect(ours.map((d) => d.event_type)).toEqual([
		'call_completed',
		'recording_completed',
		'all_processing_completed',
	]);
	const starts: string[] = [];
	for (const d of ours) {
		// The service retries a delivery it did not see answered 200: the copy starts nothing.
		for (let copy = 0; copy < 2; copy++) {
			const { result, res: answer } = await node.request({ body: d.body, headers });
			expect(answer.statusCode).toBe(200);
			starts.push(...emitted(result).map((i) => `${i.event_type}:${i.status ?? '-'}`));
		}
	}
	expect(starts).toEqual([
		'call_completed:completed',
		'recording_completed:-',
		'all_processing_completed:completed',
	]);
});

test.each(['empty', 'minimal'] as const)(
	"a failed call's analysis events start the workflow once each, as that call's outcome (%s analysis)",
	async (variant) => {
		await sandbox.restart({ failedAnalysis: variant });
		const node = trigger([
			'call_completed',
			'platform_analysis_completed',
			'client_analysis_completed',
			'all_processing_completed',
		]);
		expect(await node.hook('create')).toBe(true);
		sb.setDeliveryFaults([{ action: 'drop' }]);
		const headers = { ...stored()[0].headers, 'content-type': 'application/json' };
		const res = await api.post(
			'/calling/outbound/individual',
			callBody({ mobile_number: '+14155552014' }),
		);
		const callId = res.body.data.call_id as string;
		sb.advance(180_000);
		await sb.flushDeliveries();
		const ours = sb.deliveries.filter((d) => d.kind === 'event' && d.call_id === callId);
		const items: Array<Record<string, unknown>> = [];
		for (const d of ours) {
			for (let copy = 0; copy < 2; copy++) {
				const { result, res: answer } = await node.request({ body: d.body, headers });
				expect(answer.statusCode).toBe(200);
				items.push(...emitted(result));
			}
		}
		// The retried copy starts nothing; every event reads as the busy call it reports.
		const minimal = variant === 'minimal';
		const platform = minimal ? MINIMAL_ANALYSIS : {};
		const read = { summary: null, classification: null, disconnect_reason: null };
		const analysed = { ...read, key_points: minimal ? [] : null };
		const empty = { ...read, key_points: null, callback_requested: null };
		const pick = (i: Record<string, unknown>) => ({
			event_type: i.event_type,
			status: i.status,
			sub_status: i.sub_status,
			outcome: i.outcome,
			summary: i.summary,
			classification: i.classification,
			key_points: i.key_points,
			callback_requested: i.callback_requested,
			disconnect_reason: i.disconnect_reason,
			platform_analysis: i.platform_analysis,
			client_analysis: i.client_analysis,
		});
		const busy = { status: 'failed', sub_status: 'busy line', outcome: 'busy' };
		const callback = minimal ? false : null;
		expect(items.map(pick)).toEqual([
			{
				event_type: 'call_completed',
				...busy,
				...empty,
				platform_analysis: null,
				client_analysis: null,
			},
			{
				event_type: 'platform_analysis_completed',
				...busy,
				...analysed,
				callback_requested: callback,
				platform_analysis: platform,
				client_analysis: null,
			},
			{
				event_type: 'client_analysis_completed',
				...busy,
				...empty,
				platform_analysis: null,
				client_analysis: {},
			},
			{
				event_type: 'all_processing_completed',
				...busy,
				...analysed,
				callback_requested: callback,
				platform_analysis: platform,
				client_analysis: {},
			},
		]);
	},
);
