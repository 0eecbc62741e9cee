// @ts-check
'use strict';

const { Invalid } = require('../errors');
const { isObject } = require('../readers');
const { FORMS, given, BulkList } = require('./model');
const { agentOf, zoneOf, campaignWindow, readList } = require('./form');
const {
	requiredCredits,
	availableCredits,
	callerNumbers,
	poolNumbers,
	completionUsers,
	dial,
	findList,
	onlyFields,
} = require('./run');

/**
 * Campaigns: the standard flow, POST /campaign/save (multipart) then POST /campaign/start or
 * /campaign/v2/start.
 */

/**
 * POST /campaign/save (multipart). Invalid rows (bad or missing number, wrong field count) are
 * counted in failed_rows and never called, with or without remove_invalid_rows (FACTS does
 * not say what keeping them does; the sandbox's reading: the save succeeds either way).
 * @param {import('../route').Ctx} ctx @returns {import('../route').Reply}
 */
function saveCampaign(ctx) {
	const { store } = ctx;
	const read = readList(ctx, FORMS.save, undefined);
	const zone = zoneOf(read.call_config);
	const { from, to } = campaignWindow(
		store,
		read.fields.campaign_start_time,
		read.fields.campaign_end_time,
		zone,
	);
	const at = store.now();
	const list = new BulkList(store, {
		...read,
		id: store.newId(),
		flow: 'standard',
		endpoint: 'POST /campaign/save',
		created_at: at,
		time_zone: zone,
		campaign_start_time: from,
		campaign_end_time: to,
	});
	store.bulkLists.set(list.id, list);
	store.campaigns.push(list);
	return {
		status: 200,
		body: {
			message: 'Contacts imported successfully!',
			list_id: list.id,
			custom_args_values: list.contacts.map((c) => ({ ...c.variables })),
			total_rows: list.total_rows,
			successful_rows: list.successful_rows,
			failed_rows: list.failed_rows,
		},
	};
}

/** @param {import('../route').Ctx} ctx @param {boolean} v2 @returns {import('../route').Reply} */
function start(ctx, v2) {
	const { store } = ctx;
	if (!isObject(ctx.body)) throw new Invalid('Request body must be a JSON object');
	const b = /** @type {Record<string, unknown>} */ (ctx.body);
	const required = v2
		? ['agent_id', 'list_id', 'number_pool_id']
		: ['agent_id', 'list_id', 'from_numbers'];
	onlyFields(b, v2 ? [...required, 'email_completion_user_ids'] : required, 400);
	for (const key of required) if (!given(b[key])) throw new Invalid(`'${key}' is required`);
	const agent = agentOf(store, b.agent_id);
	const list = findList(store, /** @type {string} */ (b.list_id), 'standard');
	if (!list) throw new Invalid('Campaign not found.', 404);
	if (list.started) throw new Invalid('Campaign already started.');
	const numbers = v2 ? poolNumbers(store, b.number_pool_id) : callerNumbers(store, b.from_numbers);
	const users = v2 ? completionUsers(store, b.email_completion_user_ids) : null;
	if (requiredCredits(list) > availableCredits(store))
		throw new Invalid('Insufficient credits.', 402);
	list.started = {
		at: store.now(),
		via: v2 ? 'POST /campaign/v2/start' : 'POST /campaign/start',
		agent_id: agent.id,
		numbers,
		from_numbers: v2 ? null : b.from_numbers,
		number_pool_id: v2 ? b.number_pool_id : null,
		email_completion_user_ids: users,
		body: structuredClone(b),
	};
	dial(store, list);
	return {
		status: 200,
		body: { status: 'campaign registered successfully!', has_ongoing_calls: false },
	};
}

/** POST /campaign/start (deprecated) {agent_id, list_id, from_numbers}. @param {import('../route').Ctx} ctx */
const startCampaign = (ctx) => start(ctx, false);
/** POST /campaign/v2/start {agent_id, list_id, number_pool_id, email_completion_user_ids?}. @param {import('../route').Ctx} ctx */
const startCampaignV2 = (ctx) => start(ctx, true);

module.exports = { saveCampaign, startCampaign, startCampaignV2 };
