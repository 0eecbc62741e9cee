// @ts-check
'use strict';

const { createHash } = require('node:crypto');

const { Invalid } = require('../errors');
const { UUID_RE, E164_RE, localToInstant } = require('../util');
const { parseCsv, CsvError } = require('../csv');
const { checkCallConfig } = require('../callConfig');
const { isObject } = require('../readers');
const { MOBILE_COLUMN, DEFAULT_ZONE, CAMPAIGN_TIME_RE, given } = require('./model');

/**
 * Campaigns: reading the form of an upload (POST /campaign/save, /campaign/upload-csv): its
 * fields, the assistant, country code, call_config, campaign times and the file's rows.
 */

/**
 * The fields of a multipart form and its one file part, checked against the endpoint's list.
 * @param {unknown} body @param {{required: string[], optional: string[]}} spec
 */
function readForm(body, spec) {
	const form = /** @type {import('../multipart').Form} */ (body);
	const known = [...spec.required, ...spec.optional];
	/** @type {Record<string, string>} */
	const fields = {};
	/** @type {import('../multipart').Part | undefined} */
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
	return { fields, file: /** @type {import('../multipart').Part} */ (file) };
}

/** @param {string | undefined} raw @param {string} name */
function formBool(raw, name) {
	if (raw === undefined || raw.trim() === '') return false;
	const v = raw.trim().toLowerCase();
	if (v === 'true' || v === '1') return true;
	if (v === 'false' || v === '0') return false;
	throw new Invalid(`'${name}' must be true or false, got "${raw}"`);
}

/** An assistant of the workspace. @param {import('../store').Store} store @param {unknown} raw */
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
 * @param {import('../store').Store} store @param {unknown} start @param {unknown} end @param {string} zone
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
 * @param {import('../route').Ctx} ctx @param {{required: string[], optional: string[]}} spec @param {string | undefined} csvError
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

module.exports = { agentOf, countryCode, zoneOf, campaignWindow, readList };
