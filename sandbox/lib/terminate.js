// @ts-check
'use strict';

const { Invalid } = require('./errors');
const { UUID_RE, E164_RE } = require('./util');
const { route } = require('./route');

/**
 * PATCH /campaign/terminate (vendor-documented, beyond the contract): cancels calls that have
 * not started yet (status registered or retry); ongoing and finished calls are untouched.
 *
 * Body: exactly one of agent_id, call_ids (at most 100), campaign_id, mobile_numbers (E.164,
 * at most 100); mobile_numbers may come with campaign_id (then both must match).
 * 200 {message: "Calls terminated successfully!"}; 400 {detail: "No terminable calls found"}
 * when nothing matched; unknown call ids are ignored; an unknown agent or campaign is 404.
 */

const MAX_LIST = 100;
const FIELDS = ['agent_id', 'call_ids', 'campaign_id', 'mobile_numbers'];

const given = (/** @type {unknown} */ v) => v !== undefined && v !== null;

/** @param {unknown} v @param {string} name @param {RegExp} re @param {string} what */
function list(v, name, re, what) {
	if (!Array.isArray(v)) throw new Invalid(`'${name}' must be a list of ${what}`);
	if (!v.length) throw new Invalid(`'${name}' must not be empty`);
	if (v.length > MAX_LIST)
		throw new Invalid(`'${name}' can hold at most ${MAX_LIST} entries, got ${v.length}`);
	for (const x of v) {
		if (typeof x !== 'string' || !re.test(x))
			throw new Invalid(`'${name}' must be a list of ${what}, got ${JSON.stringify(x)}`);
	}
	return v.map((x) => (re === UUID_RE ? x.toLowerCase() : x));
}

/** @param {unknown} v @param {string} name */
function uuidField(v, name) {
	if (typeof v !== 'string' || !UUID_RE.test(v))
		throw new Invalid(`'${name}' must be a valid UUID, got ${JSON.stringify(v)}`);
	return v.toLowerCase();
}

/** @param {import('./route').Ctx} ctx @returns {import('./route').Reply} */
function terminateCalls(ctx) {
	const { store } = ctx;
	const b = ctx.body;
	if (b === null || typeof b !== 'object' || Array.isArray(b))
		throw new Invalid('Request body must be a JSON object');
	const body = /** @type {Record<string, unknown>} */ (b);
	for (const key of Object.keys(body)) {
		if (!FIELDS.includes(key))
			throw new Invalid(`Unknown field '${key}'. Send one of ${FIELDS.join(', ')}`);
	}
	const present = FIELDS.filter((f) => given(body[f]));
	const pairOk =
		present.length === 2 && present.includes('campaign_id') && present.includes('mobile_numbers');
	if (!present.length) throw new Invalid(`Send one of ${FIELDS.join(', ')}`);
	if (present.length > 1 && !pairOk)
		throw new Invalid(
			`Send only one of ${FIELDS.join(', ')} (mobile_numbers may come with campaign_id), got ${present.join(' and ')}`,
		);

	/** @type {(call: any) => boolean} */
	let match;
	if (given(body.agent_id)) {
		const id = uuidField(body.agent_id, 'agent_id');
		if (!store.agents.has(id)) throw new Invalid('Agent not found', 404);
		match = (c) => c.agent.id === id;
	} else if (given(body.call_ids)) {
		const ids = new Set(list(body.call_ids, 'call_ids', UUID_RE, 'call UUIDs'));
		match = (c) => ids.has(c.id);
	} else {
		const campaign = given(body.campaign_id) ? uuidField(body.campaign_id, 'campaign_id') : null;
		if (campaign !== null && !store.campaigns.some((k) => k.id === campaign))
			throw new Invalid('Campaign not found', 404);
		const numbers = given(body.mobile_numbers)
			? new Set(list(body.mobile_numbers, 'mobile_numbers', E164_RE, 'E.164 phone numbers'))
			: null;
		match = (c) =>
			(campaign === null || c.campaign_id === campaign) &&
			(numbers === null || numbers.has(c.to_number));
	}

	const at = store.now();
	const victims = store.calls.filter(
		(c) => (c.status === 'registered' || c.status === 'retry') && match(c),
	);
	if (!victims.length) throw new Invalid('No terminable calls found');
	for (const c of victims) store.cancelCall(c, at);
	return { status: 200, body: { message: 'Calls terminated successfully!' } };
}

const routes = [
	route('PATCH', '/campaign/terminate', terminateCalls, {
		json: true,
		detail: true,
		detailAuth: true,
	}),
];

module.exports = { routes, terminateCalls, MAX_LIST };
