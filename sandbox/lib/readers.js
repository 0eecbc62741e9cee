// @ts-check
'use strict';

const { UUID_RE, parseIsoWithZone } = require('./util');
const { Invalid } = require('./errors');

/**
 * Readers of a request that every API area shares: query parameters and the types of JSON
 * body fields. Bad input throws Invalid, which the route turns into its documented error shape.
 */

// ---- query parameters ---------------------------------------------------------------

/** The last value of a query parameter, or undefined. @param {URLSearchParams} q @param {string} name */
function one(q, name) {
	const all = q.getAll(name);
	return all.length ? all[all.length - 1] : undefined;
}

/** @param {URLSearchParams} q @param {string} name @param {{def: number, min: number, max?: number}} r */
function intParam(q, name, r) {
	const raw = one(q, name);
	if (raw === undefined || raw === '') return r.def;
	const n = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(n) || n < r.min || (r.max !== undefined && n > r.max)) {
		throw new Invalid(
			r.max !== undefined
				? `${name} must be an integer between ${r.min} and ${r.max}, got "${raw}"`
				: `${name} must be an integer of at least ${r.min}, got "${raw}"`,
		);
	}
	return n;
}

/** @param {URLSearchParams} q @param {string} name @param {boolean | undefined} def */
function boolParam(q, name, def) {
	const raw = one(q, name);
	if (raw === undefined || raw === '') return def;
	const v = raw.toLowerCase();
	if (v === 'true') return true;
	if (v === 'false') return false;
	throw new Invalid(`${name} must be true or false, got "${raw}"`);
}

/** @param {URLSearchParams} q @param {string} name */
function dateParam(q, name) {
	const raw = one(q, name);
	if (raw === undefined || raw === '') return undefined;
	const ms = parseIsoWithZone(raw);
	if (ms === undefined) {
		throw new Invalid(
			`${name} must be an ISO 8601 date-time with time zone, e.g. 2025-06-01T00:00:00Z, got "${raw}"`,
		);
	}
	return ms;
}

/**
 * What a missing start_date / end_date of the history and the export reads as. FACTS gives two
 * readings: the reference's fixed day (2025-09-25 in India's time: a caller that leaves a date
 * out sees that day's calls, not today's), and a report that omitting them returns current
 * data. 'stale' (the default) serves the first, 'current' the second (no bound).
 */
const STALE_DAY = {
	start: Date.parse('2025-09-25T00:00:00+05:30'),
	end: Date.parse('2025-09-25T23:59:59+05:30'),
};

/**
 * start_date/end_date of the history and the export.
 * @param {URLSearchParams} q @param {'stale'|'current'} [missing]
 */
function dateRange(q, missing = 'current') {
	const stale = missing === 'stale';
	const start = dateParam(q, 'start_date') ?? (stale ? STALE_DAY.start : undefined);
	const end = dateParam(q, 'end_date') ?? (stale ? STALE_DAY.end : undefined);
	if (start !== undefined && end !== undefined && start > end) {
		throw new Invalid('start_date must not be after end_date');
	}
	return { start, end };
}

/** @param {string} name @param {string} value */
function uuidValue(name, value) {
	if (!UUID_RE.test(value)) throw new Invalid(`${name} must be a UUID, got "${value}"`);
	return value.toLowerCase();
}

// ---- body checks ----------------------------------------------------------------------

const isObject = (/** @type {unknown} */ v) =>
	v !== null && typeof v === 'object' && !Array.isArray(v);

/** @param {unknown} v @param {string} name @param {number} min */
function intField(v, name, min) {
	if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
		throw new Invalid(`${name} must be an integer of at least ${min}`);
	}
	return v;
}

const str = (/** @type {unknown} */ v) => typeof v === 'string';
const strList = (/** @type {unknown} */ v) =>
	Array.isArray(v) && v.every((x) => typeof x === 'string');
const bool = (/** @type {unknown} */ v) => typeof v === 'boolean';
const num = (/** @type {unknown} */ v) => typeof v === 'number' && Number.isFinite(v);
const uuid = (/** @type {unknown} */ v) => typeof v === 'string' && UUID_RE.test(v);

/** An absolute http(s) URL. @param {unknown} v */
function isHttpUrl(v) {
	if (typeof v !== 'string') return false;
	try {
		const u = new URL(v);
		return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
	} catch {
		return false;
	}
}

module.exports = {
	one,
	intParam,
	boolParam,
	dateParam,
	dateRange,
	uuidValue,
	isObject,
	intField,
	str,
	strList,
	bool,
	num,
	uuid,
	isHttpUrl,
};
