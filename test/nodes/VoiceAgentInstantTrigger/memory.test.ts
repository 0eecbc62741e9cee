/**
 * The trigger's memory in static data: keys hashed to 10 base64url characters, values the
 * epoch second; anything malformed read back is dropped.
 */
import fc from 'fast-check';

import {
	callKey,
	deliveryKey,
	MEMORY_CAP,
	MEMORY_DAYS,
	memoryKey,
	readMemory,
} from '../../../nodes/VoiceAgentInstantTrigger/memory';

const RUNS = { numRuns: 500, seed: 20260101 };

test('the bounds: 8 days, 5,000 entries', () => {
	expect([MEMORY_DAYS, MEMORY_CAP]).toEqual([8, 5000]);
});

test('the kinds of key: d: a delivery, c: a call', () => {
	expect(deliveryKey('event:e1')).toBe('d:event:e1');
	expect(callKey('7d0f6a3e-2b1c-4d5e-8f90-123456789abc')).toBe(
		'c:7d0f6a3e-2b1c-4d5e-8f90-123456789abc',
	);
});

describe('memoryKey', () => {
	test('any key: 10 base64url characters, the same every time', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary' }), (key) => {
				expect(memoryKey(key)).toMatch(/^[A-Za-z0-9_-]{10}$/);
				expect(memoryKey(key)).toBe(memoryKey(key.slice()));
			}),
			RUNS,
		);
	});

	test('different keys of the kinds stored get different hashes', () => {
		const keys = Array.from({ length: 20000 }, (_, n) => [
			deliveryKey(`call-${n}:call_completed:1:0:completed`),
			callKey(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`),
		]).flat();
		expect(new Set(keys.map(memoryKey)).size).toBe(keys.length);
	});

	test('known values (stored memories must keep reading the same)', () => {
		expect(['', 'c:a', 'd:event:e1'].map(memoryKey)).toEqual([
			'XwDRg8e3rP',
			'qf_0Pz6xyY',
			'8nK6Z-daAi',
		]);
	});
});

describe('readMemory', () => {
	test('integer values are kept, everything else dropped', () => {
		expect(
			readMemory({ a: 1700000000, b: 1.5, c: '1700000000', d: null, e: -3, f: Number.NaN }),
		).toEqual({ a: 1700000000, e: -3 });
	});

	test.each([undefined, null, 'x', 5, [1, 2]])('%p reads as empty', (raw) => {
		expect(readMemory(raw)).toEqual({});
	});

	test('a well-formed memory reads back as it is', () => {
		fc.assert(
			fc.property(fc.dictionary(fc.string(), fc.integer()), (memory) => {
				expect(readMemory(memory)).toEqual({ ...memory });
			}),
			RUNS,
		);
	});
});
