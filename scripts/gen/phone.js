#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Writes nodes/shared/dialling/callee/phoneData.ts: for every country calling code, how many digits a
 * number can have after it (its possible national lengths); and for every country, how a number
 * written nationally is read (its national prefix rule and the shape of its numbers). Run with `npm run gen:phone` after
 * updating the dev-only source, libphonenumber-js (Google libphonenumber's metadata). Nodes may
 * import nothing beyond n8n-workflow, so the result is one compact string, parsed once by
 * phone.ts.
 *
 * A calling code shared by several countries (+1 North America, +7 Russia and Kazakhstan, +44
 * with Jersey, Guernsey and the Isle of Man, ...) gets the union of their lengths: a number
 * is refused only when no country of its code can have it. Non-geographic codes (+800, +882,
 * ...) are included.
 */

const fs = require('node:fs');
const path = require('node:path');

const metadata = require('libphonenumber-js/metadata.min.json');
// The full metadata: each number type's pattern (fixed line, mobile, ...), for the shapes.
const full = require('libphonenumber-js/metadata.max.json');

const ROOT = path.join(__dirname, '../..');
const OUT = path.join(ROOT, 'nodes/shared/dialling/callee/phoneData.ts');

/**
 * Lengths of numbers that are dialled only from inside their country, which the compact
 * metadata does not mark (Google's full metadata has them as noInternationalDialling): the
 * package dials through a service, from wherever its lines are, so such a number can never be
 * reached. Canada's 7-digit 310-XXXX numbers are the one that would otherwise make 7 digits a
 * possible length for all of +1 (every other North American number has 10). Kept short and
 * explicit on purpose.
 */
const NATIONAL_ONLY = { CA: [7] };

function version() {
	const dir = path.dirname(require.resolve('libphonenumber-js/package.json'));
	return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** Possible national lengths of a region (its entry's 4th field in the compact metadata). */
function lengthsOf(region, entry) {
	const skip = new Set(NATIONAL_ONLY[region] ?? []);
	return /** @type {number[]} */ (entry?.[3] ?? []).filter((n) => !skip.has(n));
}

/** Digit counts a number can have after its code: 4 to 17 (bit n of a mask: n digits). */
const MIN = 4;
const MAX = 17;

/**
 * How many first digits a shape tells apart (see shape), and how many characters longer than
 * its two-digit form a length's shape may grow for it. Three digits tell India's 8-digit 180…
 * toll-free numbers from the 9118… mobiles a sheet holds without +91; telling three digits
 * apart for every length would double the data, four would take minutes to generate.
 */
const DEPTH = 3;
const SPARE = 8;

/** A base-36 number of exactly `width` characters. */
function fixed(n, width) {
	const text = n.toString(36);
	if (text.length > width) throw new Error(`${n} does not fit in ${width} base-36 characters`);
	return text.padStart(width, '0');
}

/**
 * Each region's reading of a national number, in libphonenumber's terms: the national prefix
 * for parsing (a pattern at the start: "0", Hungary's "06", Belarus's "0|80?"; Italy none), the
 * transform rule that rewrites it (San Marino's 6-digit local numbers get 0549), its possible
 * lengths and its national number pattern (the shape of all its numbers). One entry per
 * region, the regions of a code in the metadata's order (its main country first), then the
 * non-geographic codes (no prefix): code;prefix;transform;lengths (base 36);pattern;shape,
 * entries separated by spaces (none of the patterns has a space or a ";").
 */
/**
 * The first two digits and the length of every string a libphonenumber pattern matches, as
 * "dd:length" (a number shorter than two digits: all of it). The patterns use only digits,
 * \\d, [...] classes, (?:...) and (...) groups, | and the quantifiers ?, {n}, {n,m}: a small
 * recursive descent over sets, exact (no sampling), so a shape built from it holds every
 * valid number.
 */
function heads(pattern, depth) {
	let at = 0;
	const concat = (a, b) => {
		const out = new Set();
		for (const x of a) {
			const [p, l] = x.split(':');
			for (const y of b) {
				const [q, m] = y.split(':');
				out.add(`${(p + (p.length < depth ? q : '')).slice(0, depth)}:${Number(l) + Number(m)}`);
			}
		}
		return out;
	};
	const alternation = () => {
		const out = new Set(sequence());
		while (pattern[at] === '|') {
			at++;
			for (const x of sequence()) out.add(x);
		}
		return out;
	};
	const sequence = () => {
		let out = new Set([':0']);
		while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
			out = concat(out, quantified(atom()));
		}
		return out;
	};
	const atom = () => {
		const c = pattern[at++];
		if (c === '(') {
			if (pattern.startsWith('?:', at)) at += 2;
			const inner = alternation();
			if (pattern[at++] !== ')') throw new Error(`unclosed group in ${pattern}`);
			return inner;
		}
		const digits = new Set();
		if (c === '[') {
			while (pattern[at] !== ']') {
				const from = pattern[at++] === '\\' ? (at++, 'd') : pattern[at - 1];
				if (from === 'd') for (const d of '0123456789') digits.add(d);
				else if (pattern[at] === '-' && pattern[at + 1] !== ']') {
					for (let d = Number(from); d <= Number(pattern[at + 1]); d++) digits.add(String(d));
					at += 2;
				} else digits.add(from);
			}
			at++;
		} else if (c === '\\' && pattern[at++] === 'd') for (const d of '0123456789') digits.add(d);
		else if (/\d/.test(c)) digits.add(c);
		else throw new Error(`unexpected ${c} at ${at - 1} in ${pattern}`);
		return new Set([...digits].map((d) => `${d}:1`));
	};
	const quantified = (set) => {
		const q = pattern[at];
		let lo = 1;
		let hi = 1;
		if (q === '?') [lo, hi] = [0, 1];
		else if (q === '{') {
			const close = pattern.indexOf('}', at);
			const [a, b] = pattern.slice(at + 1, close).split(',');
			lo = Number(a);
			hi = b === undefined ? lo : Number(b);
			if (!(hi >= lo)) throw new Error(`unbounded {${a},${b}} in ${pattern}`);
			at = close;
		} else if (q === '*' || q === '+') throw new Error(`unbounded ${q} in ${pattern}`);
		else return set;
		at++;
		const out = new Set();
		let power = new Set([':0']);
		for (let n = 0; n <= hi; n++) {
			if (n >= lo) for (const x of power) out.add(x);
			power = concat(power, set);
		}
		return out;
	};
	const out = alternation();
	if (at !== pattern.length) throw new Error(`stopped at ${at} in ${pattern}`);
	return out;
}

/**
 * A region's shape: for each length its valid numbers have, which first digits (two, or DEPTH
 * where that costs at most SPARE characters more) they can start with, from the patterns of
 * its number types (Google's full metadata), so that a reading libphonenumber's looser
 * national pattern takes ("1\\d{7,12}" in India) but no kind of number has (an 8-digit Indian
 * number starting 181: only 180… toll-free numbers have 8 digits) does not count as a number.
 * "length(base 36)" then the starts as a pattern ("[2-9]|1[0-3]"; "-": none), joined by ",";
 * only the lengths where the national pattern allows a start no type has: elsewhere the
 * pattern is the shape.
 */
function shape(entry) {
	const types = (entry?.[11] ?? [])
		.filter(Array.isArray)
		.map((t) => t[0])
		.filter(Boolean);
	/** Per length, the starts (`depth` digits, or all of a shorter number) of its strings. */
	const starts = (patterns, depth) => {
		const byLength = new Map();
		for (const pattern of patterns) {
			for (const x of heads(pattern, depth)) {
				const [p, l] = x.split(':');
				if (p.length !== Math.min(depth, Number(l))) throw new Error(`${x} in ${pattern}`);
				byLength.set(Number(l), (byLength.get(Number(l)) ?? new Set()).add(p));
			}
		}
		return byLength;
	};
	// Which lengths need a shape is told by the first two digits; the shape itself then tells
	// DEPTH digits apart (telling DEPTH digits apart everywhere would double the data).
	const deep = starts(types, DEPTH);
	// The two-digit starts are the deep ones cut short: one pass over the types, not two.
	const valid = new Map(
		[...deep].map(([l, set]) => [l, new Set([...set].map((p) => p.slice(0, 2)))]),
	);
	const general = starts([entry[2]], 2);
	return [...general.keys()]
		.sort((a, b) => a - b)
		.filter((l) => [...general.get(l)].some((p) => !valid.get(l)?.has(p)))
		.map((l) => {
			const two = startsPattern([...(valid.get(l) ?? [])]);
			const more = startsPattern([...(deep.get(l) ?? [])]);
			return `${l.toString(36)}${(more.length <= two.length + SPARE ? more : two) || '-'}`;
		})
		.join(',');
}

/** A set of digits as a class: "7", "[2-57-9]"; undefined for all ten. */
function digitClass(digits) {
	if (digits.length === 10) return undefined;
	if (digits.length === 1) return String(digits[0]);
	let out = '';
	for (let i = 0; i < digits.length; ) {
		let j = i;
		while (j + 1 < digits.length && digits[j + 1] === digits[j] + 1) j++;
		out += j - i >= 2 ? `${digits[i]}-${digits[j]}` : digits.slice(i, j + 1).join('');
		i = j + 1;
	}
	return `[${out}]`;
}

/**
 * A pattern matching exactly the starts of equal-length distinct digit strings, and anything
 * after them: first digits grouped by what may follow them ("[2-9]|1[0-3]", "180"); '' when
 * they are all the strings of their length (any start), and for none (the caller marks that).
 */
function startsPattern(strings) {
	if (!strings.length || strings[0] === '') return '';
	if (strings.length === 10 ** strings[0].length) return '';
	const rests = new Map();
	for (const s of strings)
		rests.set(Number(s[0]), [...(rests.get(Number(s[0])) ?? []), s.slice(1)]);
	const groups = new Map();
	for (const [first, rest] of [...rests].sort((a, b) => a[0] - b[0])) {
		const after = startsPattern(rest);
		groups.set(after, [...(groups.get(after) ?? []), first]);
	}
	return [...groups]
		.map(([after, firsts]) => {
			const head = digitClass(firsts) ?? '\\d';
			return after.includes('|') ? `${head}(?:${after})` : `${head}${after}`;
		})
		.join('|');
}

function rules() {
	const entries = [];
	const entry = (code, prefix, transform, lengths, pattern, types) => {
		const fields = [
			code,
			prefix || '',
			transform || '',
			lengths.map((n) => n.toString(36)).join(''),
			pattern,
			shape(types),
		];
		if (fields.some((f) => /[ ;]/.test(f)))
			throw new Error(`+${code}: a space or ";" in ${fields}`);
		entries.push(fields.join(';'));
	};
	for (const [code, regions] of Object.entries(metadata.country_calling_codes)) {
		for (const region of regions) {
			const e = metadata.countries[region];
			// The prefix for parsing, or else the national prefix itself (libphonenumber's fallback).
			entry(code, e[7] || e[5], e[8], e[3] ?? [], e[2], full.countries[region]);
		}
	}
	for (const [code, e] of Object.entries(metadata.nonGeographic ?? {}))
		entry(code, '', '', e[3] ?? [], e[2], full.nonGeographic[code]);
	return entries.join(' ');
}

function main() {
	const byCode = new Map();
	const add = (code, lengths) => {
		const set = byCode.get(code) ?? new Set();
		for (const n of lengths) set.add(n);
		byCode.set(code, set);
	};
	for (const [code, regions] of Object.entries(metadata.country_calling_codes)) {
		for (const region of regions) add(code, lengthsOf(region, metadata.countries[region]));
	}
	for (const [code, entry] of Object.entries(metadata.nonGeographic ?? {})) {
		add(code, lengthsOf('001', entry));
	}
	let text = '';
	let previous = 0;
	for (const code of [...byCode.keys()].sort((a, b) => Number(a) - Number(b))) {
		const lengths = [...byCode.get(code)];
		if (!lengths.length) throw new Error(`+${code}: no possible length in the metadata`);
		if (lengths.some((n) => n < MIN || n > MAX))
			throw new Error(`+${code}: ${lengths} outside ${MIN}-${MAX}`);
		const mask = lengths.reduce((m, n) => m | (1 << (n - MIN)), 0);
		// The distance in one character: "z" (35) steps on without a code, as often as needed.
		let step = Number(code) - previous;
		for (; step >= 35; step -= 35) text += 'z';
		text += step.toString(36) + fixed(mask, 3);
		previous = Number(code);
	}
	const date = new Date().toISOString().slice(0, 10);
	const out = `/**
 * GENERATED by scripts/gen/phone.js on ${date}: do not edit; regenerate with npm run gen:phone.
 *
 * Source (a dev-only npm package, nothing of it is shipped): libphonenumber-js ${version()}, Google
 * libphonenumber's metadata: each region's possible national number lengths, united per calling
 * code, and each region's national prefix rule and number pattern. Left out (the script's
 * NATIONAL_ONLY, dialled only inside the country; lengths only):
 * ${Object.entries(NATIONAL_ONLY)
		.map(([r, l]) => `${r} ${l.join(', ')} digits`)
		.join('; ')}.
 *
 * Format, per calling code in ascending order, base 36: its distance from the code before
 * (from 0) in one character, each "z" before it adding 35 more, then in 3 a mask of the digit
 * counts its numbers can have after the code (bit k: ${MIN} + k digits). The first, "101s",
 * is +1 (1 after 0) with 10 digits only (bit 6: 64, "01s"). Parsed once by phone.ts.
 */

/** Per calling code, the digit counts its numbers can have after it (format above). */
export const NATIONAL_LENGTHS =
${chunk(text)};

/**
 * Per country (region), how its national numbers are read, as libphonenumber reads them:
 * "code;prefix;transform;lengths;pattern;shape", entries separated by spaces. prefix: the national
 * prefix for parsing, a pattern matched at the start ("0", Hungary "06", Belarus "0|80?",
 * none for Italy); transform: what replaces it when it captures (San Marino "0549$1");
 * lengths: its possible national lengths in base 36; pattern: its national number pattern;
 * shape: for the lengths (base 36) where the pattern is looser than the country's number
 * types, the first two or ${DEPTH} digits its numbers of that length can start with ("8180": 8
 * digits start 180; "a[2-9]|1[0-3]": 10 digits start 2-9 or 10-13; "c-": none has 12 digits).
 * The regions of a code come in the metadata's order, its main country first. Read by
 * national.ts.
 */
export const NATIONAL_RULES =
${chunk(rules())};

/**
 * The calling codes of no country (international freephone +800, satellite and global
 * services): nobody dials from inside one, so "00" before their digits is no one's
 * international prefix. Read by phone.ts.
 */
export const NON_GEOGRAPHIC = '${Object.keys(metadata.nonGeographic ?? {}).join(' ')}';
`;
	fs.writeFileSync(OUT, out);
	console.log(`${path.relative(ROOT, OUT)}: ${byCode.size} calling codes, ${out.length} bytes`);
}

/** A long string as concatenated single-quoted lines of 88 characters (backslashes escaped). */
function chunk(text) {
	const parts = [];
	for (let at = 0; at < text.length; at += 88)
		parts.push(`\t'${text.slice(at, at + 88).replace(/\\/g, '\\\\')}'`);
	return parts.join(' +\n');
}

main();
