// @ts-check
'use strict';

const { isoOffset, isoUtc } = require('./util');
const { intParam } = require('./readers');
const { route } = require('./route');

/** The workspace: its balance, numbers, users, and a new API key. */

/** @typedef {import('./route').Ctx} Ctx @typedef {import('./route').Reply} Reply */

/** GET /workspace/numbers @param {Ctx} ctx @returns {Reply} */
function listNumbers(ctx) {
	const limit = intParam(ctx.query, 'limit', { def: 20, min: 1, max: 100 });
	const offset = intParam(ctx.query, 'offset', { def: 0, min: 0 });
	const { store } = ctx;
	const workspace_numbers = store.numbers.slice(offset, offset + limit).map((n) => {
		const agent = n.agent_id ? store.agents.get(n.agent_id) : undefined;
		return {
			id: n.id,
			number: n.number,
			created_at: isoOffset(n.created_at),
			call_count: store.callCountOf(n),
			agent: agent ? { id: agent.id, agent_display_name: agent.agent_display_name } : null,
			is_inbound_enabled: n.is_inbound_enabled,
			// Since 2026-06-12 (vendor reference).
			is_test_number: n.is_test_number ?? false,
			tags: n.tags ?? [],
			is_spam: n.is_spam ?? false,
			spam_message: n.spam_message ?? null,
			provider: n.provider ?? 'twilio',
			display_name: n.display_name ?? null,
			owner: n.owner ?? null,
			is_custom_number: n.is_custom_number ?? false,
			telephony_id: n.telephony_id ?? null,
			number_pool_id: n.number_pool_id ?? null,
		};
	});
	return { status: 200, body: { workspace_numbers } };
}

/** GET /workspace/users @param {Ctx} ctx @returns {Reply} */
function listUsers(ctx) {
	const limit = intParam(ctx.query, 'limit', { def: 20, min: 1, max: 100 });
	const offset = intParam(ctx.query, 'offset', { def: 0, min: 0 });
	return {
		status: 200,
		body: { workspace_users: ctx.store.users.slice(offset, offset + limit).map((u) => ({ ...u })) },
	};
}

/**
 * GET /workspace: `{workspace_info: {id, name, created_at, credits, locked_credits}}`. Older
 * reference pages also showed the workspace's `api_key` in it: the 'docs' shape serves it, so
 * readers are tested to never pass it on.
 * @param {Ctx} ctx @returns {Reply}
 */
function getWorkspace(ctx) {
	const { store } = ctx;
	const w = store.workspace;
	/** @type {Record<string, unknown>} */
	const info = {
		id: w.id,
		name: w.name,
		created_at: isoUtc(w.created_at),
		credits: Math.round((w.credits_granted - store.creditsUsed()) * 10000) / 10000,
		locked_credits: 0,
	};
	if (store.shape === 'docs') info.api_key = store.apiKey;
	return { status: 200, body: { workspace_info: info } };
}

/** PATCH /workspace/api-key @param {Ctx} ctx @returns {Reply} */
function rotateKey(ctx) {
	return { status: 200, body: { new_api_key: ctx.store.rotateKey() } };
}

const routes = [
	route('GET', '/workspace', getWorkspace),
	route('GET', '/workspace/numbers', listNumbers),
	route('GET', '/workspace/users', listUsers),
	route('PATCH', '/workspace/api-key', rotateKey),
];

module.exports = { routes };
