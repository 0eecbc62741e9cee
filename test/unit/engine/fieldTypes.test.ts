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
	toText,
} from '../../../nodes/shared/engine/fieldTypes';
import { endpointPathProblem, normaliseBaseUrl } from '../../../nodes/shared/http/url';

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

describe('normaliseBaseUrl', () => {
	const baseUrl = fc.oneof(
		fc.webUrl({ withQueryParameters: true, withFragments: true }),
		fc.constantFrom(
			'https://api.example.com/ca/api/v0/',
			'  https://api.example.com/ca/api/v0  ',
			'http://localhost:4010/ca/api/v0',
			'https://api.example.com/ca/../v0',
			'https://api.example.com/a/%2e%2e/b',
		),
	);

	test('is idempotent, and its result has no query, fragment, user or trailing slash', () => {
		fc.assert(
			fc.property(baseUrl, (raw) => {
				const once = normaliseBaseUrl(raw);
				if ('reason' in once) return true;
				const twice = normaliseBaseUrl(once.url);
				const url = new URL(once.url);
				return (
					'url' in twice &&
					twice.url === once.url &&
					!once.url.endsWith('/') &&
					url.search === '' &&
					url.hash === '' &&
					url.username === '' &&
					(url.protocol === 'https:' || url.hostname === 'localhost')
				);
			}),
			RUNS,
		);
	});
});

describe('endpointPathProblem', () => {
	test.each([
		['/calling/contact/..', 'it has a ".." segment'],
		['/calling/contact/%2E%2e', 'it has a ".." segment'],
		['/calling/contact/.', 'it has a "." segment'],
		['/calling/contact/', 'it has an empty segment'],
		['/calling//contact', 'it has an empty segment'],
		['/calling/contact/a?b', 'it contains "?", "#" or a backslash'],
		['/calling/\uD800', 'it contains an unpaired surrogate character'],
		['/calling/%E0%A4%A', 'the segment "%E0%A4%A" is not valid percent-encoding'],
	])('%j: %s', (path, problem) => {
		expect(endpointPathProblem(path)).toBe(problem);
	});

	test('an encoded ID is fine', () => {
		expect(
			endpointPathProblem(`/calling/contact/${encodeURIComponent('list/7 a')}`),
		).toBeUndefined();
	});
});
