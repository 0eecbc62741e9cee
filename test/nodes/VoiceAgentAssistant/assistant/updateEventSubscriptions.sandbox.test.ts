/**
 * Assistant › Update Event Subscriptions against the sandbox, which keeps subscriptions as the
 * live service does (one list per version, replaced whole, secret-looking values masked on
 * read): only the entry of the Callback URL changes; every other entry is kept exactly; a
 * masked one that would be written back stops the change before anything is written.
 */
import type { Sandbox } from '../../../../sandbox';
import { locator } from '../../../helpers/fixtures';
import { assistantOnSandbox, useSandbox } from '../../../helpers/sandbox';
import { AGENT_1, type Client } from '../../../sandbox/helpers';

let sb: Sandbox;
let api: Client;
useSandbox((started) => ({ sb, api } = started));

const URL_OURS = 'https://hooks.example/voice';
const foreign = {
	event_type: ['call_started'],
	callback_url: 'https://bi.example/in',
	headers: { 'X-Team': 'sales' },
	method_type: 'PUT',
};
const secretForeign = {
	event_type: 'call_completed',
	callback_url: 'https://crm.example/hook',
	headers: { Authorization: 'Bearer crm-token-123' },
	method_type: 'POST',
};

/** Every version's list as stored (unmasked): what the service really holds. */
const stored = () =>
	sb.store.agents.get(AGENT_1).versions.map((v: any) => v.event_subscriptions ?? []);
const setList = (list: unknown[]) =>
	api.patch('/agent/v1', {
		operation: 'edit_event_subscriptions',
		agent_id: AGENT_1,
		event_subscriptions: list,
	});

const run = (parameters: Record<string, unknown>) =>
	assistantOnSandbox(sb, {
		operation: 'updateEventSubscriptions',
		assistant: locator(AGENT_1),
		callbackUrl: URL_OURS,
		...parameters,
	});

test('add, replace, remove: only the entry of this URL changes', async () => {
	await setList([foreign]);
	const before = stored();
	const added = await run({
		eventTypes: ['call_completed', 'all_processing_completed'],
		headers: { header: [{ name: 'X-Secret', value: 's3cret' }] },
	});
	const ours = {
		event_type: ['call_completed', 'all_processing_completed'],
		callback_url: URL_OURS,
		headers: { 'X-Secret': 's3cret' },
		method_type: 'POST',
	};
	expect(added.output[0].json).toMatchObject({
		assistant_id: AGENT_1,
		action: 'set',
		callback_url: URL_OURS,
	});
	// The version that was written holds the foreign entry as it was, then ours.
	const written = stored().findIndex((list: unknown[]) => list.length === 2);
	expect(written).toBeGreaterThanOrEqual(0);
	expect(stored()[written]).toEqual([foreign, ours]);
	stored().forEach((list: unknown[], k: number) => {
		if (k !== written) expect(list).toEqual(before[k]);
	});

	await run({ eventTypes: ['call_started'], method: 'PATCH' });
	expect(stored()[written]).toEqual([
		foreign,
		{ event_type: ['call_started'], callback_url: URL_OURS, headers: {}, method_type: 'PATCH' },
	]);

	const removed = await run({ subscriptionAction: 'remove' });
	expect(removed.output[0].json.error).toBeUndefined();
	expect(stored()[written]).toEqual([foreign]);
});

test('a masked secret of another subscriber stops the change; nothing is written', async () => {
	await setList([secretForeign]);
	const before = structuredClone(stored());
	const { output } = await run({ eventTypes: ['call_completed'] });
	expect(output[0].json.error).toBe(
		'Not changed, to keep another subscription of this assistant intact',
	);
	expect(String(output[0].json.description)).toContain(
		'https://crm.example/hook (headers.Authorization)',
	);
	expect(stored()).toEqual(before);
});

test('bad input is refused before any request', async () => {
	const { output } = await run({ callbackUrl: 'ftp://x.example/in' });
	expect(output[0].json.error).toBe(
		'Callback URL: must start with https:// or http://, got "ftp://x.example/in" [item 0]',
	);
	const noEvents = await run({ eventTypes: '={{ [] }}' });
	expect(noEvents.output[0].json.error).toBe('Events: needs at least one event [item 0]');
});
