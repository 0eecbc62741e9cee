// @ts-check
'use strict';

const { createHash } = require('node:crypto');

const { Invalid } = require('./errors');
const { UUID_RE, E164_RE, localToInstant, isoOffset, isoUtc } = require('./util');
const { costFor } = require('./calls');
const { parseCsv, writeCsv, CsvError } = require('./csv');
const { checkCallConfig } = require('./callConfig');
const { intParam, boolParam, isObject } = require('./readers');
const { route } = require('./route');

/**
 * Campaigns, server-side bulk calling (vendor reference, beyond the contract), from FACTS.md
 * "Campaigns" only:
 *
 *   standard flow  POST /campaign/save (multipart) -> POST /campaign/start or /campaign/v2/start
 *   large flow     POST /campaign/upload-csv (multipart) -> GET /campaign/upload-status/{id}
 *                  -> POST /campaign/check-balance/{id} and POST /campaign/make-call-async,
 *                  in either order
 *
 * A saved or uploaded list is a campaign whose id is its list id (the reference's examples
 * suggest campaign_id = list_id). Starting it registers one call per valid contact, all at
 * once (so GET /campaign/all counts them and PATCH /campaign/terminate can cancel them); they
 * ring from the campaign's start time, at most CONCURRENCY at a time, each living the life
 * of any call (sandbox/lib/calls.js): outcomes by the number's last two digits, retries per
 * call_config, the call_config's daily window.
 *
 * Where FACTS gives two readings, a store switch picks the one served:
 *   store.largeFlow         'page' (default) | 'schema': the large flow's answers
 *   store.campaignStatuses  'page' (default) | 'schema': campaign_status vocabulary
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
	/** @param {import('./store').Store} store @param {Record<string, any>} p */
	constructor(store, p) {
		Object.defineProperty(this, 'store', { value: store, enumerable: false });
		/** @type {import('./store').Store} */
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

// ---- reading the form ---------------------------------------------------------------------

/**
 * The fields of a multipart form and its one file part, checked against the endpoint's list.
 * @param {unknown} body @param {{required: string[], optional: string[]}} spec
 */
function readForm(body, spec) {
	const form = /** @type {import('./multipart').Form} */ (body);
	const known = [...spec.required, ...spec.optional];
	/** @type {Record<string, string>} */
	const fields = {};
	/** @type {import('./multipart').Part | undefined} */
	let file;
	const seen = new Set();
	for (const part of form.parts) {
		if (!known.includes(part.name)) throw new Invalid(`Unknown field '${part.name}'`);
		if (seen.has(part.name)) throw new Invalid(`'${part.name}' is sent more than once`);
		seen.add(part.name);
		if (part.name === 'file') {
			if (part.filename === undefined)
				throw new Invalid("'file' must be a file (a part with a filename)");
			file = part;
		} else {
			if (part.filename !== undefined) throw new Invalid(`'${part.name}' must be text, not a file`);
			fields[part.name] = part.data.toString('utf8');
		}
	}
	for (const name of spec.required) {
		if (name === 'file' ? !file : !(name in fields) || fields[name].trim() === '')
			throw new Invalid(`'${name}' is required`);
	}
	return { fields, file: /** @type {import('./multipart').Part} */ (file) };
}

/** @param {string | undefined} raw @param {string} name */
function formBool(raw, name) {
	if (raw === undefined || raw.trim() === '') return false;
	const v = raw.trim().toLowerCase();
	if (v === 'true' || v === '1') return true;
	if (v === 'false' || v === '0') return false;
	throw new Invalid(`'${name}' must be true or false, got "${raw}"`);
}

/** An assistant of the workspace. @param {import('./store').Store} store @param {unknown} raw */
function agentOf(store, raw) {
	const agent =
		typeof raw === 'string' && UUID_RE.test(raw.trim())
			? store.agents.get(raw.trim().toLowerCase())
			: undefined;
	if (!agent || agent.is_archived) throw new Invalid('Invalid agent_id.');
	return agent;
}

/** @param {unknown} raw */
function countryCode(raw) {
	if (typeof raw !== 'string' || !/^\+[1-9]\d{0,3}$/.test(raw.trim()))
		throw new Invalid(
			`'country_code' must be a country calling code such as +91, got ${JSON.stringify(raw)}`,
		);
	return raw.trim();
}

/** @param {string} raw @returns {any} */
function callConfigText(raw) {
	let parsed;
	try {
		parsed = JSON.parse(raw);
	} catch {
		throw new Invalid("'call_config' must be a JSON object (a call configuration)");
	}
	if (!isObject(parsed))
		throw new Invalid("'call_config' must be a JSON object (a call configuration)");
	return checkCallConfig(parsed);
}

/** The zone campaign times are read in. @param {any} config */
const zoneOf = (config) => config?.call_time?.timezone ?? DEFAULT_ZONE;

/**
 * "DD/MM/YYYY, HH:MM" in `zone` -> epoch ms.
 * @param {unknown} raw @param {string} name @param {string} zone
 */
function campaignTime(raw, name, zone) {
	const m = typeof raw === 'string' ? CAMPAIGN_TIME_RE.exec(raw.trim()) : null;
	const ms = m ? localToInstant(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:00`, zone) : undefined;
	if (ms === undefined)
		throw new Invalid(
			`'${name}' must be a date and time DD/MM/YYYY, HH:MM (e.g. "18/10/2026, 09:00"), got ${JSON.stringify(raw)}`,
		);
	return ms;
}

/**
 * Start and end of a campaign: the start in the future (sandbox clock), the end after it.
 * @param {import('./store').Store} store @param {unknown} start @param {unknown} end @param {string} zone
 */
function campaignWindow(store, start, end, zone) {
	const from = campaignTime(start, 'campaign_start_time', zone);
	const to = campaignTime(end, 'campaign_end_time', zone);
	if (from <= store.now())
		throw new Invalid(`'campaign_start_time' must be in the future (time zone ${zone})`);
	if (to <= from) throw new Invalid("'campaign_end_time' must be after 'campaign_start_time'");
	return { from, to };
}

/** variables_map: a JSON object, variable -> column. @param {string} raw @param {string | undefined} csvError */
function variablesMap(raw, csvError) {
	let map;
	try {
		map = JSON.parse(raw);
	} catch {
		map = undefined;
	}
	if (
		!isObject(map) ||
		!Object.entries(map).every(([k, v]) => k.trim() !== '' && typeof v === 'string')
	)
		throw new Invalid(
			csvError ?? "'variables_map' must be a JSON object of variable -> CSV column names",
		);
	return /** @type {Record<string, string>} */ (map);
}

/** A callee's number: separators dropped; valid only with + and country code. @param {string} cell */
function cleanNumber(cell) {
	const number = cell.replace(/[\s\-().]/g, '');
	return E164_RE.test(number) ? number : null;
}

/**
 * The file's rows: each valid (a number with country code, as many fields as the header) or
 * not, with the mapped variables of the valid ones.
 * @param {Buffer} bytes @param {Record<string, string>} map @param {string | undefined} csvError
 */
function readRows(bytes, map, csvError) {
	let records;
	try {
		records = parseCsv(bytes);
	} catch (e) {
		if (e instanceof CsvError) throw new Invalid(csvError ?? 'Invalid file format.');
		throw e;
	}
	if (!records.length) throw new Invalid(csvError ?? 'Invalid file format.');
	const header = records[0];
	const duplicate = header.find((h, i) => header.indexOf(h) !== i);
	if (duplicate !== undefined)
		throw new Invalid(csvError ?? `Invalid file format: column '${duplicate}' appears twice.`);
	const mobile = header.indexOf(MOBILE_COLUMN);
	if (mobile < 0) throw new Invalid(csvError ?? `The file has no '${MOBILE_COLUMN}' column.`);
	const columns = Object.entries(map).map(([variable, column]) => {
		const at = header.indexOf(column);
		if (at < 0)
			throw new Invalid(csvError ?? `Column '${column}' of variables_map is not in the file.`);
		return { variable, at };
	});
	const rows = records.slice(1).map((cells, k) => {
		const row = k + 1;
		if (cells.length !== header.length)
			return {
				row,
				mobile_number: null,
				variables: null,
				valid: false,
				reason: `${cells.length} fields where the header has ${header.length}`,
				cells,
			};
		const number = cleanNumber(cells[mobile]);
		if (number === null)
			return {
				row,
				mobile_number: null,
				variables: null,
				valid: false,
				reason: cells[mobile].trim() ? 'invalid mobile number' : 'missing mobile number',
				cells,
			};
		/** @type {Record<string, string>} */
		const variables = {};
		for (const { variable, at } of columns)
			variables[variable] = at === mobile ? number : cells[at];
		return { row, mobile_number: number, variables, valid: true, reason: null, cells };
	});
	return { header, rows };
}

/**
 * The parts both uploads share: assistant, name, country code, options, the file's rows.
 * @param {import('./route').Ctx} ctx @param {{required: string[], optional: string[]}} spec @param {string | undefined} csvError
 */
function readList(ctx, spec, csvError) {
	const { store } = ctx;
	const { fields, file } = readForm(ctx.body, spec);
	const agent = agentOf(store, fields.agent_id);
	const name = fields.campaign_name.trim();
	const code = countryCode(fields.country_code);
	const removeInvalid = formBool(fields.remove_invalid_rows, 'remove_invalid_rows');
	const transliterate = formBool(fields.transliterate_callee_name, 'transliterate_callee_name');
	const config = given(fields.call_config) ? callConfigText(fields.call_config) : undefined;
	const map = variablesMap(fields.variables_map, csvError);
	const { header, rows } = readRows(file.data, map, csvError);
	return {
		fields,
		file: {
			field: file.name,
			filename: file.filename,
			content_type: file.contentType ?? null,
			bytes: file.data.length,
			sha256: createHash('sha256').update(file.data).digest('hex'),
			// Small files verbatim, for tests that read what was sent.
			text: file.data.length <= 65536 ? file.data.toString('utf8') : null,
		},
		agent_id: agent.id,
		name,
		country_code: code,
		remove_invalid_rows: removeInvalid,
		transliterate_callee_name: transliterate,
		call_config: config,
		variables_map: map,
		header,
		rows,
		contacts: rows.filter((r) => r.valid),
		total_rows: rows.length,
		successful_rows: rows.filter((r) => r.valid).length,
		failed_rows: rows.filter((r) => !r.valid).length,
	};
}

// ---- starting and running ------------------------------------------------------------------

/** Credits the sandbox expects a list to cost. @param {BulkList} list */
function requiredCredits(list) {
	let sum = 0;
	for (const c of list.contacts) sum += costFor(c.mobile_number, ESTIMATE_SECONDS);
	return Math.round(sum * 100) / 100;
}

/** The workspace's balance, as GET /workspace reports it. @param {import('./store').Store} store */
const availableCredits = (store) => round(store.workspace.credits_granted - store.creditsUsed());

/**
 * Caller numbers: phone numbers or number ids of the workspace (the schema says numbers, the
 * page ids: both are accepted).
 * @param {import('./store').Store} store @param {unknown} raw
 */
function callerNumbers(store, raw) {
	if (!Array.isArray(raw) || !raw.length)
		throw new Invalid("'from_numbers' must be a non-empty list of phone numbers or number ids");
	/** @type {string[]} */
	const out = [];
	for (const x of raw) {
		const n =
			typeof x !== 'string'
				? undefined
				: UUID_RE.test(x)
					? store.findNumber({ id: x.toLowerCase() })
					: E164_RE.test(x)
						? store.findNumber({ number: x })
						: undefined;
		if (!n)
			throw new Invalid(`'from_numbers': ${JSON.stringify(x)} is not a number of this workspace`);
		if (!out.includes(n.number)) out.push(n.number);
	}
	return out;
}

/** The numbers of a pool (no endpoint lists pools: a pool is the numbers carrying its id). */
function poolNumbers(/** @type {import('./store').Store} */ store, /** @type {unknown} */ raw) {
	const id = typeof raw === 'string' && UUID_RE.test(raw) ? raw.toLowerCase() : null;
	const numbers = id ? store.numbers.filter((n) => n.number_pool_id === id) : [];
	if (!numbers.length) throw new Invalid('Number pool not found.');
	return numbers.map((n) => n.number);
}

/** @param {import('./store').Store} store @param {unknown} raw */
function completionUsers(store, raw) {
	if (!given(raw)) return null;
	if (!Array.isArray(raw))
		throw new Invalid("'email_completion_user_ids' must be a list of user ids or null");
	for (const x of raw) {
		if (typeof x !== 'string' || !store.users.some((u) => u.id === x.toLowerCase()))
			throw new Invalid(
				`'email_completion_user_ids': ${JSON.stringify(x)} is not a user of this workspace`,
			);
	}
	return raw.map((x) => x.toLowerCase());
}

/** Stores told of their campaigns' calls ending, so the next ones ring. */
const watched = new WeakSet();

/** @param {import('./store').Store} store */
function watch(store) {
	if (watched.has(store)) return;
	watched.add(store);
	store.listeners.push((change) => {
		const call = change.call;
		if (!call.campaign_id || !FINAL.includes(call.status)) return;
		const list = store.bulkLists.get(call.campaign_id);
		if (list && list.live.delete(call)) release(store, list, change.at);
	});
}

/** Lets calls ring until CONCURRENCY are under way, none before the start time. */
function release(
	/** @type {import('./store').Store} */ store,
	/** @type {BulkList} */ list,
	/** @type {number} */ at,
) {
	while (list.live.size < CONCURRENCY && list.next < list.calls.length) {
		const call = list.calls[list.next++];
		if (call.status !== 'registered') continue; // cancelled while held
		call.next_event_at = Math.max(at, /** @type {number} */ (list.campaign_start_time));
		store.active.add(call);
		list.live.add(call);
	}
}

/**
 * Registers one call per contact (held: registered, QUEUED), then releases the first ones.
 * @param {import('./store').Store} store @param {BulkList} list
 */
function dial(store, list) {
	const { agent_id, numbers } = list.started;
	const agent = store.agents.get(agent_id);
	const config = structuredClone(list.call_config ?? {});
	// A campaign rings from its start time: a call's own scheduled_at does not apply.
	if (config.call_time) delete config.call_time.scheduled_at;
	const at = store.now();
	watch(store);
	list.calls = list.contacts.map((c, k) => {
		const { call } = store.createCall({
			name: c.variables.callee_name ?? '',
			mobile_number: c.mobile_number,
			agent,
			from_number: numbers[k % numbers.length],
			given: c.variables,
			config,
			bulk_list_id: list.id,
			campaign_id: list.id,
			at,
			startStatus: 'registered',
		});
		call.sub_status = 'QUEUED';
		call.phase = 'waiting';
		call.next_event_at = null;
		store.active.delete(call);
		return call;
	});
	release(store, list, at);
	store.arm();
}

/** @param {import('./store').Store} store @param {string} raw */
function findList(store, raw, /** @type {'standard' | 'large'} */ flow) {
	const list = typeof raw === 'string' ? store.bulkLists.get(raw.toLowerCase()) : undefined;
	return list && list.flow === flow ? list : undefined;
}

/** Refuses fields outside `allowed` (callback_url with its own reason). @param {Record<string, unknown>} b @param {string[]} allowed @param {number} status */
function onlyFields(b, allowed, status) {
	for (const key of Object.keys(b)) {
		if (key === 'callback_url' || key === 'callback_args')
			throw new Invalid(LEGACY_CALLBACK, status);
		if (!allowed.includes(key)) throw new Invalid(`Unknown field '${key}'`, status);
	}
}

// ---- standard flow -----------------------------------------------------------------------

/**
 * POST /campaign/save (multipart). Invalid rows (bad or missing number, wrong field count) are
 * counted in failed_rows and never called, with or without remove_invalid_rows (FACTS does
 * not say what keeping them does; the sandbox's reading: the save succeeds either way).
 * @param {import('./route').Ctx} ctx @returns {import('./route').Reply}
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

/** @param {import('./route').Ctx} ctx @param {boolean} v2 @returns {import('./route').Reply} */
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

/** POST /campaign/start (deprecated) {agent_id, list_id, from_numbers}. @param {import('./route').Ctx} ctx */
const startCampaign = (ctx) => start(ctx, false);
/** POST /campaign/v2/start {agent_id, list_id, number_pool_id, email_completion_user_ids?}. @param {import('./route').Ctx} ctx */
const startCampaignV2 = (ctx) => start(ctx, true);

// ---- large flow ------------------------------------------------------------------------------

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

/** The schema variant's six keys (step 1 and step 2). @param {import('./route').Ctx} ctx @param {BulkList} list */
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

/** Lists a large campaign once its times are known (GET /campaign/all shows start and end). @param {import('./store').Store} store @param {BulkList} list */
function listed(store, list) {
	if (list.campaign_start_time !== undefined && !store.campaigns.includes(list))
		store.campaigns.push(list);
}

/**
 * POST /campaign/upload-csv (multipart). Also takes campaign_start_time, campaign_end_time and
 * call_config (the page asks for them here, the schema at make-call-async).
 * @param {import('./route').Ctx} ctx @returns {import('./route').Reply}
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

/** @param {import('./route').Ctx} ctx */
function largeList(ctx) {
	const list = findList(ctx.store, ctx.params.bulk_list_id, 'large');
	if (!list) throw new Invalid('Bulk list not found.', 404);
	return list;
}

/** GET /campaign/upload-status/{bulk_list_id}. @param {import('./route').Ctx} ctx @returns {import('./route').Reply} */
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
 * @param {import('./route').Ctx} ctx @returns {import('./route').Reply}
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
 * @param {import('./route').Ctx} ctx @returns {import('./route').Reply}
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

// ---- the sandbox's own view ------------------------------------------------------------------

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

/** Every created campaign, oldest first. @param {import('./store').Store} store @param {{rows?: boolean}} [opts] */
function campaignsView(store, opts = {}) {
	return [...store.bulkLists.values()].map((l) => campaignView(l, opts.rows !== false));
}

/** The invalid rows of a list, as they were in the file (header first). @param {import('./store').Store} store @param {string} id */
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

/** GET /campaign/all @param {import('./route').Ctx} ctx @returns {import('./route').Reply} */
function listCampaigns(ctx) {
	const counts = boolParam(ctx.query, 'call_count', true);
	const limit = intParam(ctx.query, 'limit', { def: 10, min: 1, max: 1000 });
	const offset = intParam(ctx.query, 'offset', { def: 0, min: 0 });
	const all = [...ctx.store.campaigns].sort((a, b) => b.created_at - a.created_at);
	const campaigns = all.slice(offset, offset + limit).map((c) => {
		/** @type {Record<string, unknown>} */
		const out = {
			id: c.id,
			name: c.name,
			campaign_status: c.campaign_status,
			created_at: isoUtc(c.created_at),
			updated_at: isoUtc(c.updated_at),
			campaign_start_time: isoUtc(c.campaign_start_time),
			campaign_end_time: isoUtc(c.campaign_end_time),
		};
		if (counts)
			Object.assign(out, {
				total_count: c.total_count,
				registered_count: c.registered_count,
				completed_count: c.completed_count,
			});
		return out;
	});
	return { status: 200, body: { campaigns, pagination: { total: all.length, limit, offset } } };
}

// Every error of these endpoints is {detail}, a missing key's too.
const DETAIL = { detail: true, detailAuth: true };
const routes = [
	route('GET', '/campaign/all', listCampaigns, DETAIL),
	route('POST', '/campaign/save', saveCampaign, { ...DETAIL, multipart: true }),
	route('POST', '/campaign/start', startCampaign, { ...DETAIL, json: true }),
	route('POST', '/campaign/v2/start', startCampaignV2, { ...DETAIL, json: true }),
	route('POST', '/campaign/upload-csv', uploadCsv, { ...DETAIL, multipart: true }),
	route('GET', '/campaign/upload-status/{bulk_list_id}', uploadStatus, DETAIL),
	route('POST', '/campaign/check-balance/{bulk_list_id}', checkBalance, DETAIL),
	route('POST', '/campaign/make-call-async', makeCallAsync, { ...DETAIL, json: true }),
];

module.exports = {
	routes,
	saveCampaign,
	startCampaign,
	startCampaignV2,
	uploadCsv,
	uploadStatus,
	checkBalance,
	makeCallAsync,
	campaignsView,
	invalidRowsCsv,
	variant,
	requiredCredits,
	CONCURRENCY,
	VERIFY,
	ESTIMATE_SECONDS,
};
