// @ts-check
'use strict';

const { UUID_RE, E164_RE, isoOffset } = require('./util');
const { pickVersion } = require('./agents');
const { Invalid } = require('./errors');
const { isObject, str, isHttpUrl } = require('./readers');
const { checkCallConfig } = require('./callConfig');

/**
 * Calling: starting a call, POST /calling/outbound/individual (v0) and
 * /calling/v2/outbound/individual. Each part of the body is checked in the order the
 * service reports them: callee, assistant, caller, variables, parent call, call_config,
 * callback.
 */

/** @typedef {import('./route').Ctx} Ctx @typedef {import('./route').Reply} Reply */
/** @typedef {import('./store').Store} Store */

/** An object whose values are all strings. @param {unknown} v */
const stringMap = (v) => isObject(v) && Object.values(/** @type {object} */ (v)).every(str);

/** Given: neither undefined, null nor ''. @param {unknown} v */
const sent = (v) => v !== undefined && v !== null && v !== '';

/**
 * callback_url and callback_args of the outbound call: a URL, and {headers?, params?} whose
 * values are strings. callback_args without callback_url is refused.
 * @param {unknown} url @param {unknown} args
 */
function checkCallback(url, args) {
	const hasUrl = url !== undefined && url !== null && url !== '';
	const hasArgs = args !== undefined && args !== null;
	if (!hasUrl) {
		if (hasArgs) throw new Invalid('callback_args needs callback_url');
		return null;
	}
	if (!isHttpUrl(url))
		throw new Invalid(`callback_url must be an http or https URL, got ${JSON.stringify(url)}`);
	/** @type {{url: string, headers: Record<string, string>, params: Record<string, string>}} */
	const out = { url: /** @type {string} */ (url), headers: {}, params: {} };
	if (!hasArgs) return out;
	if (!isObject(args))
		throw new Invalid('callback_args must be an object {headers: {...}, params: {...}}');
	const a = /** @type {Record<string, unknown>} */ (args);
	for (const key of Object.keys(a)) {
		if (key !== 'headers' && key !== 'params')
			throw new Invalid(`callback_args.${key} is not allowed; use headers and params`);
		if (a[key] === undefined || a[key] === null) continue;
		if (!stringMap(a[key]))
			throw new Invalid(`callback_args.${key} must be an object of string values`);
		out[key] = { .../** @type {Record<string, string>} */ (a[key]) };
	}
	for (const name of Object.keys(out.headers)) {
		if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
			throw new Invalid(`callback_args.headers: "${name}" is not a valid header name`);
		if (/[\r\n]/.test(out.headers[name]))
			throw new Invalid(`callback_args.headers.${name} must not contain line breaks`);
	}
	return out;
}

/** The callee: name (a string, if sent) and mobile_number. @param {Record<string, any>} b */
function checkCallee(b) {
	if (b.name !== undefined && b.name !== null && typeof b.name !== 'string')
		throw new Invalid('name must be a string');
	if (b.mobile_number === undefined || b.mobile_number === null || b.mobile_number === '') {
		throw new Invalid('mobile_number is required');
	}
	if (typeof b.mobile_number !== 'string' || !E164_RE.test(b.mobile_number)) {
		throw new Invalid(
			`mobile_number must be a phone number with + and country code, e.g. +14155550100, got ${JSON.stringify(b.mobile_number)}`,
		);
	}
}

/** The assistant that calls. @param {Store} store @param {Record<string, any>} b */
function agentOf(store, b) {
	if (b.agent_id === undefined || b.agent_id === null || b.agent_id === '')
		throw new Invalid('agent_id is required');
	if (typeof b.agent_id !== 'string' || !UUID_RE.test(b.agent_id)) {
		throw new Invalid(`agent_id must be a UUID, got ${JSON.stringify(b.agent_id)}`);
	}
	const agent = store.agents.get(b.agent_id.toLowerCase());
	if (!agent) throw new Invalid(`agent_id ${b.agent_id}: Agent not found`);
	return agent;
}

/** v2's voice_id (a string or null). @param {Store} store @param {Record<string, any>} b */
function voiceOf(store, b) {
	if (typeof b.voice_id !== 'string' || !UUID_RE.test(b.voice_id))
		throw new Invalid(`voice_id must be a UUID, got ${JSON.stringify(b.voice_id)}`);
	const voice = store.voices.get(b.voice_id.toLowerCase());
	if (!voice) throw new Invalid(`voice_id ${b.voice_id}: Voice not found`);
	return voice;
}

/**
 * The number that calls: from a pool (v2), from_number or from_number_id.
 * @param {Store} store @param {Record<string, any>} b @param {{hasNumber: boolean, hasNumberId: boolean, hasPool: boolean}} has
 */
function fromNumber(store, b, { hasNumber, hasNumberId, hasPool }) {
	if (hasPool && !hasNumber && !hasNumberId) {
		if (typeof b.number_pool_id !== 'string' || !UUID_RE.test(b.number_pool_id))
			throw new Invalid(`number_pool_id must be a UUID, got ${JSON.stringify(b.number_pool_id)}`);
		// No public endpoint lists pools: a pool's numbers are those carrying its id.
		return (
			store.numbers.find((n) => n.number_pool_id === b.number_pool_id.toLowerCase()) ??
			store.numbers[0]
		);
	}
	if (hasNumber) {
		if (typeof b.from_number !== 'string' || !E164_RE.test(b.from_number)) {
			throw new Invalid(
				`from_number must be a phone number with + and country code, got ${JSON.stringify(b.from_number)}`,
			);
		}
		const from = store.findNumber({ number: b.from_number });
		if (!from) throw new Invalid(`from_number ${b.from_number} is not a number of this workspace`);
		return from;
	}
	if (typeof b.from_number_id !== 'string' || !UUID_RE.test(b.from_number_id)) {
		throw new Invalid(`from_number_id must be a UUID, got ${JSON.stringify(b.from_number_id)}`);
	}
	const from = store.findNumber({ id: b.from_number_id.toLowerCase() });
	if (!from)
		throw new Invalid(`from_number_id ${b.from_number_id} is not a number of this workspace`);
	return from;
}

/**
 * Who calls: the number (and on v2 the voice). At least one caller, never from_number and
 * from_number_id together. @param {Store} store @param {Record<string, any>} b @param {boolean} v2
 */
function caller(store, b, v2) {
	const hasNumber = sent(b.from_number);
	const hasNumberId = sent(b.from_number_id);
	const hasPool = v2 && sent(b.number_pool_id);
	if (hasNumber && hasNumberId)
		throw new Invalid('Send either from_number or from_number_id, not both');
	if (v2 && !hasNumber && !hasNumberId && !hasPool)
		throw new Invalid('Provide at least one of: number_pool_id, from_number_id, from_number');
	if (!hasNumber && !hasNumberId && !hasPool) throw new Invalid('from_number is required');
	const voice =
		v2 && b.voice_id !== undefined && b.voice_id !== null ? voiceOf(store, b) : undefined;
	return { voice, from: fromNumber(store, b, { hasNumber, hasNumberId, hasPool }) };
}

/** custom_args_values: an object of strings. @param {Record<string, any>} b */
function customArgs(b) {
	/** @type {Record<string, string>} */
	const given = {};
	if (b.custom_args_values !== undefined && b.custom_args_values !== null) {
		if (!isObject(b.custom_args_values))
			throw new Invalid('custom_args_values must be an object of strings');
		for (const [key, value] of Object.entries(b.custom_args_values)) {
			if (typeof value !== 'string') {
				throw new Invalid(
					`custom_args_values.${key} must be a string, got ${JSON.stringify(value)}`,
				);
			}
			given[key] = value;
		}
	}
	return given;
}

/** @param {Ctx} ctx @param {boolean} v2 @returns {Reply} */
function placeCall(ctx, v2) {
	const { store } = ctx;
	if (!isObject(ctx.body)) throw new Invalid('Request body must be a JSON object');
	const b = /** @type {Record<string, any>} */ (ctx.body);
	checkCallee(b);
	const agent = agentOf(store, b);
	// Which version takes the call (vendor reference: the v0 body takes version_id).
	const version = pickVersion(agent, b.version_id);
	const { voice, from } = caller(store, b, v2);
	const given = customArgs(b);
	// FACTS: optional since 2026-05-02, "a call UUID, for follow-up calls". Kept in the ledger;
	// whether reads show it is not published: the store's parentCallId switch says (calling.js).
	const parent = b.parent_call_id ?? null;
	if (parent !== null && (typeof parent !== 'string' || !UUID_RE.test(parent)))
		throw new Invalid(`parent_call_id must be a call UUID, got ${JSON.stringify(parent)}`);
	const config =
		b.call_config === undefined || b.call_config === null ? {} : checkCallConfig(b.call_config);
	const callback = checkCallback(b.callback_url, b.callback_args);

	const at = store.now();
	const name = b.name ?? '';
	const { call, initial } = store.createCall({
		name,
		mobile_number: b.mobile_number,
		agent,
		from_number: from.number,
		given,
		config,
		callback,
		at,
		version,
		parent_call_id: parent,
	});
	store.ledger.push({
		call_id: call.id,
		mobile_number: call.to_number,
		from_number: from.number,
		agent_id: agent.id,
		at: isoOffset(at),
		...(parent ? { parent_call_id: parent } : {}),
		...(isObject(b.call_config?.call_time) ? { call_time: { ...b.call_config.call_time } } : {}),
		...(v2
			? { v2: true, number_pool_id: b.number_pool_id ?? null, voice_id: voice?.id ?? null }
			: {}),
	});
	store.arm();
	return {
		status: 200,
		body: {
			status: 'success',
			message: 'Call initiated successfully',
			data: {
				call_id: call.id,
				call_direction: 'outbound',
				call_status: initial,
				initiated_at: isoOffset(at),
				agent_id: agent.id,
				custom_args_values: { ...given, callee_name: name, mobile_number: call.to_number },
			},
		},
	};
}

/** POST /calling/outbound/individual @param {Ctx} ctx @returns {Reply} */
function startCall(ctx) {
	return placeCall(ctx, false);
}

/**
 * POST /calling/v2/outbound/individual (vendor reference since 2026-06-12, beyond the
 * contract): the same body and answer, plus number_pool_id and voice_id (string or null);
 * at least one of number_pool_id, from_number_id, from_number, never the last two together.
 * @param {Ctx} ctx @returns {Reply}
 */
function startCallV2(ctx) {
	return placeCall(ctx, true);
}

module.exports = { startCall, startCallV2 };
