// @ts-check
'use strict';

const { UUID_RE } = require('./util');
const { LANGUAGES } = require('./fixtures');
const {
	pickVersion,
	defaultVersion,
	checkSubscriptions,
	versionedView,
	flatView,
	listRow,
} = require('./agents');
const recordings = require('./recordings');
const { Invalid } = require('./errors');
const { createAgent, CREATE_LANGUAGES } = require('./publicAgent');
const { one, intParam, isObject, str, strList, bool, num, uuid } = require('./readers');
const { route } = require('./route');

/**
 * The assistant endpoints: edit (PATCH /agent/v1), read, archive, list, voices. Creating one
 * is publicAgent.js's; the model (versions, views) is agents.js's.
 */

/** @typedef {import('./route').Ctx} Ctx @typedef {import('./route').Reply} Reply */

/**
 * operation -> [field, check, what the check wants][]: the fields each edit needs, as client
 * code reports them from the live service.
 */
/** @type {Record<string, Array<[string, (v: unknown) => boolean, string]>>} */
const EDIT_FIELDS = {
	attach_inbound_number: [['number_id', uuid, 'a UUID']],
	remove_inbound_number: [['number_id', uuid, 'a UUID']],
	attach_kb: [['kb_id', uuid, 'a UUID']],
	remove_kb: [['kb_id', uuid, 'a UUID']],
	edit_custom_vars: [['custom_variables', strList, 'a list of strings']],
	edit_language: [['language', str, 'a string']],
	edit_voice: [
		['voice_id', uuid, 'a UUID'],
		['language', str, 'a string'],
	],
	edit_prompt: [['agent_prompt', str, 'a string']],
	edit_noise_settings: [
		['mute_while_bot_speaking', bool, 'a boolean'],
		['mute_during_intro', bool, 'a boolean'],
	],
	edit_agent_display_name: [['agent_display_name', str, 'a string']],
	edit_intro_message: [['intro_message', str, 'a string']],
	edit_query_phrases: [['pre_query_response_phrases', strList, 'a list of strings']],
	edit_dtmf_settings: [['dtmf_settings', isObject, 'an object']],
	edit_vad_settings: [['vad_settings', isObject, 'an object']],
	edit_agent_whitelisted_domains: [['whitelisted_domains', strList, 'a list of strings']],
	edit_voice_speed: [['voice_speed', num, 'a number']],
	edit_extract_callee_name: [['extract_callee_name', bool, 'a boolean']],
	edit_vocab: [['vocab', strList, 'a list of strings']],
	edit_api_settings: [['api_settings', isObject, 'an object']],
	edit_secondary_language: [['secondary_language', str, 'a string']],
	edit_secondary_voice: [['secondary_voice_id', uuid, 'a UUID']],
	edit_event_subscriptions: [['event_subscriptions', Array.isArray, 'a list']],
};

/** PATCH /agent/v1 @param {Ctx} ctx @returns {Reply} */
function editAgent(ctx) {
	const { store } = ctx;
	if (!isObject(ctx.body)) throw new Invalid('Request body must be a JSON object');
	const b = /** @type {Record<string, any>} */ (ctx.body);
	if (b.operation === undefined || b.operation === null || b.operation === '')
		throw new Invalid("'operation' is required");
	if (typeof b.operation !== 'string' || !EDIT_FIELDS[b.operation]) {
		throw new Invalid(
			`Invalid operation '${b.operation}'. Allowed: ${Object.keys(EDIT_FIELDS).join(', ')}`,
		);
	}
	const op = b.operation;
	if (b.agent_id === undefined || b.agent_id === null || b.agent_id === '')
		throw new Invalid("'agent_id' is required");
	if (!uuid(b.agent_id)) throw new Invalid("'agent_id' must be a valid UUID");
	for (const [field, check, wanted] of EDIT_FIELDS[op]) {
		if (b[field] === undefined || b[field] === null)
			throw new Invalid(`'${field}' is required for operation '${op}'`);
		if (!check(b[field])) throw new Invalid(`'${field}' must be ${wanted}`);
	}
	const agent = store.agents.get(b.agent_id.toLowerCase());
	if (!agent) throw new Invalid('Agent not found', 404);
	// An edit changes one version: version_id's, else the default one (vendor reference).
	const v = pickVersion(agent, b.version_id) ?? defaultVersion(agent);

	const language = (/** @type {string} */ field) => {
		if (!LANGUAGES.includes(b[field]))
			throw new Invalid(`Unsupported ${field} '${b[field]}'. Allowed: ${LANGUAGES.join(', ')}`);
		return b[field];
	};
	const voice = (/** @type {string} */ id) => {
		const v = store.voices.get(id.toLowerCase());
		if (!v) throw new Invalid('Voice not found', 404);
		return v;
	};
	const mustSpeak = (/** @type {any} */ v, /** @type {string | null} */ lang) => {
		if (lang && !v.languages.includes(lang))
			throw new Invalid('Selected voice does not support the specified language');
	};

	switch (op) {
		case 'attach_inbound_number': {
			const n = store.findNumber({ id: b.number_id.toLowerCase() });
			if (!n) throw new Invalid('Number not found', 404);
			if (n.agent_id && n.agent_id !== agent.id)
				throw new Invalid('Number is already attached to another agent', 409);
			n.agent_id = agent.id;
			n.is_inbound_enabled = true;
			break;
		}
		case 'remove_inbound_number': {
			const n = store.findNumber({ id: b.number_id.toLowerCase() });
			if (!n) throw new Invalid('Number not found', 404);
			if (n.agent_id !== agent.id) throw new Invalid('Number is not attached to this agent');
			n.agent_id = null;
			n.is_inbound_enabled = false;
			break;
		}
		case 'attach_kb':
		case 'remove_kb': {
			const kb = store.knowledgeBases.get(b.kb_id.toLowerCase());
			if (!kb) throw new Invalid('Knowledge Base not found', 404);
			const has = v.kb_ids.includes(kb.id);
			if (op === 'attach_kb') {
				if (has) throw new Invalid('Knowledge Base already attached');
				v.kb_ids = [...v.kb_ids, kb.id];
			} else {
				if (!has) throw new Invalid('Knowledge Base not attached to this agent');
				v.kb_ids = v.kb_ids.filter((/** @type {string} */ k) => k !== kb.id);
			}
			break;
		}
		case 'edit_custom_vars':
			for (const name of b.custom_variables) {
				if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
					throw new Invalid(`Invalid variable name '${name}'`);
			}
			v.custom_variables = [...b.custom_variables];
			break;
		case 'edit_language':
			mustSpeak(voice(v.voice_id), language('language'));
			v.language = b.language;
			break;
		case 'edit_voice': {
			const chosen = voice(b.voice_id);
			mustSpeak(chosen, language('language'));
			if (b.secondary_voice_id !== undefined && b.secondary_voice_id !== null) {
				if (!uuid(b.secondary_voice_id)) throw new Invalid("'secondary_voice_id' must be a UUID");
				const sv = voice(b.secondary_voice_id);
				const lang = b.secondary_language ?? v.secondary_language;
				if (b.secondary_language !== undefined) language('secondary_language');
				mustSpeak(sv, lang);
				v.secondary_voice_id = sv.id;
				v.secondary_language = lang;
			} else if (b.secondary_language !== undefined && b.secondary_language !== null) {
				language('secondary_language');
				if (v.secondary_voice_id) mustSpeak(voice(v.secondary_voice_id), b.secondary_language);
				v.secondary_language = b.secondary_language;
			}
			v.voice_id = chosen.id;
			v.language = b.language;
			break;
		}
		case 'edit_secondary_language':
			language('secondary_language');
			mustSpeak(voice(v.secondary_voice_id ?? v.voice_id), b.secondary_language);
			v.secondary_language = b.secondary_language;
			break;
		case 'edit_secondary_voice': {
			const chosen = voice(b.secondary_voice_id);
			mustSpeak(chosen, v.secondary_language);
			v.secondary_voice_id = chosen.id;
			break;
		}
		case 'edit_prompt':
			if (!b.agent_prompt.trim()) throw new Invalid("'agent_prompt' must not be empty");
			v.agent_prompt = b.agent_prompt;
			break;
		case 'edit_agent_display_name':
			if (!b.agent_display_name.trim()) throw new Invalid("'agent_display_name' must not be empty");
			agent.agent_display_name = b.agent_display_name;
			break;
		case 'edit_intro_message':
			v.intro_message = b.intro_message;
			break;
		case 'edit_noise_settings':
			v.mute_while_bot_speaking = b.mute_while_bot_speaking;
			v.mute_during_intro = b.mute_during_intro;
			break;
		case 'edit_query_phrases': {
			const p = b.pre_query_phrase_probability;
			if (p !== undefined && p !== null && (!num(p) || p < 0 || p > 1)) {
				throw new Invalid("'pre_query_phrase_probability' must be a number from 0 to 1");
			}
			v.pre_query_response_phrases = [...b.pre_query_response_phrases];
			if (p !== undefined && p !== null) v.pre_query_phrase_probability = p;
			break;
		}
		case 'edit_dtmf_settings':
			if (!bool(b.dtmf_settings.dtmf_capturing_enabled)) {
				throw new Invalid("'dtmf_settings.dtmf_capturing_enabled' must be a boolean");
			}
			if (b.dtmf_settings.dtmf_input !== undefined && !isObject(b.dtmf_settings.dtmf_input)) {
				throw new Invalid("'dtmf_settings.dtmf_input' must be an object");
			}
			v.dtmf_settings = structuredClone(b.dtmf_settings);
			break;
		case 'edit_vad_settings': {
			const s = b.vad_settings;
			if (
				s.interruption_sensitivity !== undefined &&
				!['default', 'sensitive', 'strict'].includes(s.interruption_sensitivity)
			) {
				throw new Invalid(
					"'vad_settings.interruption_sensitivity' must be default, sensitive or strict",
				);
			}
			if (s.vad_override !== undefined && !bool(s.vad_override))
				throw new Invalid("'vad_settings.vad_override' must be a boolean");
			if (s.vad_input !== undefined) {
				if (!isObject(s.vad_input)) throw new Invalid("'vad_settings.vad_input' must be an object");
				for (const [k, v] of Object.entries(s.vad_input)) {
					if (!num(v)) throw new Invalid(`'vad_settings.vad_input.${k}' must be a number`);
				}
			}
			v.vad_settings = structuredClone(s);
			break;
		}
		case 'edit_agent_whitelisted_domains':
			for (const d of b.whitelisted_domains) {
				let ok = false;
				try {
					const u = new URL(d);
					ok =
						(u.protocol === 'https:' || u.protocol === 'http:') &&
						u.origin === d.replace(/\/$/, '');
				} catch {
					ok = false;
				}
				if (!ok)
					throw new Invalid(
						`'whitelisted_domains' must hold origins such as https://example.com, got '${d}'`,
					);
			}
			v.whitelisted_domains = [...b.whitelisted_domains];
			break;
		case 'edit_voice_speed':
			if (b.voice_speed <= 0 || b.voice_speed > 4)
				throw new Invalid("'voice_speed' must be greater than 0 and at most 4");
			v.voice_speed = b.voice_speed;
			break;
		case 'edit_extract_callee_name':
			v.extract_callee_name = b.extract_callee_name;
			break;
		case 'edit_vocab':
			if (b.vocab.length > 100) throw new Invalid("'vocab' can hold at most 100 words");
			v.vocab = [...b.vocab];
			break;
		case 'edit_api_settings':
			v.api_settings = structuredClone(b.api_settings);
			break;
		case 'edit_event_subscriptions':
			// The list replaces the version's whole list (backend schema reference): an entry
			// left out is deleted, and a masked value sent back is stored as it is.
			v.event_subscriptions = checkSubscriptions(b.event_subscriptions);
			break;
	}
	agent.updated_at = store.now();
	return { status: 200, body: { message: 'Agent updated successfully!', agent_id: agent.id } };
}

/** GET /agent/{agent_id}: `{agents: {...}}`, versioned (live) or flat (reference). @param {Ctx} ctx @returns {Reply} */
function getAgent(ctx) {
	const raw = ctx.params.agent_id;
	if (!UUID_RE.test(raw)) throw new Invalid(`'agent_id' must be a valid UUID, got '${raw}'`);
	const { store } = ctx;
	const a = store.agents.get(raw.toLowerCase());
	if (!a) throw new Invalid('Agent not found', 404);
	const view = store.shape === 'docs' ? flatView : versionedView;
	return { status: 200, body: { agents: view(a, store, ctx.recordings.origin) } };
}

/**
 * DELETE /agent/{agent_id} (vendor schema, no page): a soft delete, the assistant archived
 * (is_archived in the list). 200 {"message": "Agent deleted successfully!"}; 404 unknown.
 * @param {Ctx} ctx @returns {Reply}
 */
function deleteAgent(ctx) {
	const raw = ctx.params.agent_id;
	if (!UUID_RE.test(raw)) throw new Invalid(`'agent_id' must be a valid UUID, got '${raw}'`);
	const a = ctx.store.agents.get(raw.toLowerCase());
	if (!a || a.is_archived) throw new Invalid('Agent not found', 404);
	a.is_archived = true;
	return { status: 200, body: { message: 'Agent deleted successfully!' } };
}

/** GET /agent/voices?language=: the voices that speak a language. @param {Ctx} ctx @returns {Reply} */
function listVoices(ctx) {
	const language = one(ctx.query, 'language');
	if (language === undefined || language === '') throw new Invalid("'language' is required");
	// A new assistant's languages (POST /public/agent) are listed too: its voice comes from here.
	if (!LANGUAGES.includes(language) && !CREATE_LANGUAGES.includes(language))
		throw new Invalid(`Unsupported language '${language}'. Allowed: ${LANGUAGES.join(', ')}`);
	const voices = [...ctx.store.voices.values()]
		.filter((v) => v.languages.includes(language))
		// FACTS' shape: previews keyed by language (the sandbox has one recording per voice).
		.map((v) => ({
			id: v.id,
			name: v.name,
			languages: [...v.languages],
			voice_previews: Object.fromEntries(
				v.languages.map((/** @type {string} */ l) => [
					l,
					recordings.voicePreviewUrl(v, ctx.recordings.origin),
				]),
			),
			gender: v.gender,
		}));
	return { status: 200, body: { voices } };
}

/** GET /agent/all: `{status, data: {agents: [...]}}`. @param {Ctx} ctx @returns {Reply} */
function listAgents(ctx) {
	const limit = intParam(ctx.query, 'limit', { def: 10, min: 1, max: 100 });
	const offset = intParam(ctx.query, 'offset', { def: 0, min: 0 });
	const { store } = ctx;
	const all = [...store.agents.values()];
	return {
		status: 200,
		body: {
			status: 'success',
			data: {
				agents: all.slice(offset, offset + limit).map((a) => listRow(a, store, store.shape)),
			},
		},
	};
}

const routes = [
	route('PATCH', '/agent/v1', editAgent, { json: true, detail: true }),
	route('GET', '/agent/all', listAgents),
	// Before /agent/{agent_id}, which would take 'voices' for an id.
	route('GET', '/agent/voices', listVoices, { detail: true }),
	route('GET', '/agent/{agent_id}', getAgent, { detail: true }),
	route('DELETE', '/agent/{agent_id}', deleteAgent, { detail: true }),
	route('POST', '/public/agent', createAgent, { json: true }),
];

module.exports = { routes };
