// @ts-check
'use strict';

const { UUID_RE, uuidFrom, isoUtc } = require('./util');
const { buildAgent } = require('./agents');
const { Invalid } = require('./errors');

/**
 * POST /public/agent (vendor reference, since 2026-01-22): creates an assistant with one
 * prompt-based flow. Its answers carry `success`: 200 `{success: true, data: {id, version:
 * "v1", created_at}, message: "Agent created successfully"}`; 400 `{success: false, error:
 * {code, message}}`, VOICE_LANGUAGE_MISMATCH when the voice does not speak the language. The
 * code of the other 400s is not published: they answer `invalid_parameter`, as the calling
 * family does.
 */

/** The create enum (it differs from the edit enum: bn-IN and ka-IN, no gu-IN or ar-AE). */
const CREATE_LANGUAGES = [
	'en-US',
	'en-IN',
	'hi-IN',
	'ta-IN',
	'te-IN',
	'bn-IN',
	'mr-IN',
	'kn-IN',
	'ka-IN',
];
const AGENT_TYPES = ['inbound', 'outbound', 'outbound_inbound'];

/** Required strings and their maximum lengths in characters. */
const REQUIRED_TEXT = {
	agent_name: 100,
	introduction_and_objective: 2000,
	response_guidelines: 3000,
	task: 1500,
	intro_message: 500,
};
const OPTIONAL_TEXT = { faq: 5000, sample_conversations: 5000 };

/** Variables an outbound assistant always has (the reference: "always get"). */
const OUTBOUND_VARIABLES = ['callee_name', 'mobile_number'];

const chars = (/** @type {string} */ s) => Array.from(s).length;

/** @param {Record<string, unknown>} b @param {string} field @param {number} max @param {boolean} required */
function text(b, field, max, required) {
	const v = b[field];
	if (v === undefined || v === null) {
		if (required) throw new Invalid(`'${field}' is required`);
		return undefined;
	}
	if (typeof v !== 'string') throw new Invalid(`'${field}' must be a string`);
	if (required && !v.trim()) throw new Invalid(`'${field}' must not be empty`);
	if (chars(v) > max) throw new Invalid(`'${field}' must be at most ${max} characters`);
	return v;
}

/** @param {unknown} v @param {string} field */
function language(v, field) {
	if (typeof v !== 'string' || !CREATE_LANGUAGES.includes(v))
		throw new Invalid(`'${field}' must be one of ${CREATE_LANGUAGES.join(', ')}`);
	return v;
}

/** @param {import('./route').Ctx} ctx @returns {import('./route').Reply} */
function create(ctx) {
	const { store } = ctx;
	const b = /** @type {Record<string, unknown>} */ (ctx.body);
	if (!b || typeof b !== 'object' || Array.isArray(b))
		throw new Invalid('Request body must be a JSON object');
	/** @type {Record<string, string>} */
	const t = {};
	for (const [field, max] of Object.entries(REQUIRED_TEXT)) t[field] = text(b, field, max, true);
	if (b.primary_language === undefined) throw new Invalid("'primary_language' is required");
	const primary = language(b.primary_language, 'primary_language');
	if (b.voice_id === undefined) throw new Invalid("'voice_id' is required");
	if (typeof b.voice_id !== 'string' || !UUID_RE.test(b.voice_id))
		throw new Invalid("'voice_id' must be a valid UUID");
	const optional = Object.fromEntries(
		Object.entries(OPTIONAL_TEXT).map(([field, max]) => [field, text(b, field, max, false)]),
	);
	const secondary =
		b.secondary_language === undefined || b.secondary_language === null
			? null
			: language(b.secondary_language, 'secondary_language');
	const type = b.agent_type ?? 'outbound';
	if (typeof type !== 'string' || !AGENT_TYPES.includes(type))
		throw new Invalid(`'agent_type' must be one of ${AGENT_TYPES.join(', ')}`);
	let variables = /** @type {string[]} */ ([]);
	if (b.custom_variables !== undefined && b.custom_variables !== null) {
		if (!Array.isArray(b.custom_variables) || b.custom_variables.some((v) => typeof v !== 'string'))
			throw new Invalid("'custom_variables' must be a list of strings");
		for (const name of b.custom_variables) {
			if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
				throw new Invalid(`Invalid variable name '${name}'`);
		}
		variables = b.custom_variables;
	}
	const voice = store.voices.get(b.voice_id.toLowerCase());
	if (!voice) throw new Invalid('Voice not found');
	if (!voice.languages.includes(primary))
		throw new Invalid(
			`Voice does not support language '${primary}'`,
			400,
			'VOICE_LANGUAGE_MISMATCH',
		);
	// Outbound ones (outbound_inbound places calls too) get the caller's two variables first.
	const always = type === 'inbound' ? [] : OUTBOUND_VARIABLES;
	const custom = [...new Set([...always, ...variables])];
	const now = store.now();
	const id = uuidFrom(store.rand);
	// How the service composes one prompt from the parts is not published; the sandbox keeps
	// them in order, one paragraph each.
	const prompt = [
		t.introduction_and_objective,
		t.response_guidelines,
		t.task,
		optional.faq,
		optional.sample_conversations,
	]
		.filter((part) => part !== undefined)
		.join('\n\n');
	const agent = buildAgent(
		{
			id,
			agent_display_name: t.agent_name,
			agent_type: type,
			language: primary,
			voice_id: voice.id,
			secondary_language: secondary,
			secondary_voice_id: null,
			intro_message: t.intro_message,
			agent_prompt: prompt,
			custom_variables: custom,
			kb_ids: [],
			whitelisted_domains: [],
			voice_speed: 1.0,
		},
		store.rand,
		{ created: now, updated: now },
	);
	store.agents.set(id, agent);
	return {
		status: 200,
		body: {
			success: true,
			data: { id, version: agent.versions[0].version_slug, created_at: isoUtc(now) },
			message: 'Agent created successfully',
		},
	};
}

/**
 * The route's handler: its errors in the `{success: false, error: {code, message}}` body.
 * @param {import('./route').Ctx} ctx @returns {import('./route').Reply}
 */
function createAgent(ctx) {
	try {
		return create(ctx);
	} catch (e) {
		if (!(e instanceof Invalid)) throw e;
		return {
			status: e.status,
			body: { success: false, error: { code: e.code, message: e.message } },
		};
	}
}

module.exports = { createAgent, CREATE_LANGUAGES, OUTBOUND_VARIABLES };
