// @ts-check
'use strict';

const { uuidFrom, isoUtc } = require('./util');
const { fixtureId, EVENT_TYPES } = require('./fixtures');
const recordings = require('./recordings');
const { Invalid } = require('./errors');
const { isHttpUrl } = require('./readers');

/**
 * Assistants as the live service keeps them (vendor reference and a public integration,
 * 2026-08/09): the root holds who the assistant is; its configuration lives in versions.
 * `active_agent_version_id` names the live version; it is null while an A/B test runs, and
 * then the versions' `call_traffic` decides which one takes a call.
 *
 * GET /agent/{id} renders it two ways: 'live' (versioned: `version_details.<id>`) and
 * 'docs' (the flat object of the reference: `voice`, `language`, `agent_config` at the root).
 */

/** Configuration fields a version carries (what PATCH /agent/v1 edits). */
const CONFIG = [
	'language',
	'secondary_language',
	'voice_id',
	'secondary_voice_id',
	'intro_message',
	'agent_prompt',
	'custom_variables',
	'kb_ids',
	'whitelisted_domains',
	'voice_speed',
];

/** Settings every version starts with (edits of the noise, VAD, DTMF ... operations). */
const SETTINGS = {
	mute_while_bot_speaking: false,
	mute_during_intro: true,
	extract_callee_name: false,
	vocab: [],
	pre_query_response_phrases: [],
	pre_query_phrase_probability: 0,
	dtmf_settings: { dtmf_capturing_enabled: false },
	vad_settings: { vad_override: false, interruption_sensitivity: 'default' },
	api_settings: {},
};

/**
 * A stored assistant from its fixture. Plain fixtures get one version whose ID is drawn
 * from `rand` (so the seeded history keeps its IDs); A/B and multi_node fixtures name theirs.
 * @param {any} fixture @param {() => number} rand @param {{created: number, updated: number}} times
 */
function buildAgent(fixture, rand, times) {
	const base = Object.fromEntries(CONFIG.map((k) => [k, structuredClone(fixture[k])]));
	const specs = fixture.versions ?? [{ slug: 'v1', description: null, call_traffic: 100 }];
	const versions = specs.map((/** @type {any} */ v) => ({
		...structuredClone(SETTINGS),
		...base,
		...Object.fromEntries(CONFIG.filter((k) => k in v).map((k) => [k, structuredClone(v[k])])),
		version_id: v.n ? fixtureId('a7a7a7a7', v.n) : uuidFrom(rand),
		version_slug: v.slug,
		description: v.description,
		call_traffic: v.call_traffic,
		event_subscriptions: [],
	}));
	const ab = versions.length > 1;
	return {
		id: fixture.id,
		agent_display_name: fixture.agent_display_name,
		agent_type: fixture.agent_type ?? 'outbound',
		orchestration_mode: fixture.orchestration_mode ?? 'single_node',
		form_fields: [],
		classification_labels: structuredClone(fixture.classification_labels ?? []),
		is_ab_live: ab,
		active_agent_version_id: ab ? null : versions[0].version_id,
		versions,
		created_at: times.created,
		updated_at: times.updated,
	};
}

/** @param {any} agent @param {string} versionId */
const versionById = (agent, versionId) =>
	agent.versions.find((/** @type {any} */ v) => v.version_id === versionId.toLowerCase());

/**
 * The version an edit or a read without version_id means: the active one; during an A/B test
 * (no active version) the one with the most traffic, the first listed on a tie. The tie rule
 * is the sandbox's own choice: the vendor does not say.
 * @param {any} agent
 */
function defaultVersion(agent) {
	if (agent.active_agent_version_id) return versionById(agent, agent.active_agent_version_id);
	return agent.versions.reduce(
		(/** @type {any} */ best, /** @type {any} */ v) =>
			v.call_traffic > best.call_traffic ? v : best,
		agent.versions[0],
	);
}

/** The version that takes a new call: the active one, else drawn by traffic. @param {any} agent @param {() => number} rand */
function servingVersion(agent, rand) {
	if (agent.active_agent_version_id) return versionById(agent, agent.active_agent_version_id);
	const total = agent.versions.reduce(
		(/** @type {number} */ s, /** @type {any} */ v) => s + v.call_traffic,
		0,
	);
	let pick = rand() * total;
	for (const v of agent.versions) {
		pick -= v.call_traffic;
		if (pick < 0) return v;
	}
	return agent.versions[agent.versions.length - 1];
}

/**
 * `version_id` of an edit or a call: absent means the default version; a value must be a
 * version of this assistant.
 * @param {any} agent @param {unknown} raw
 */
function pickVersion(agent, raw) {
	if (raw === undefined || raw === null || raw === '') return undefined;
	if (typeof raw !== 'string') throw new Invalid("'version_id' must be a string");
	const v = versionById(agent, raw);
	if (!v) throw new Invalid(`Version ${raw} not found for this agent`, 404);
	return v;
}

/** Headers whose values the service masks on read. */
const SECRET_HEADER = /auth|key|token|secret|signature|password|cookie/i;

/** `Bearer abc` -> `Bear***`: what the service shows of a secret-looking header value. */
const mask = (/** @type {string} */ value) => `${value.slice(0, 4)}***`;

/** Subscriptions as read back: secret-looking header values masked. @param {any[]} list */
function maskedSubscriptions(list) {
	return list.map((s) => ({
		...structuredClone(s),
		headers: Object.fromEntries(
			Object.entries(s.headers ?? {}).map(([k, v]) => [
				k,
				SECRET_HEADER.test(k) ? mask(String(v)) : v,
			]),
		),
	}));
}

const METHODS = ['POST', 'PUT', 'PATCH'];

/**
 * `event_subscriptions` of edit_event_subscriptions: a list of {event_type (a string or a
 * list), callback_url, headers?, method_type?, auth_fetch_config?}. It replaces the whole list.
 * @param {unknown} raw
 */
function checkSubscriptions(raw) {
	if (!Array.isArray(raw)) {
		throw new Invalid(
			"'event_subscriptions' must be a list of {event_type, callback_url, headers, method_type}",
		);
	}
	return raw.map((entry, n) => {
		const at = `event_subscriptions[${n}]`;
		if (!entry || typeof entry !== 'object' || Array.isArray(entry))
			throw new Invalid(`'${at}' must be an object`);
		const types = Array.isArray(entry.event_type) ? entry.event_type : [entry.event_type];
		if (
			!types.length ||
			types.some((/** @type {unknown} */ t) => !EVENT_TYPES.includes(/** @type {string} */ (t)))
		) {
			throw new Invalid(
				`'${at}.event_type' must be one of ${EVENT_TYPES.join(', ')}, or a list of them`,
			);
		}
		if (!isHttpUrl(entry.callback_url))
			throw new Invalid(`'${at}.callback_url' must be an http or https URL`);
		const headers = entry.headers ?? {};
		if (
			typeof headers !== 'object' ||
			Array.isArray(headers) ||
			!Object.values(headers).every((v) => typeof v === 'string')
		)
			throw new Invalid(`'${at}.headers' must be an object of string values`);
		const method = entry.method_type ?? 'POST';
		if (!METHODS.includes(method))
			throw new Invalid(`'${at}.method_type' must be one of ${METHODS.join(', ')}`);
		/** @type {Record<string, unknown>} */
		const out = {
			event_type: structuredClone(entry.event_type),
			callback_url: entry.callback_url,
			headers: { ...headers },
			method_type: method,
		};
		if (entry.auth_fetch_config !== undefined)
			out.auth_fetch_config = structuredClone(entry.auth_fetch_config);
		return out;
	});
}

/** Whether a subscription entry covers an event type. @param {any} entry @param {string} type */
const covers = (entry, type) =>
	Array.isArray(entry.event_type) ? entry.event_type.includes(type) : entry.event_type === type;

/** @param {import('./store').Store} store @param {any} version @param {string} origin */
function voiceOf(store, version, origin) {
	const voice = store.voices.get(version.voice_id);
	return {
		id: voice.id,
		name: voice.name,
		voice_preview: recordings.voicePreviewUrl(voice, origin),
	};
}

/** The prompt as the live service keeps it: sections. A text prompt is one section. @param {string | null} prompt */
const promptSections = (prompt) =>
	prompt === null
		? null
		: { prompt_sections: [{ section_title: 'Instructions', section_content: prompt }] };

/** GET /agent/{id}, live: the root plus every version under version_details. @param {any} a @param {import('./store').Store} store @param {string} origin */
function versionedView(a, store, origin) {
	const multi = a.orchestration_mode === 'multi_node';
	return {
		id: a.id,
		agent_display_name: a.agent_display_name,
		agent_type: a.agent_type,
		orchestration_mode: a.orchestration_mode,
		form_fields: structuredClone(a.form_fields),
		classification_labels: structuredClone(a.classification_labels),
		is_ab_live: a.is_ab_live,
		active_agent_version_id: a.active_agent_version_id,
		ab_versions: Object.fromEntries(
			a.versions.map((/** @type {any} */ v) => [
				v.version_id,
				{ slug: v.version_slug, description: v.description, call_traffic: v.call_traffic },
			]),
		),
		version_details: Object.fromEntries(
			a.versions.map((/** @type {any} */ v) => {
				/** @type {Record<string, unknown>} */
				const d = {
					version_id: v.version_id,
					version_slug: v.version_slug,
					language: v.language,
					secondary_language: v.secondary_language,
					secondary_voice_id: v.secondary_voice_id,
					voice: voiceOf(store, v, origin),
					whitelisted_domains: [...v.whitelisted_domains],
					tools: [],
					event_subscriptions: maskedSubscriptions(v.event_subscriptions),
					agent_config: {
						// multi_node assistants keep their prompts in their nodes: none here.
						agent_prompt: multi ? null : promptSections(v.agent_prompt),
						custom_variables: [...v.custom_variables],
						intro_message: `<p>${v.intro_message}</p>`,
						vocab: [...v.vocab],
						voice_speed: v.voice_speed,
					},
				};
				// Absent on multi_node assistants even with one attached.
				if (!multi) d.knowledge_bases = knowledgeBases(store, v);
				return [v.version_id, d];
			}),
		),
	};
}

/** @param {import('./store').Store} store @param {any} v */
const knowledgeBases = (store, v) =>
	v.kb_ids.map((/** @type {string} */ id) => ({
		id,
		name: store.knowledgeBases.get(id)?.name ?? null,
	}));

/** GET /agent/{id}, as the reference shows it: flat, the default version's configuration. @param {any} a @param {import('./store').Store} store @param {string} origin */
function flatView(a, store, origin) {
	const v = defaultVersion(a);
	return {
		id: a.id,
		agent_display_name: a.agent_display_name,
		agent_type: a.agent_type,
		language: v.language,
		secondary_language: v.secondary_language,
		voice: voiceOf(store, v, origin),
		secondary_voice_id: v.secondary_voice_id,
		agent_config: {
			agent_prompt: v.agent_prompt,
			intro_message: v.intro_message,
			custom_variables: [...v.custom_variables],
		},
		whitelisted_domains: [...v.whitelisted_domains],
		voice_speed: v.voice_speed,
		event_subscriptions: maskedSubscriptions(v.event_subscriptions),
		created_at: isoUtc(a.created_at),
		updated_at: isoUtc(a.updated_at),
	};
}

/**
 * A row of GET /agent/all. Live rows have no custom_variables (the reference's do).
 * @param {any} a @param {import('./store').Store} store @param {'live' | 'docs'} shape
 */
function listRow(a, store, shape) {
	const v = defaultVersion(a);
	/** @type {Record<string, unknown>} */
	const row = {
		id: a.id,
		agent_display_name: a.agent_display_name,
		agent_type: a.agent_type,
		created_at: isoUtc(a.created_at),
		updated_at: isoUtc(a.updated_at),
		call_count: store.calls.filter((c) => c.agent.id === a.id).length,
		tools: [],
		is_archived: a.is_archived === true,
		secondary_language: v.secondary_language,
		secondary_voice_id: v.secondary_voice_id,
	};
	if (shape === 'docs') row.custom_variables = [...v.custom_variables];
	else row.orchestration_mode = a.orchestration_mode;
	return row;
}

module.exports = {
	CONFIG,
	buildAgent,
	versionById,
	defaultVersion,
	servingVersion,
	pickVersion,
	checkSubscriptions,
	maskedSubscriptions,
	covers,
	versionedView,
	flatView,
	listRow,
};
