/**
 * The callee's own time zone, for a call window in the callee's hours: from a column the user
 * names (an IANA zone), else from the number (for +1 its area code's zone, or its exchange's
 * where the area code is split; else the country's where it has one). Pure: no HTTP, no
 * clock. Zone names only, never offsets: daylight saving is the zone's business.
 */
import { isZoneName, zoneSpelling } from '../../engine/dateTime';
import {
	AREA_ZONES,
	COUNTRY_ZONES,
	EXCHANGE_AREAS,
	EXCHANGE_ZONE_NAMES,
	MULTI_ZONE_CODES,
	SPLIT_AREA_CODES,
} from './zoneData';

export interface ZoneRule {
	/** The Time Zone Column's name; empty: none. */
	column: string;
	/** The zone for a row whose zone is unknown; undefined: the row is refused. */
	defaultZone?: string;
}

export type CalleeZone =
	| { ok: true; zone: string; from: 'column' | 'area code' | 'country' | 'default' }
	| { ok: false; problem: string };

interface Tables {
	country: Map<string, string>;
	multi: Set<string>;
	area: Map<string, string>;
	splitArea: Set<string>;
	byExchange: Map<string, ExchangeZones>;
}

/** An area code split by exchange: its zones (undefined: several) and each exchange's, packed. */
interface ExchangeZones {
	zones: Array<string | undefined>;
	/** Exchanges per base-36 digit of `packed`. */
	perDigit: number;
	packed: string;
}

let tables: Tables | undefined;

/** "zone=code code|zone=…" as code -> zone. */
function byCode(text: string): Map<string, string> {
	const map = new Map<string, string>();
	for (const group of text.split('|')) {
		const [zone, codes] = group.split('=');
		for (const code of codes.split(' ')) map.set(code, zone);
	}
	return map;
}

/** EXCHANGE_AREAS ("area:zones:packed …", see zoneData.ts) by area code. */
function byExchange(text: string, names: string[]): Map<string, ExchangeZones> {
	const map = new Map<string, ExchangeZones>();
	for (const entry of text.split(' ')) {
		const [area, list, packed] = entry.split(':');
		const zones = list.split('.').map((i) => (i === '-' ? undefined : names[Number(i)]));
		let perDigit = 1;
		while (zones.length ** (perDigit + 1) <= 36) perDigit++;
		map.set(area, { zones, perDigit, packed });
	}
	return map;
}

/** The zone of an exchange (000 to 999) of a split area code; undefined: several. */
function exchangeZone(area: ExchangeZones, exchange: number): string | undefined {
	const { zones, perDigit, packed } = area;
	const value = parseInt(packed[Math.floor(exchange / perDigit)], 36);
	const place = zones.length ** (perDigit - 1 - (exchange % perDigit));
	return zones[Math.floor(value / place) % zones.length];
}

// Parsed once: constant data, the same for every execution.
function data(): Tables {
	tables ??= {
		country: byCode(COUNTRY_ZONES),
		multi: new Set(MULTI_ZONE_CODES.split(' ')),
		area: byCode(AREA_ZONES),
		splitArea: new Set(SPLIT_AREA_CODES.split(' ')),
		byExchange: byExchange(EXCHANGE_AREAS, EXCHANGE_ZONE_NAMES.split(' ')),
	};
	return tables;
}

/** Every North American area code the data places wholly in one zone, with it (for tests). */
export function areaCodeZones(): Array<[string, string]> {
	return [...data().area];
}

/** A zone name as a person writes it: letters, '/', '_', '-', '+' and digits, not an offset. */
/** Why a zone name cannot be used, or undefined when Intl knows it. */
export function zoneProblem(text: string): string | undefined {
	if (isZoneName(text)) return undefined;
	return `"${text}" is not an IANA time zone name, e.g. America/New_York (an offset such as +05:30 is not one: daylight saving needs the zone)`;
}

/** The zone the number alone tells, or why it does not. */
export function zoneOfNumber(number: string): CalleeZone {
	const digits = number.replace(/^\+/, '');
	const t = data();
	if (digits.startsWith('1')) {
		const area = digits.slice(1, 4);
		const zone = t.area.get(area);
		if (zone) return { ok: true, zone, from: 'area code' };
		// An area code split by exchange (+1 423 is Chicago, +1 423 756 New York): the exchange's
		// zone, or none where the source names several for it.
		const split = t.byExchange.get(area);
		const exchange = digits.slice(4, 7);
		if (split && /^\d{3}$/.test(exchange)) {
			const inExchange = exchangeZone(split, Number(exchange));
			if (inExchange) return { ok: true, zone: inExchange, from: 'area code' };
			return {
				ok: false,
				problem: `the exchange ${area} ${exchange} of ${number} spans several time zones`,
			};
		}
		const why =
			t.splitArea.has(area) || split ? 'spans several time zones' : 'has no known time zone';
		return { ok: false, problem: `the area code ${area} of ${number} ${why}` };
	}
	// Calling codes are prefix-free: at most one of 1 to 3 digits matches.
	for (let length = 1; length <= 3; length++) {
		const code = digits.slice(0, length);
		const zone = t.country.get(code);
		if (zone) return { ok: true, zone, from: 'country' };
		if (t.multi.has(code)) {
			return { ok: false, problem: `the country of ${number} (+${code}) has several time zones` };
		}
	}
	return { ok: false, problem: `no time zone is known for the country of ${number}` };
}

/**
 * A row's zone: the column's value when the row gives one (it must be a zone), else the
 * number's, else the default; or why none, naming the column to add.
 */
export function calleeZone(number: string, columnValue: unknown, rule: ZoneRule): CalleeZone {
	const column = rule.column.trim();
	const given =
		typeof columnValue === 'string' ? columnValue.trim() : columnValue == null ? '' : columnValue;
	if (column && given !== '') {
		if (typeof given !== 'string') {
			return { ok: false, problem: `Column ${column} must be an IANA time zone name (text)` };
		}
		const problem = zoneProblem(given);
		return problem
			? { ok: false, problem: `Column ${column}: ${problem}` }
			: { ok: true, zone: zoneSpelling(given), from: 'column' };
	}
	const fromNumber = zoneOfNumber(number);
	if (fromNumber.ok) return fromNumber;
	if (rule.defaultZone) return { ok: true, zone: rule.defaultZone, from: 'default' };
	const add = column
		? `give the row's zone (e.g. America/New_York) in its column ${column}`
		: "add a column with each row's IANA time zone (e.g. America/New_York) and name it in Time Zone Column";
	return {
		ok: false,
		problem: `${fromNumber.problem}: ${add}, or set When the Zone Is Unknown to Use a Default Zone`,
	};
}
