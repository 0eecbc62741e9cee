// @ts-check
'use strict';

const { UUID_RE } = require('./util');
const { LANGUAGES } = require('./fixtures');
const { versionedView, flatView, listRow } = require('./agents');
const recordings = require('./recordings');
const { Invalid } = require('./errors');
const { createAgent, CREATE_LANGUAGES } = require('./publicAgent');
const { one, intParam } = require('./readers');
const { editAgent } = require('./agentEdit');
const { route } = require('./route');

/**
 * The assistant endpoints: edit (PATCH /agent/v1, its operations in agentEdit.js), read,
 * archive, list, voices. Creating one is publicAgent.js's; the model (versions, views) is
 * agents.js's.
 */

/** @typedef {import('./route').Ctx} Ctx @typedef {import('./route').Reply} Reply */

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
