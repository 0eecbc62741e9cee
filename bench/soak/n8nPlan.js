// @ts-check
'use strict';

/**
 * What the n8n day does and when, all from the seed: the contacts (numbers across the US and
 * Canadian zones, the last two digits choosing the sandbox callee's outcome by the mix), the
 * sheets dialled through the run, the campaign's share, and the moments a worker, the main
 * and the webhook process are killed.
 */

// The sandbox's seeded generator (mulberry32), so that one seed means one draw everywhere.
const { prng: rng } = require('../../sandbox/lib/util');

/**
 * Area codes over every zone of the US and Canada (Newfoundland to Hawaii), split area codes
 * included (Indiana, Texas' El Paso, Idaho, Saskatchewan's and Arizona's own rules).
 */
const AREA_CODES = [
	'212',
	'305',
	'404',
	'617',
	'313',
	'317',
	'574', // Eastern (Indiana both ways)
	'312',
	'214',
	'615',
	'504',
	'316',
	'605', // Central
	'303',
	'602',
	'915',
	'208',
	'406',
	'505', // Mountain (Arizona, El Paso, split Idaho)
	'415',
	'206',
	'503',
	'702',
	'541', // Pacific (Oregon's split code)
	'907',
	'808', // Alaska, Hawaii
	'416',
	'514',
	'613', // Ontario, Quebec
	'204',
	'306',
	'403',
	'780',
	'604', // Manitoba, Saskatchewan, Alberta, BC
	'902',
	'506',
	'709',
	'867', // Atlantic, Newfoundland, the territories
];

/** The sandbox callee's outcome by the number's last two digits (sandbox/README.md). */
const ENDINGS = {
	answered: null, // any ending the sandbox does not reserve: drawn per contact
	no_answer: '13',
	busy: '14',
	failed: '66',
	second_try: '77',
	voicemail: '99',
};

const DEFAULT_MIX = 'answered=50,no_answer=20,busy=10,voicemail=12,failed=4,second_try=4';

/** `answered=40,no_answer=25,...` as weights; unknown names fail. @param {string} text */
function parseMix(text) {
	/** @type {Record<string, number>} */
	const mix = {};
	for (const part of text.split(',').filter(Boolean)) {
		const [name, value] = part.split('=');
		if (!(name in ENDINGS))
			throw new Error(`--mix: unknown outcome ${name} (${Object.keys(ENDINGS).join(', ')})`);
		const weight = Number(value);
		if (!(weight >= 0)) throw new Error(`--mix: ${name} needs a weight >= 0, not ${value}`);
		mix[name] = weight;
	}
	if (!Object.values(mix).some((w) => w > 0)) throw new Error('--mix: no outcome has a weight');
	return mix;
}

const FIRST = ['Maria', 'James', 'Anna', 'Wei', 'Amara', 'Lucas', 'Priya', 'Noah', 'Sofia', 'Omar'];
const LAST = [
	'Lopez',
	'Carter',
	'Schmidt',
	'Chen',
	'Okafor',
	'Dubois',
	'Nair',
	'Kim',
	'Rossi',
	'Haddad',
];

/**
 * `count` contacts with distinct numbers, as a sheet has them (name, phone, and the
 * assistant's variables).
 * @param {number} count @param {() => number} random @param {Record<string, number>} mix
 */
function contacts(count, random, mix) {
	const names = Object.keys(mix);
	const total = names.reduce((s, n) => s + mix[n], 0);
	const pick = () => {
		let r = random() * total;
		for (const n of names) if ((r -= mix[n]) < 0) return n;
		return names[names.length - 1];
	};
	const seen = new Set();
	const out = [];
	while (out.length < count) {
		const outcome = pick();
		const area = AREA_CODES[Math.floor(random() * AREA_CODES.length)];
		const exchange = String(200 + Math.floor(random() * 800));
		const middle = String(Math.floor(random() * 100)).padStart(2, '0');
		// Answered: any ending the sandbox does not reserve (20-59).
		const last =
			outcome === 'answered'
				? String(20 + Math.floor(random() * 40))
				: /** @type {string} */ (ENDINGS[/** @type {keyof typeof ENDINGS} */ (outcome)]);
		const phone = `+1${area}${exchange}${middle}${last}`;
		if (seen.has(phone)) continue;
		seen.add(phone);
		const n = out.length;
		out.push({
			name: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n + 1}`,
			phone,
			clinic: 'Sunrise Clinic',
			date: 'June 9',
			time: `${String(9 + (n % 8)).padStart(2, '0')}:${n % 2 ? '30' : '00'}`,
			outcome,
		});
	}
	return out;
}

/** A sheet as CSV, the columns the examples read. @param {Array<Record<string, string>>} rows */
function csv(rows) {
	const cols = ['name', 'phone', 'clinic', 'date', 'time'];
	return [cols.join(','), ...rows.map((r) => cols.map((c) => r[c]).join(','))].join('\n') + '\n';
}

/**
 * The day's plan for `minutes` at `callsPerDay`: one sheet every `sheetMinutes` (the first at
 * once), the campaign's `campaignShare` of the contacts in one campaign at the start, and three
 * kills (a worker, the main, the webhook process) at seeded moments inside the middle of the run
 * (20 %-85 %), in a seeded order.
 * @param {{ seed: number, minutes: number, callsPerDay: number, mix: Record<string, number>, sheetMinutes?: number, campaignShare?: number }} o
 */
function makePlan({ seed, minutes, callsPerDay, mix, sheetMinutes, campaignShare = 0.1 }) {
	// A sheet every 5 minutes; a short run has five sheets.
	sheetMinutes ??= Math.min(5, Math.max(1, minutes / 5));
	const random = rng(seed);
	const total = Math.max(1, Math.round((callsPerDay / 1440) * minutes));
	const all = contacts(total, random, mix);
	const campaignCount = Math.round(total * campaignShare);
	const campaign = all.slice(0, campaignCount);
	const dialled = all.slice(campaignCount);
	const sheetCount = Math.max(1, Math.floor(minutes / sheetMinutes));
	const sheets = Array.from({ length: sheetCount }, (_, k) => ({
		k,
		atMs: k * sheetMinutes * 60_000,
		rows: dialled.filter((_, n) => n % sheetCount === k),
	}));
	const span = minutes * 60_000;
	const kinds = ['worker', 'main', 'webhook'];
	for (let i = kinds.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[kinds[i], kinds[j]] = [kinds[j], kinds[i]];
	}
	// One kill in each third of the middle stretch, at a seeded point of it.
	const kills = kinds.map((kind, n) => ({
		kind,
		atMs: Math.round(span * (0.2 + (0.65 * (n + random())) / kinds.length)),
		worker: Math.floor(random() * 2),
	}));
	return { total, contacts: all, campaign, sheets, kills, span };
}

module.exports = { makePlan, parseMix, csv, rng, DEFAULT_MIX, AREA_CODES };
