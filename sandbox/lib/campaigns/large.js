// @ts-check
'use strict';

const { Invalid } = require('../errors');
const { checkCallConfig } = require('../callConfig');
const { isObject } = require('../readers');
const { VERIFY, FORMS, UPLOAD_CSV_ERROR, given, BulkList } = require('./model');
const { agentOf, countryCode, zoneOf, campaignWindow, readList } = require('./form');
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
 * Campaigns: the large flow, POST /campaign/upload-csv (multipart) -> GET
 * /campaign/upload-status/{id} -> POST /campaign/check-balance/{id} and POST
 * /campaign/make-call-async, in either order; answers in the variant store.largeFlow names.
 */

/** Where a large upload's verification is: uploaded, processing, completed or failed. @param {BulkList} list @param {number} now */
function stage(list, now) {
	if (now < list.processing_at) return 'uploaded';
	if (now < list.verified_at) return 'processing';
	return list.contacts.length ? 'completed' : 'failed';
}

/** The list's status in the schema variant's words. @param {BulkList} list @param {number} now */
function schemaStatus(list, now) {
	const s = stage(list, now);
	if (s === 'uploaded' || s === 'processing') return 'verifying';
	if (s === 'failed') return 'failed';
	if (list.insufficient) return 'insufficient_balance';
	return list.started ? 'scheduled' : 'draft';
}

/** The schema variant's six keys (step 1 and step 2). @param {import('../route').Ctx} ctx @param {BulkList} list */
function schemaView(ctx, list) {
	const done =
		stage(list, ctx.store.now()) === 'completed' || stage(list, ctx.store.now()) === 'failed';
	return {
		bulk_list_id: list.id,
		status: schemaStatus(list, ctx.store.now()),
		campaign_name: list.name,
		total_callees: list.total_rows,
		invalidated_rows_count: done ? list.failed_rows : 0,
		invalidated_rows_csv_url:
			done && list.failed_rows
				? `${ctx.origin}/__sandbox/campaigns/${list.id}/invalid-rows.csv`
				: null,
	};
}

/** Lists a large campaign once its times are known (GET /campaign/all shows start and end). @param {import('../store').Store} store @param {BulkList} list */
function listed(store, list) {
	if (list.campaign_start_time !== undefined && !store.campaigns.includes(list))
		store.campaigns.push(list);
}

/**
 * POST /campaign/upload-csv (multipart). Also takes campaign_start_time, campaign_end_time and
 * call_config (the page asks for them here, the schema at make-call-async).
 * @param {import('../route').Ctx} ctx @returns {import('../route').Reply}
 */
function uploadCsv(ctx) {
	const { store } = ctx;
	const read = readList(ctx, FORMS.upload, UPLOAD_CSV_ERROR);
	const zone = zoneOf(read.call_config);
	const { campaign_start_time: s, campaign_end_time: e } = read.fields;
	let window;
	if (given(s) || given(e)) {
		if (!given(s) || !given(e))
			throw new Invalid("Send both 'campaign_start_time' and 'campaign_end_time', or neither");
		window = campaignWindow(store, s, e, zone);
	}
	const at = store.now();
	const processing = at + VERIFY.uploadedMs / store.speed;
	const list = new BulkList(store, {
		...read,
		id: store.newId(),
		flow: 'large',
		endpoint: 'POST /campaign/upload-csv',
		created_at: at,
		time_zone: zone,
		campaign_start_time: window?.from,
		campaign_end_time: window?.to,
		processing_at: processing,
		verified_at: processing + (VERIFY.baseMs + VERIFY.perRowMs * read.total_rows) / store.speed,
	});
	store.bulkLists.set(list.id, list);
	listed(store, list);
	if (store.largeFlow === 'schema') return { status: 200, body: schemaView(ctx, list) };
	return {
		status: 200,
		body: {
			bulk_list_id: list.id,
			status: 'uploaded',
			message: 'CSV upload accepted for processing',
		},
	};
}

/** @param {import('../route').Ctx} ctx */
function largeList(ctx) {
	const list = findList(ctx.store, ctx.params.bulk_list_id, 'large');
	if (!list) throw new Invalid('Bulk list not found.', 404);
	return list;
}

/** GET /campaign/upload-status/{bulk_list_id}. @param {import('../route').Ctx} ctx @returns {import('../route').Reply} */
function uploadStatus(ctx) {
	const list = largeList(ctx);
	const now = ctx.store.now();
	if (ctx.store.largeFlow === 'schema') return { status: 200, body: schemaView(ctx, list) };
	const s = stage(list, now);
	// Rows are verified at an even pace over the processing time.
	const processed =
		s === 'uploaded'
			? 0
			: s === 'processing'
				? Math.floor(
						(list.total_rows * (now - list.processing_at)) /
							(list.verified_at - list.processing_at),
					)
				: list.total_rows;
	const ok = list.rows.slice(0, processed).filter((/** @type {any} */ r) => r.valid).length;
	return {
		status: 200,
		body: {
			bulk_list_id: list.id,
			status: s,
			total_rows: list.total_rows,
			processed_rows: processed,
			successful_rows: ok,
			failed_rows: processed - ok,
		},
	};
}

/**
 * POST /campaign/check-balance/{bulk_list_id}, before or after make-call-async. After it, on a
 * campaign left in insufficient_balance, enough credits now register its calls.
 * @param {import('../route').Ctx} ctx @returns {import('../route').Reply}
 */
function checkBalance(ctx) {
	const { store } = ctx;
	const list = largeList(ctx);
	const required = requiredCredits(list);
	const available = availableCredits(store);
	const enough = available >= required;
	if (list.insufficient && enough) {
		list.insufficient = false;
		dial(store, list);
	}
	if (store.largeFlow === 'page')
		return {
			status: 200,
			body: {
				bulk_list_id: list.id,
				required_credits: required,
				available_credits: available,
				sufficient_balance: enough,
			},
		};
	const status = schemaStatus(list, store.now());
	return {
		status: 200,
		body: {
			status: status === 'draft' && !enough ? 'insufficient_balance' : status,
			bulk_list_id: list.id,
			message: enough
				? 'Sufficient balance to run the campaign.'
				: 'Insufficient balance to run the campaign.',
		},
	};
}

const MAKE_CALL_FIELDS = [
	'bulk_list_id',
	'agent_id',
	'country_code',
	'campaign_start_time',
	'campaign_end_time',
	'call_config',
	'from_numbers',
	'number_pool_id',
	'concurrency_percentage',
	'email_completion_user_ids',
];

/**
 * POST /campaign/make-call-async (JSON). The schema requires the times, call_config and
 * country_code here, the page only agent_id, bulk_list_id and from_numbers: what was sent at
 * upload stands in for what is not sent here (what is sent here wins). Exactly one of
 * from_numbers and number_pool_id (422 otherwise). Never twice for one list.
 * @param {import('../route').Ctx} ctx @returns {import('../route').Reply}
 */
function makeCallAsync(ctx) {
	const { store } = ctx;
	if (!isObject(ctx.body)) throw new Invalid('Request body must be a JSON object', 422);
	const b = /** @type {Record<string, unknown>} */ (ctx.body);
	onlyFields(b, MAKE_CALL_FIELDS, 422);
	for (const key of ['bulk_list_id', 'agent_id'])
		if (!given(b[key]) || typeof b[key] !== 'string')
			throw new Invalid(`'${key}' is required`, 422);
	if (given(b.from_numbers) === given(b.number_pool_id))
		throw new Invalid("Send exactly one of 'from_numbers' and 'number_pool_id'", 422);
	if (given(b.call_config) && !isObject(b.call_config))
		throw new Invalid("'call_config' must be an object", 422);
	for (const key of ['country_code', 'campaign_start_time', 'campaign_end_time'])
		if (given(b[key]) && typeof b[key] !== 'string')
			throw new Invalid(`'${key}' must be a string`, 422);
	const pct = b.concurrency_percentage;
	if (given(pct) && (typeof pct !== 'number' || !Number.isInteger(pct) || pct < 0 || pct > 100))
		throw new Invalid("'concurrency_percentage' must be an integer from 0 to 100", 422);

	const list = findList(store, /** @type {string} */ (b.bulk_list_id), 'large');
	if (!list) throw new Invalid('Bulk list not found.');
	const agent = agentOf(store, b.agent_id);
	if (stage(list, store.now()) !== 'completed')
		throw new Invalid('Bulk list is not ready to start.');
	if (list.started) throw new Invalid('Bulk list already started.');

	const config = given(b.call_config) ? checkCallConfig(b.call_config) : list.call_config;
	const startText = b.campaign_start_time ?? list.fields.campaign_start_time;
	const endText = b.campaign_end_time ?? list.fields.campaign_end_time;
	for (const [key, v] of [
		['campaign_start_time', startText],
		['campaign_end_time', endText],
		['call_config', config],
	])
		if (!given(v)) throw new Invalid(`'${key}' is required (here or at upload)`, 422);
	const code = given(b.country_code) ? countryCode(b.country_code) : list.country_code;
	const zone = zoneOf(config);
	const { from, to } = campaignWindow(store, startText, endText, zone);
	const numbers = given(b.number_pool_id)
		? poolNumbers(store, b.number_pool_id)
		: callerNumbers(store, b.from_numbers);
	const users = completionUsers(store, b.email_completion_user_ids);

	Object.assign(list, {
		call_config: config,
		country_code: code,
		time_zone: zone,
		campaign_start_time: from,
		campaign_end_time: to,
	});
	list.started = {
		at: store.now(),
		via: 'POST /campaign/make-call-async',
		agent_id: agent.id,
		numbers,
		from_numbers: b.from_numbers ?? null,
		number_pool_id: b.number_pool_id ?? null,
		email_completion_user_ids: users,
		concurrency_percentage: pct ?? 0,
		body: structuredClone(b),
	};
	listed(store, list);
	// Too few credits: registered nothing; a check-balance with enough credits dials it.
	if (requiredCredits(list) > availableCredits(store)) list.insufficient = true;
	else dial(store, list);
	const body =
		store.largeFlow === 'schema'
			? { message: 'Campaign calls scheduled', bulk_list_id: list.id, status: 'scheduled' }
			: { bulk_list_id: list.id, status: 'scheduled', message: 'Large campaign calls queued' };
	return { status: 200, body };
}

module.exports = { uploadCsv, uploadStatus, checkBalance, makeCallAsync, stage };
