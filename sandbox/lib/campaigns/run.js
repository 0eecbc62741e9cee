// @ts-check
'use strict';

const { Invalid } = require('../errors');
const { UUID_RE, E164_RE } = require('../util');
const { costFor } = require('../calls');
const { CONCURRENCY, FINAL, ESTIMATE_SECONDS, LEGACY_CALLBACK, given, round } = require('./model');

/**
 * Campaigns: starting and running. Credits, caller numbers, the calls a started list
 * registers and their release, CONCURRENCY at a time.
 */

/** @typedef {import('./model').BulkList} BulkList */

/** Credits the sandbox expects a list to cost. @param {BulkList} list */
function requiredCredits(list) {
	let sum = 0;
	for (const c of list.contacts) sum += costFor(c.mobile_number, ESTIMATE_SECONDS);
	return Math.round(sum * 100) / 100;
}

/** The workspace's balance, as GET /workspace reports it. @param {import('../store').Store} store */
const availableCredits = (store) => round(store.workspace.credits_granted - store.creditsUsed());

/**
 * Caller numbers: phone numbers or number ids of the workspace (the schema says numbers, the
 * page ids: both are accepted).
 * @param {import('../store').Store} store @param {unknown} raw
 */
function callerNumbers(store, raw) {
	if (!Array.isArray(raw) || !raw.length)
		throw new Invalid("'from_numbers' must be a non-empty list of phone numbers or number ids");
	/** @type {string[]} */
	const out = [];
	for (const x of raw) {
		const n =
			typeof x !== 'string'
				? undefined
				: UUID_RE.test(x)
					? store.findNumber({ id: x.toLowerCase() })
					: E164_RE.test(x)
						? store.findNumber({ number: x })
						: undefined;
		if (!n)
			throw new Invalid(`'from_numbers': ${JSON.stringify(x)} is not a number of this workspace`);
		if (!out.includes(n.number)) out.push(n.number);
	}
	return out;
}

/** The numbers of a pool (no endpoint lists pools: a pool is the numbers carrying its id). */
function poolNumbers(/** @type {import('../store').Store} */ store, /** @type {unknown} */ raw) {
	const id = typeof raw === 'string' && UUID_RE.test(raw) ? raw.toLowerCase() : null;
	const numbers = id ? store.numbers.filter((n) => n.number_pool_id === id) : [];
	if (!numbers.length) throw new Invalid('Number pool not found.');
	return numbers.map((n) => n.number);
}

/** @param {import('../store').Store} store @param {unknown} raw */
function completionUsers(store, raw) {
	if (!given(raw)) return null;
	if (!Array.isArray(raw))
		throw new Invalid("'email_completion_user_ids' must be a list of user ids or null");
	for (const x of raw) {
		if (typeof x !== 'string' || !store.users.some((u) => u.id === x.toLowerCase()))
			throw new Invalid(
				`'email_completion_user_ids': ${JSON.stringify(x)} is not a user of this workspace`,
			);
	}
	return raw.map((x) => x.toLowerCase());
}

/** Stores told of their campaigns' calls ending, so the next ones ring. */
const watched = new WeakSet();

/** @param {import('../store').Store} store */
function watch(store) {
	if (watched.has(store)) return;
	watched.add(store);
	store.listeners.push((change) => {
		const call = change.call;
		if (!call.campaign_id || !FINAL.includes(call.status)) return;
		const list = store.bulkLists.get(call.campaign_id);
		if (list && list.live.delete(call)) release(store, list, change.at);
	});
}

/** Lets calls ring until CONCURRENCY are under way, none before the start time. */
function release(
	/** @type {import('../store').Store} */ store,
	/** @type {BulkList} */ list,
	/** @type {number} */ at,
) {
	while (list.live.size < CONCURRENCY && list.next < list.calls.length) {
		const call = list.calls[list.next++];
		if (call.status !== 'registered') continue; // cancelled while held
		call.next_event_at = Math.max(at, /** @type {number} */ (list.campaign_start_time));
		store.active.add(call);
		list.live.add(call);
	}
}

/**
 * Registers one call per contact (held: registered, QUEUED), then releases the first ones.
 * @param {import('../store').Store} store @param {BulkList} list
 */
function dial(store, list) {
	const { agent_id, numbers } = list.started;
	const agent = store.agents.get(agent_id);
	const config = structuredClone(list.call_config ?? {});
	// A campaign rings from its start time: a call's own scheduled_at does not apply.
	if (config.call_time) delete config.call_time.scheduled_at;
	const at = store.now();
	watch(store);
	list.calls = list.contacts.map((c, k) => {
		const { call } = store.createCall({
			name: c.variables.callee_name ?? '',
			mobile_number: c.mobile_number,
			agent,
			from_number: numbers[k % numbers.length],
			given: c.variables,
			config,
			bulk_list_id: list.id,
			campaign_id: list.id,
			at,
			startStatus: 'registered',
		});
		call.sub_status = 'QUEUED';
		call.phase = 'waiting';
		call.next_event_at = null;
		store.active.delete(call);
		return call;
	});
	release(store, list, at);
	store.arm();
}

/** @param {import('../store').Store} store @param {string} raw */
function findList(store, raw, /** @type {'standard' | 'large'} */ flow) {
	const list = typeof raw === 'string' ? store.bulkLists.get(raw.toLowerCase()) : undefined;
	return list && list.flow === flow ? list : undefined;
}

/** Refuses fields outside `allowed` (callback_url with its own reason). @param {Record<string, unknown>} b @param {string[]} allowed @param {number} status */
function onlyFields(b, allowed, status) {
	for (const key of Object.keys(b)) {
		if (key === 'callback_url' || key === 'callback_args')
			throw new Invalid(LEGACY_CALLBACK, status);
		if (!allowed.includes(key)) throw new Invalid(`Unknown field '${key}'`, status);
	}
}

module.exports = {
	requiredCredits,
	availableCredits,
	callerNumbers,
	poolNumbers,
	completionUsers,
	dial,
	findList,
	onlyFields,
};
