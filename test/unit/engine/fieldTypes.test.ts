/**
 * Properties of the one reading of typed parameters: each reader accepts exactly its type
 * (and the plain text a spreadsheet holds for it) and refuses everything else by name.
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import {
	toBoolean,
	toInteger,
	toNumber,
	toObject,
	toOption,
	toPathSegment,
	toLocatorText,
	toText,
} from '../../../nodes/shared/engine/fieldTypes';
import { endpointPathProblem } from '../../../nodes/shared/http/url';
import { AGENT } from '../../helpers/fixtures';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentCalling' } as INode;
const RUNS = { numRuns: 500, seed: 20260101 };

/** Anything an expression can hand over. */
const anything = fc.oneof(
	fc.anything(),
	fc.constantFrom(Number.NaN, Infinity, -Infinity, new Date(0), new Date('x'), '\uD800', '..'),
);

const outcome = <T>(read: () => T): { ok: true; value: T } | { ok: false; message: string } => {
	try {
		return { ok: true, value: read() };
	} catch (error) {
		return { ok: false, message: (error as Error).message };
	}
};

describe('toBoolean', () => {
	test('accepts exactly booleans and "true"/"false" (any case, trimmed)', () => {
		fc.assert(
			fc.property(anything, (value) => {
				const result = outcome(() => toBoolean(node, 'Flag', value, 3));
				const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
				if (typeof value === 'boolean') return result.ok && result.value === value;
				if (text === 'true' || text === 'false')
					return result.ok && result.value === (text === 'true');
				return (
					!result.ok && result.message.startsWith('Flag: ') && result.message.endsWith('[item 3]')
				);
			}),
			RUNS,
		);
	});
});

describe('toInteger', () => {
	test('accepts exactly safe integers and decimal digit strings, within the range', () => {
		fc.assert(
			fc.property(
				fc.oneof(anything, fc.integer().map(String), fc.double().map(String)),
				fc.integer({ min: -100, max: 100 }),
				fc.integer({ min: 0, max: 200 }),
				(value, min, span) => {
					const max = min + span;
					const result = outcome(() => toInteger(node, 'Limit', value, 0, { min, max }));
					const n =
						typeof value === 'number'
							? value
							: typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)
								? Number(value)
								: Number.NaN;
					const valid = Number.isSafeInteger(n) && n >= min && n <= max;
					return valid
						? result.ok && result.value === n
						: !result.ok && result.message.startsWith('Limit: ');
				},
			),
			RUNS,
		);
	});

	test.each(['0x10', '1e3', '1.0', '', ' ', 'NaN', true, [], [3], new Date(5), null])(
		'refuses %p',
		(value) => {
			expect(() => toInteger(node, 'Limit', value, 0)).toThrow(/^Limit: .* is not a whole number/);
		},
	);
});

describe('toNumber', () => {
	test('accepts exactly finite numbers and decimal text; the result is finite', () => {
		fc.assert(
			fc.property(fc.oneof(anything, fc.double().map(String)), (value) => {
				const result = outcome(() => toNumber(node, 'Speed', value, 0));
				if (typeof value === 'number') return result.ok === Number.isFinite(value);
				if (typeof value !== 'string') return !result.ok;
				return !result.ok || Number.isFinite(result.value);
			}),
			RUNS,
		);
	});
});

describe('toText', () => {
	test('never returns "[object Object]" or broken text; only strings and finite numbers pass', () => {
		fc.assert(
			fc.property(anything, (value) => {
				const result = outcome(() => toText(node, 'Name', value, 0));
				if (!result.ok) return result.message.startsWith('Name: ');
				if (value === undefined || value === null) return result.value === '';
				return (
					(typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) &&
					!result.value.includes('[object ') &&
					result.value === String(value)
				);
			}),
			RUNS,
		);
	});

	test('refuses an unpaired surrogate by name', () => {
		expect(() => toText(node, 'Name', 'a\uD800', 1)).toThrow(
			'Name: contains broken text (an unpaired surrogate character) [item 1]',
		);
	});
});

describe('toOption and toObject', () => {
	test('an option is one of the allowed values, or refused', () => {
		fc.assert(
			fc.property(anything, (value) => {
				const result = outcome(() => toOption(node, 'Mode', value, 0, ['a', 'b'] as const));
				return result.ok ? value === 'a' || value === 'b' : value !== 'a' && value !== 'b';
			}),
			RUNS,
		);
	});

	test('an object is a plain object (lists, dates, text refused; unset is {})', () => {
		fc.assert(
			fc.property(anything, (value) => {
				const result = outcome(() => toObject(node, 'Options', value, 0));
				if (value === undefined || value === null || value === '') return result.ok;
				const plain =
					typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
				return result.ok === plain;
			}),
			RUNS,
		);
	});
});

describe('toPathSegment', () => {
	test('the result is always exactly one safe path segment', () => {
		fc.assert(
			fc.property(anything, (value) => {
				const result = outcome(() => toPathSegment(node, 'List ID', value, 0));
				if (!result.ok) return result.message.startsWith('List ID: ');
				return (
					endpointPathProblem(`/calling/contact/${result.value}`) === undefined &&
					decodeURIComponent(result.value) === String(value).trim()
				);
			}),
			RUNS,
		);
	});
});

describe('toLocatorText', () => {
	test('a locator object, plain text and padded text all give the trimmed value', () => {
		expect(
			toLocatorText(node, 'Assistant', { __rl: true, mode: 'list', value: ` ${AGENT} ` }, 0),
		).toBe(AGENT);
		expect(toLocatorText(node, 'Assistant', ` ${AGENT}`, 0)).toBe(AGENT);
		expect(toLocatorText(node, 'Assistant', undefined, 0)).toBe('');
	});

	test('a locator holding a list is refused, naming the field and the item', () => {
		expect(() => toLocatorText(node, 'Filters › Assistant', { __rl: true, value: [1] }, 2)).toThrow(
			'Filters › Assistant: a list is not text [item 2]',
		);
	});

	test('an object or a Date that is no locator is refused, never read as unset', () => {
		// What an expression in a locator gives: a record, a Date, a Luxon-like date object.
		for (const [value, what] of [
			[{ id: AGENT }, 'an object'],
			[{ value: AGENT }, 'an object'],
			[new Date('2026-05-01T00:00:00Z'), 'a date'],
			[{ toISO: () => '2026-05-01' }, 'an object'],
			[{ __rl: true, mode: 'id', value: { id: AGENT } }, 'an object'],
			[{ __rl: true, mode: 'id', value: new Date(0) }, 'a date'],
		] as const) {
			expect(() => toLocatorText(node, 'Voice (Override)', value, 3)).toThrow(
				`Voice (Override): ${what} is not text [item 3]`,
			);
		}
		// n8n's own locator shapes still give their value, and an empty one is unset.
		expect(toLocatorText(node, 'Assistant', { mode: 'id', value: AGENT }, 0)).toBe(AGENT);
		expect(toLocatorText(node, 'Assistant', { __rl: true, mode: 'list', value: '' }, 0)).toBe('');
	});
});
