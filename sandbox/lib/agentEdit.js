// @ts-check
'use strict';

const { LANGUAGES } = require('./fixtures');
const { pickVersion, defaultVersion, checkSubscriptions } = require('./agents');
const { Invalid } = require('./errors');
const { isObject, str, strList, bool, num, uuid } = require('./readers');

/**
 * PATCH /agent/v1: an edit of an assistant, one operation at a time. The fields each operation
 * needs are checked first (EDIT_FIELDS), then the operation's own rules (EDITS).
 */

/** @typedef {import('./route').Ctx} Ctx @typedef {import('./route').Reply} Reply */
/**
 * What an operation works on: the request body, the assistant, the version edited.
 * @typedef {{op: string, b: Record<string, any>, agent: any, v: any, store: import('./store').Store}} Edit
 */

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

/** The body's `field`, a language the assistants speak. @param {Edit} e @param {string} field */
function language(e, field) {
	const { b } = e;
	if (!LANGUAGES.includes(b[field]))
		throw new Invalid(`Unsupported ${field} '${b[field]}'. Allowed: ${LANGUAGES.join(', ')}`);
	return b[field];
}

/** A voice of the workspace. @param {Edit} e @param {string} id */
function voice(e, id) {
	const v = e.store.voices.get(id.toLowerCase());
	if (!v) throw new Invalid('Voice not found', 404);
	return v;
}

/** @param {any} v a voice @param {string | null} lang */
function mustSpeak(v, lang) {
	if (lang && !v.languages.includes(lang))
		throw new Invalid('Selected voice does not support the specified language');
}

/** attach_inbound_number @param {Edit} e */
function attachNumber({ b, agent, store }) {
	const n = store.findNumber({ id: b.number_id.toLowerCase() });
	if (!n) throw new Invalid('Number not found', 404);
	if (n.agent_id && n.agent_id !== agent.id)
		throw new Invalid('Number is already attached to another agent', 409);
	n.agent_id = agent.id;
	n.is_inbound_enabled = true;
}

/** remove_inbound_number @param {Edit} e */
function removeNumber({ b, agent, store }) {
	const n = store.findNumber({ id: b.number_id.toLowerCase() });
	if (!n) throw new Invalid('Number not found', 404);
	if (n.agent_id !== agent.id) throw new Invalid('Number is not attached to this agent');
	n.agent_id = null;
	n.is_inbound_enabled = false;
}

/** attach_kb and remove_kb @param {Edit} e */
function knowledgeBase({ op, b, v, store }) {
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
}

/** edit_voice: the voice and its language, and the secondary ones when sent. @param {Edit} e */
function editVoice(e) {
	const { b, v } = e;
	const chosen = voice(e, b.voice_id);
	mustSpeak(chosen, language(e, 'language'));
	if (b.secondary_voice_id !== undefined && b.secondary_voice_id !== null) {
		if (!uuid(b.secondary_voice_id)) throw new Invalid("'secondary_voice_id' must be a UUID");
		const sv = voice(e, b.secondary_voice_id);
		const lang = b.secondary_language ?? v.secondary_language;
		if (b.secondary_language !== undefined) language(e, 'secondary_language');
		mustSpeak(sv, lang);
		v.secondary_voice_id = sv.id;
		v.secondary_language = lang;
	} else if (b.secondary_language !== undefined && b.secondary_language !== null) {
		language(e, 'secondary_language');
		if (v.secondary_voice_id) mustSpeak(voice(e, v.secondary_voice_id), b.secondary_language);
		v.secondary_language = b.secondary_language;
	}
	v.voice_id = chosen.id;
	v.language = b.language;
}

/** edit_query_phrases @param {Edit} e */
function editQueryPhrases({ b, v }) {
	const p = b.pre_query_phrase_probability;
	if (p !== undefined && p !== null && (!num(p) || p < 0 || p > 1)) {
		throw new Invalid("'pre_query_phrase_probability' must be a number from 0 to 1");
	}
	v.pre_query_response_phrases = [...b.pre_query_response_phrases];
	if (p !== undefined && p !== null) v.pre_query_phrase_probability = p;
}

/** edit_dtmf_settings @param {Edit} e */
function editDtmf({ b, v }) {
	if (!bool(b.dtmf_settings.dtmf_capturing_enabled)) {
		throw new Invalid("'dtmf_settings.dtmf_capturing_enabled' must be a boolean");
	}
	if (b.dtmf_settings.dtmf_input !== undefined && !isObject(b.dtmf_settings.dtmf_input)) {
		throw new Invalid("'dtmf_settings.dtmf_input' must be an object");
	}
	v.dtmf_settings = structuredClone(b.dtmf_settings);
}

/** edit_vad_settings @param {Edit} e */
function editVad({ b, v }) {
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
}

/** edit_agent_whitelisted_domains: origins only. @param {Edit} e */
function editWhitelistedDomains({ b, v }) {
	for (const d of b.whitelisted_domains) {
		let ok = false;
		try {
			const u = new URL(d);
			ok = (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === d.replace(/\/$/, '');
		} catch {
			ok = false;
		}
		if (!ok)
			throw new Invalid(
				`'whitelisted_domains' must hold origins such as https://example.com, got '${d}'`,
			);
	}
	v.whitelisted_domains = [...b.whitelisted_domains];
}

/** operation -> what it does, once its fields are checked. @type {Record<string, (e: Edit) => void>} */
const EDITS = {
	attach_inbound_number: attachNumber,
	remove_inbound_number: removeNumber,
	attach_kb: knowledgeBase,
	remove_kb: knowledgeBase,
	edit_custom_vars: ({ b, v }) => {
		for (const name of b.custom_variables) {
			if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
				throw new Invalid(`Invalid variable name '${name}'`);
		}
		v.custom_variables = [...b.custom_variables];
	},
	edit_language: (e) => {
		mustSpeak(voice(e, e.v.voice_id), language(e, 'language'));
		e.v.language = e.b.language;
	},
	edit_voice: editVoice,
	edit_secondary_language: (e) => {
		language(e, 'secondary_language');
		mustSpeak(voice(e, e.v.secondary_voice_id ?? e.v.voice_id), e.b.secondary_language);
		e.v.secondary_language = e.b.secondary_language;
	},
	edit_secondary_voice: (e) => {
		const chosen = voice(e, e.b.secondary_voice_id);
		mustSpeak(chosen, e.v.secondary_language);
		e.v.secondary_voice_id = chosen.id;
	},
	edit_prompt: ({ b, v }) => {
		if (!b.agent_prompt.trim()) throw new Invalid("'agent_prompt' must not be empty");
		v.agent_prompt = b.agent_prompt;
	},
	edit_agent_display_name: ({ b, agent }) => {
		if (!b.agent_display_name.trim()) throw new Invalid("'agent_display_name' must not be empty");
		agent.agent_display_name = b.agent_display_name;
	},
	edit_intro_message: ({ b, v }) => {
		v.intro_message = b.intro_message;
	},
	edit_noise_settings: ({ b, v }) => {
		v.mute_while_bot_speaking = b.mute_while_bot_speaking;
		v.mute_during_intro = b.mute_during_intro;
	},
	edit_query_phrases: editQueryPhrases,
	edit_dtmf_settings: editDtmf,
	edit_vad_settings: editVad,
	edit_agent_whitelisted_domains: editWhitelistedDomains,
	edit_voice_speed: ({ b, v }) => {
		if (b.voice_speed <= 0 || b.voice_speed > 4)
			throw new Invalid("'voice_speed' must be greater than 0 and at most 4");
		v.voice_speed = b.voice_speed;
	},
	edit_extract_callee_name: ({ b, v }) => {
		v.extract_callee_name = b.extract_callee_name;
	},
	edit_vocab: ({ b, v }) => {
		if (b.vocab.length > 100) throw new Invalid("'vocab' can hold at most 100 words");
		v.vocab = [...b.vocab];
	},
	edit_api_settings: ({ b, v }) => {
		v.api_settings = structuredClone(b.api_settings);
	},
	// The list replaces the version's whole list (backend schema reference): an entry left out
	// is deleted, and a masked value sent back is stored as it is.
	edit_event_subscriptions: ({ b, v }) => {
		v.event_subscriptions = checkSubscriptions(b.event_subscriptions);
	},
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
	EDITS[op]({ op, b, agent, v, store });
	agent.updated_at = store.now();
	return { status: 200, body: { message: 'Agent updated successfully!', agent_id: agent.id } };
}

module.exports = { editAgent };
