// @ts-check
'use strict';

const { isoOffset } = require('../util');
const { writeCsv } = require('../csv');
const { VARIANTS } = require('./model');
const { requiredCredits } = require('./run');
const { stage } = require('./large');

/**
 * Campaigns: the sandbox's own view (GET /__sandbox/campaigns, the invalid rows' CSV) and
 * the check of the two switches' values.
 */

/** @typedef {import('./model').BulkList} BulkList */

/**
 * A created campaign as GET /__sandbox/campaigns shows it: what was sent (form fields, the
 * file's size and SHA-256, its text when small), the rows as read, and where it is.
 * @param {BulkList} list @param {boolean} withRows
 */
function campaignView(list, withRows) {
	const store = list.store;
	/** @type {Record<string, number>} */
	const calls = {};
	for (const c of list.calls) calls[c.status] = (calls[c.status] ?? 0) + 1;
	const at = (/** @type {number | undefined} */ ms) => (ms === undefined ? null : isoOffset(ms));
	return {
		id: list.id,
		flow: list.flow,
		endpoint: list.endpoint,
		name: list.name,
		created_at: isoOffset(list.created_at),
		fields: { ...list.fields },
		file: { ...list.file },
		agent_id: list.agent_id,
		country_code: list.country_code,
		variables_map: { ...list.variables_map },
		remove_invalid_rows: list.remove_invalid_rows,
		transliterate_callee_name: list.transliterate_callee_name,
		call_config: list.call_config ?? null,
		time_zone: list.time_zone,
		campaign_start_time: at(list.campaign_start_time),
		campaign_end_time: at(list.campaign_end_time),
		header: [...list.header],
		total_rows: list.total_rows,
		successful_rows: list.successful_rows,
		failed_rows: list.failed_rows,
		verification:
			list.flow === 'large'
				? {
						stage: stage(list, store.now()),
						processing_at: isoOffset(list.processing_at),
						verified_at: isoOffset(list.verified_at),
					}
				: null,
		required_credits: requiredCredits(list),
		started: list.started
			? { ...structuredClone(list.started), at: isoOffset(list.started.at) }
			: null,
		insufficient_balance: list.insufficient,
		campaign_status: list.campaign_status,
		calls,
		...(withRows
			? {
					rows: list.rows.map((/** @type {any} */ r) => ({
						row: r.row,
						mobile_number: r.mobile_number,
						variables: r.variables,
						valid: r.valid,
						reason: r.reason,
					})),
				}
			: {}),
	};
}

/** Every created campaign, oldest first. @param {import('../store').Store} store @param {{rows?: boolean}} [opts] */
function campaignsView(store, opts = {}) {
	return [...store.bulkLists.values()].map((l) => campaignView(l, opts.rows !== false));
}

/** The invalid rows of a list, as they were in the file (header first). @param {import('../store').Store} store @param {string} id */
function invalidRowsCsv(store, id) {
	const list = store.bulkLists.get(id.toLowerCase());
	if (!list) return undefined;
	return writeCsv([list.header, ...list.rows.filter((r) => !r.valid).map((r) => r.cells)]);
}

/** @param {unknown} v @param {string} what */
function variant(v, what) {
	if (typeof v !== 'string' || !VARIANTS.includes(v))
		throw new Error(`${what} must be 'page' or 'schema', got ${JSON.stringify(v)}`);
	return /** @type {'page' | 'schema'} */ (v);
}

module.exports = { campaignsView, invalidRowsCsv, variant };
