// @ts-check
'use strict';

/**
 * Campaigns (campaigns.js): the figures and words of the area, and BulkList, a saved or
 * uploaded contact list.
 */

/** Lines a campaign keeps busy at once (the sandbox's own figure; none is published). */
const CONCURRENCY = 50;
const FINAL = ['completed', 'failed', 'error', 'cancelled', 'forwarded'];
const MOBILE_COLUMN = 'Mobile Number';
/** call_config.call_time.timezone when absent (vendor default). */
const DEFAULT_ZONE = 'Asia/Kolkata';
/** Nominal verification of a large upload (divided by the speed): queued, then per row. */
const VERIFY = { uploadedMs: 1000, baseMs: 2000, perRowMs: 1 };
/** Credits a contact is expected to cost (sandbox's own estimate): 15 s at its rate. */
const ESTIMATE_SECONDS = 15;
/** "DD/MM/YYYY, HH:MM" (vendor format of campaign_start_time / campaign_end_time). */
const CAMPAIGN_TIME_RE = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2})$/;

/** campaign_status by stage: 'page' (the start page) and 'schema' (the schema enum). */
const VOCABULARIES = {
	page: { draft: 'draft', scheduled: 'scheduled', ongoing: 'ongoing', completed: 'completed' },
	schema: { draft: 'pending', scheduled: 'registered', ongoing: 'running', completed: 'completed' },
};
const VARIANTS = ['page', 'schema'];

/** The form fields of each multipart endpoint: required, then optional. */
const FORMS = {
	save: {
		required: [
			'file',
			'variables_map',
			'agent_id',
			'campaign_name',
			'call_config',
			'country_code',
			'campaign_start_time',
			'campaign_end_time',
		],
		optional: ['remove_invalid_rows', 'transliterate_callee_name'],
	},
	upload: {
		required: ['file', 'variables_map', 'agent_id', 'country_code', 'campaign_name'],
		// The page's table asks for the times and call_config at upload, the schema at step 4.
		optional: [
			'remove_invalid_rows',
			'transliterate_callee_name',
			'campaign_start_time',
			'campaign_end_time',
			'call_config',
		],
	},
};

/** The error of every CSV or mapping problem at large upload (vendor wording). */
const UPLOAD_CSV_ERROR = 'Invalid CSV file or variable mapping.';
const LEGACY_CALLBACK =
	"'callback_url' is not accepted: it left the schema on 2026-08-03 (use the assistant's event subscriptions)";

const given = (/** @type {unknown} */ v) => v !== undefined && v !== null;
const round = (/** @type {number} */ n) => Math.round(n * 10000) / 10000;

/**
 * A saved or uploaded contact list: the campaign that calls it. campaign_status, the counts
 * and updated_at are read live (GET /campaign/all reads them as fields).
 */
class BulkList {
	/** @param {import('../store').Store} store @param {Record<string, any>} p */
	constructor(store, p) {
		Object.defineProperty(this, 'store', { value: store, enumerable: false });
		/** @type {import('../store').Store} */
		this.store;
		/** @type {string} */
		this.id = p.id;
		/** @type {string} */
		this.name = p.name;
		/** @type {'standard' | 'large'} */
		this.flow = p.flow;
		/** @type {number} */
		this.created_at = p.created_at;
		/** @type {number | undefined} */
		this.campaign_start_time = p.campaign_start_time;
		/** @type {number | undefined} */
		this.campaign_end_time = p.campaign_end_time;
		Object.assign(this, p);
		/** @type {any[]} the valid rows, in file order */
		this.contacts = p.contacts;
		/** @type {any} null until started */
		this.started = null;
		/** make-call-async found too few credits: no calls until a check-balance finds enough */
		this.insufficient = false;
		/** @type {any[]} one call per contact, once started */
		this.calls = [];
		/** the next call to release */
		this.next = 0;
		/** @type {Set<any>} released calls not yet final */
		this.live = new Set();
	}

	get campaign_status() {
		const words = VOCABULARIES[this.store.campaignStatuses] ?? VOCABULARIES.page;
		if (this.insufficient) return 'insufficient_balance';
		if (!this.started) return words.draft;
		if (this.store.now() < /** @type {number} */ (this.campaign_start_time)) return words.scheduled;
		return this.calls.every((c) => FINAL.includes(c.status)) ? words.completed : words.ongoing;
	}

	get total_count() {
		return this.contacts.length;
	}

	get registered_count() {
		return this.calls.filter((c) => c.status === 'registered').length;
	}

	get completed_count() {
		return this.calls.filter((c) => c.status === 'completed').length;
	}

	get updated_at() {
		let t = Math.max(this.created_at, this.started?.at ?? 0);
		for (const c of this.calls) t = Math.max(t, c.ended_at ?? c.call_attempt_time ?? 0);
		return t;
	}
}

module.exports = {
	CONCURRENCY,
	FINAL,
	MOBILE_COLUMN,
	DEFAULT_ZONE,
	VERIFY,
	ESTIMATE_SECONDS,
	CAMPAIGN_TIME_RE,
	VOCABULARIES,
	VARIANTS,
	FORMS,
	UPLOAD_CSV_ERROR,
	LEGACY_CALLBACK,
	given,
	round,
	BulkList,
};
