// @ts-check
'use strict';

/**
 * Small helpers shared by the sandbox: a seeded random source (so a seed replays the same
 * IDs and outcomes), hashing, time formatting and time-zone arithmetic with Intl only.
 */

/** @param {number} seed @returns {() => number} uniform in [0, 1) */
function prng(seed) {
	let a = seed >>> 0 || 0x9e3779b9;
	// mulberry32: tiny, fast and good enough to spread test data.
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** A version-4 shaped UUID drawn from `rand`. @param {() => number} rand */
function uuidFrom(rand) {
	let hex = '';
	for (let i = 0; i < 32; i++) hex += Math.floor(rand() * 16).toString(16);
	const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * An id made unique to one start of the sandbox: its first 12 hex digits XORed with the
 * start's salt (12 hex digits). Distinct ids stay distinct, and it stays a version 4 UUID.
 * @param {string} id @param {string} salt
 */
function saltedId(id, salt) {
	let out = '';
	for (let i = 0, k = 0; i < id.length; i++) {
		if (id[i] === '-' || k >= salt.length) out += id[i];
		else out += (parseInt(id[i], 16) ^ parseInt(salt[k++], 16)).toString(16);
	}
	return out;
}

/** FNV-1a, 32 bit: a stable number per string (outcomes, durations per phone number). @param {string} text */
function hash(text) {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h >>> 0;
}

/** ISO 8601 with a numeric offset, the way the service prints timestamps. */
const isoOffset = (/** @type {number} */ ms) => new Date(ms).toISOString().replace('Z', '+00:00');
/** ISO 8601 UTC with Z (campaign timestamps). */
const isoUtc = (/** @type {number} */ ms) => new Date(ms).toISOString();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const E164_RE = /^\+[1-9]\d{6,14}$/;
const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
/** Date-time with a zone designator; a bare date or a time without zone is refused. */
const ISO_TZ_RE =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))$/i;

/** @param {string} text @returns {number | undefined} epoch ms */
function parseIsoWithZone(text) {
	const m = ISO_TZ_RE.exec(text);
	if (!m) return undefined;
	const [, y, mo, d, h, mi, s] = m;
	if (+mo < 1 || +mo > 12 || +d < 1 || +d > 31 || +h > 23 || +mi > 59 || +(s ?? 0) > 59) {
		return undefined;
	}
	if (m[8] !== undefined && (+m[8] > 23 || +m[9] > 59)) return undefined;
	const probe = new Date(Date.UTC(+y, +mo - 1, +d));
	if (probe.getUTCDate() !== +d) return undefined;
	const ms = Date.parse(text.replace(' ', 'T'));
	return Number.isNaN(ms) ? undefined : ms;
}

/** @type {Map<string, boolean>} zones asked about: making a formatter to ask is slow */
const zoneChecks = new Map();
/** @param {string} zone */
function isValidZone(zone) {
	if (typeof zone !== 'string' || zone === '') return false;
	const known = zoneChecks.get(zone);
	if (known !== undefined) return known;
	let valid = true;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
	} catch {
		valid = false;
	}
	if (zoneChecks.size < 10000) zoneChecks.set(zone, valid);
	return valid;
}

/** @type {Map<string, Intl.DateTimeFormat>} */
const formatters = new Map();
/** Wall-clock parts of an instant in a zone. @param {string} zone @param {number} ms */
function partsIn(zone, ms) {
	let fmt = formatters.get(zone);
	if (!fmt) {
		fmt = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(zone, fmt);
	}
	/** @type {Record<string, number>} */
	const out = {};
	for (const p of fmt.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = +p.value;
	return out;
}

/** @param {string} zone @param {number} ms ms the zone is ahead of UTC */
function offsetMs(zone, ms) {
	const p = partsIn(zone, ms);
	return (
		Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000
	);
}

/**
 * `YYYY-MM-DDTHH:MM:SS` (no offset) read in `zone` -> epoch ms; undefined when malformed.
 * @param {string} local @param {string} zone
 */
function localToInstant(local, zone) {
	const m = LOCAL_RE.exec(local);
	if (!m) return undefined;
	const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
	const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
	const check = new Date(asUtc);
	if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59) {
		return undefined;
	}
	let guess = asUtc - offsetMs(zone, asUtc);
	guess = asUtc - offsetMs(zone, guess);
	return guess;
}

/** @param {string} hhmm */
const minutesOf = (hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `ms` falls inside the daily window [start, end) of `zone` (a window whose end is
 * before its start runs over midnight).
 * @param {{start: string, end: string, zone: string}} w @param {number} ms
 */
function inWindow(w, ms) {
	const p = partsIn(w.zone, ms);
	const tod = p.hour * 60 + p.minute;
	const start = minutesOf(w.start);
	const end = minutesOf(w.end);
	if (start === end) return true;
	return start < end ? tod >= start && tod < end : tod >= start || tod < end;
}

/**
 * The first instant at or after `ms` inside the window (minute resolution, DST-safe by
 * asking Intl). It jumps straight to the window's opening when the zone's offset is the same
 * there as here (no clock change between: the minutes in between are all outside the window),
 * else walks minute by minute from three hours before it, as a clock change moves it by less.
 * @param {{start: string, end: string, zone: string}} w @param {number} ms
 */
function nextInWindow(w, ms) {
	if (inWindow(w, ms)) return ms;
	const t = Math.ceil(ms / 60000) * 60000;
	const p = partsIn(w.zone, t);
	const wait = (minutesOf(w.start) - (p.hour * 60 + p.minute) + 1440) % 1440;
	const jump = t + wait * 60000;
	if (offsetMs(w.zone, jump) === offsetMs(w.zone, t) && inWindow(w, jump)) return jump;
	let step = Math.max(t, jump - 3 * 3600000);
	for (let i = 0; i < 3 * 24 * 60; i++, step += 60000) if (inWindow(w, step)) return step;
	return ms;
}

module.exports = {
	prng,
	uuidFrom,
	saltedId,
	hash,
	isoOffset,
	isoUtc,
	UUID_RE,
	E164_RE,
	HHMM_RE,
	LOCAL_RE,
	parseIsoWithZone,
	isValidZone,
	localToInstant,
	inWindow,
	nextInWindow,
	partsIn,
};
