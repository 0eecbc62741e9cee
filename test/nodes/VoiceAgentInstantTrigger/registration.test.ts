/**
 * Register on Assistant: activation adds the trigger's subscription (its secret in a header)
 * to the assistant's event subscriptions, keeping every other entry as stored; deactivation
 * removes only its own. Moved from the node's test, where it ran through the same hooks.
 */
import nock from 'nock';

import { mockApi } from '../../helpers/harness';
import { WebhookNode } from '../../helpers/webhook';
import { AGENT } from '../../helpers/fixtures';

const SECRET = 'a-long-shared-secret-0123456789';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
	const pending = nock.pendingMocks();
	nock.cleanAll();
	expect(pending).toEqual([]);
});

const trigger = (parameters: Record<string, unknown> = {}) =>
	new WebhookNode('voiceAgentInstantTrigger', { secret: SECRET, ...parameters });

describe('registration on the assistant', () => {
	const registering = () =>
		trigger({
			registerOnAssistant: true,
			assistant: { __rl: true, mode: 'id', value: AGENT },
			events: ['all_processing_completed', 'call_completed'],
		});
	const V1 = 'aaaaaaaa-0000-4000-8000-000000000001';
	const V2 = 'aaaaaaaa-0000-4000-8000-000000000002';
	// Another integration's entry, as read back: its secret masked by the service.
	const foreignMasked = {
		event_type: 'call_completed',
		callback_url: 'https://crm.example/hook',
		headers: { Authorization: 'Bear***' },
		method_type: 'POST',
	};
	const foreignPlain = {
		event_type: ['call_started', 'recording_completed'],
		callback_url: 'https://bi.example/in',
		headers: { 'X-Team': 'sales' },
		method_type: 'PUT',
	};
	/** The write of V1's subscriptions with only the other integration's entry left. */
	const keepsOnlyForeign = () =>
		mockApi()
			.patch('/agent/v1', {
				operation: 'edit_event_subscriptions',
				agent_id: AGENT,
				version_id: V1,
				event_subscriptions: [foreignPlain],
			})
			.reply(200, { message: 'Agent updated successfully!', agent_id: AGENT });

	/** GET /agent/{id}, live: one active version, or an A/B test over two. */
	const versioned = (lists: Record<string, unknown[]>, traffic?: Record<string, number>) => ({
		agents: {
			id: AGENT,
			orchestration_mode: 'single_node',
			is_ab_live: Boolean(traffic),
			active_agent_version_id: traffic ? null : Object.keys(lists)[0],
			ab_versions: Object.fromEntries(
				Object.keys(lists).map((id) => [id, { slug: id, call_traffic: traffic?.[id] ?? 100 }]),
			),
			version_details: Object.fromEntries(
				Object.entries(lists).map(([id, list]) => [
					id,
					{ version_id: id, event_subscriptions: list },
				]),
			),
		},
	});
	const flat = (list: unknown[]) => ({ agents: { id: AGENT, event_subscriptions: list } });

	test('off (the default): activation touches no assistant, and needs no API', async () => {
		const node = trigger();
		expect(await node.hook('checkExists')).toBe(true);
		expect(await node.hook('delete')).toBe(true);
	});

	test('live shape: adds its entry (secret in a header) to the active version, keeps the others as stored; deactivation removes only its own', async () => {
		const node = registering();
		const url = node.url;
		const ours = {
			event_type: ['all_processing_completed', 'call_completed'],
			callback_url: url,
			headers: { 'x-voice-agent-secret': SECRET },
			method_type: 'POST',
		};
		// Nothing recorded yet: not registered, without asking.
		expect(await node.hook('checkExists')).toBe(false);

		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, versioned({ [V1]: [foreignPlain] }));
		mockApi()
			.patch('/agent/v1', {
				operation: 'edit_event_subscriptions',
				agent_id: AGENT,
				version_id: V1,
				event_subscriptions: [foreignPlain, ours],
			})
			.reply(200, { message: 'Agent updated successfully!', agent_id: AGENT });
		expect(await node.hook('create')).toBe(true);
		expect(node.staticData.registration).toEqual({
			agentId: AGENT,
			url,
			types: ['all_processing_completed', 'call_completed'],
			versions: [V1],
			secretHash: expect.stringMatching(/^[0-9a-f]{8}$/),
		});
		expect(JSON.stringify(node.staticData)).not.toContain(SECRET);

		// Read back, our own secret is masked too: the entry is known by its URL.
		const stored = { ...ours, headers: { 'x-voice-agent-secret': 'a-lo***' } };
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, versioned({ [V1]: [foreignPlain, stored] }));
		expect(await node.hook('checkExists')).toBe(true);

		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, versioned({ [V1]: [foreignPlain, stored] }));
		keepsOnlyForeign();
		expect(await node.hook('delete')).toBe(true);
		expect(node.staticData.registration).toBeUndefined();
	});

	test('deactivation also removes the entry at its current URL when the record names an older one', async () => {
		const node = registering();
		// The record as an older copy of the static data left it (n8n saves it whole).
		node.staticData.registration = {
			agentId: AGENT,
			url: 'https://old.example/webhook/x',
			types: ['call_completed'],
			versions: [V1],
			secretHash: '00000000',
		};
		const current = { ...foreignPlain, callback_url: node.url, method_type: 'POST' };
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, versioned({ [V1]: [foreignPlain, current] }));
		const write = keepsOnlyForeign();
		expect(await node.hook('delete')).toBe(true);
		write.done();
		expect(node.staticData.registration).toBeUndefined();
	});

	test('an A/B test: the entry goes to every version that takes calls', async () => {
		const node = registering();
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, versioned({ [V1]: [], [V2]: [foreignPlain] }, { [V1]: 50, [V2]: 50 }));
		for (const [version, list] of [
			[V1, []],
			[V2, [foreignPlain]],
		] as const) {
			mockApi()
				.patch('/agent/v1', (body) => body.version_id === version)
				.reply(200, (_uri, body: any) => {
					expect(body.event_subscriptions).toEqual([
						...list,
						expect.objectContaining({ callback_url: node.url }),
					]);
					return { message: 'ok', agent_id: AGENT };
				});
		}
		expect(await node.hook('create')).toBe(true);
		expect(node.staticData.registration).toMatchObject({ versions: [V1, V2] });
	});

	test('flat (reference) shape: the list at the root, written without version_id', async () => {
		const node = registering();
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, flat([foreignPlain]));
		mockApi()
			.patch('/agent/v1', {
				operation: 'edit_event_subscriptions',
				agent_id: AGENT,
				event_subscriptions: [
					foreignPlain,
					{
						event_type: ['all_processing_completed', 'call_completed'],
						callback_url: node.url,
						headers: { 'x-voice-agent-secret': SECRET },
						method_type: 'POST',
					},
				],
			})
			.reply(200, { message: 'ok', agent_id: AGENT });
		expect(await node.hook('create')).toBe(true);
		expect(node.staticData.registration).toMatchObject({ versions: [null] });
	});

	test('another entry with a masked secret: nothing is written, activation says what to set by hand', async () => {
		const node = registering();
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, versioned({ [V1]: [foreignMasked] }));
		const failure = node.hook('create');
		await expect(failure).rejects.toThrow(
			'Register on Assistant: not activated, to keep another subscription of this assistant intact',
		);
		const error = (await failure.catch((e: unknown) => e)) as { description?: string };
		expect(error.description).toContain('https://crm.example/hook (headers.Authorization)');
		expect(error.description).toContain(
			`URL ${node.url}, events all_processing_completed, call_completed`,
		);
		expect(error.description).toContain('header x-voice-agent-secret');
		expect(node.staticData.registration).toBeUndefined();
	});

	test('an entry registered with the secret in its URL (earlier versions) is taken as ours and replaced', async () => {
		const node = registering();
		const old = {
			event_type: 'call_completed',
			callback_url: `${node.url}?secret=${SECRET}`,
			headers: {},
		};
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, flat([old]));
		mockApi()
			.patch(
				'/agent/v1',
				(body) =>
					body.event_subscriptions.length === 1 &&
					body.event_subscriptions[0].callback_url === node.url,
			)
			.reply(200, { message: 'ok', agent_id: AGENT });
		expect(await node.hook('create')).toBe(true);
	});
});
