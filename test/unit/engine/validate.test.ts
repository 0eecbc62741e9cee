import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	toE164,
	toFutureTime,
	toHhmm,
	toJsonObject,
	toTimeZone,
	toUuid,
} from '../../../nodes/shared/engine/validate';
import { toInteger } from '../../../nodes/shared/engine/fieldTypes';

const node: INode = {
	id: '1',
	name: 'Voice Agent',
	type: 'n8n-nodes-voice-agent.voiceAgentCalling',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function errorOf(fn: () => unknown): NodeOperationError {
	try {
		fn();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('expected an error');
}

describe('toE164', () => {
	test.each(['+14155550100', '+919876543210', '+442079460000'])('accepts %s', (n) => {
		expect(toE164(node, 'Phone Number', n, 0)).toBe(n);
	});

	test.each(['4155550100', '+0123456789', '+1 415 555 0100', '+12', 'abc', '+1415555010012345'])(
		'refuses %s naming field and item',
		(n) => {
			const error = errorOf(() => toE164(node, 'Phone Number', n, 3));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe(
				`Phone Number: "${n}" is not a phone number in international format with country code, e.g. +14155550100 [item 3]`,
			);
			expect(error.context.itemIndex).toBe(3);
		},
	);

	test('refuses empty as required', () => {
		expect(errorOf(() => toE164(node, 'Phone Number', '  ', 1)).message).toBe(
			'Phone Number: is required [item 1]',
		);
	});
});

test('toUuid', () => {
	expect(toUuid(node, 'Call ID', '7D0F6A3E-2B1C-4D5E-8F90-123456789ABC', 0)).toBe(
		'7D0F6A3E-2B1C-4D5E-8F90-123456789ABC',
	);
	expect(errorOf(() => toUuid(node, 'Call ID', '7d0f6a3e', 2)).message).toBe(
		'Call ID: "7d0f6a3e" is not a valid ID (UUID expected) [item 2]',
	);
});

test('toHhmm', () => {
	expect(toHhmm(node, 'Start', '09:30', 0)).toBe('09:30');
	expect(toHhmm(node, 'Start', '23:59', 0)).toBe('23:59');
	for (const bad of ['9:30', '24:00', '12:60', '0930']) {
		expect(errorOf(() => toHhmm(node, 'Start', bad, 0)).message).toContain('is not a time of day');
	}
});

test('toTimeZone', () => {
	expect(toTimeZone(node, 'Time Zone', 'Asia/Kolkata', 0)).toBe('Asia/Kolkata');
	// Sent as the tz database spells it: the user's zone, its case fixed.
	expect(toTimeZone(node, 'Time Zone', ' asia/kolkata ', 0)).toBe('Asia/Kolkata');
	expect(errorOf(() => toTimeZone(node, 'Time Zone', 'Mars/Olympus', 4)).message).toBe(
		'Time Zone: "Mars/Olympus" is not an IANA time zone, e.g. Asia/Kolkata [item 4]',
	);
});

describe('toFutureTime', () => {
	const now = Date.parse('2026-11-25T12:00:00Z');

	test('local date-time is taken in the zone', () => {
		const t = toFutureTime(node, 'At', '2026-12-01T09:30:00', 'Asia/Kolkata', 0, now);
		expect(t).toEqual({
			local: '2026-12-01T09:30:00',
			instantMs: Date.parse('2026-12-01T04:00:00Z'),
		});
	});

	test('an instant with offset is converted into the zone', () => {
		const t = toFutureTime(node, 'At', '2026-12-01T09:30:00Z', 'America/New_York', 0, now);
		expect(t.local).toBe('2026-12-01T04:30:00');
	});

	test('a luxon-like date object is accepted', () => {
		const value = { toISO: () => '2026-11-26T00:00:00.000+01:00' };
		expect(toFutureTime(node, 'At', value, 'UTC', 0, now).local).toBe('2026-11-25T23:00:00');
	});

	test('the past is refused', () => {
		expect(
			errorOf(() => toFutureTime(node, 'At', '2026-11-25T11:00:00', 'UTC', 5, now)).message,
		).toBe('At: 2026-11-25T11:00:00 (UTC) is in the past [item 5]');
	});

	test('nonsense and impossible dates are refused', () => {
		expect(errorOf(() => toFutureTime(node, 'At', 'tomorrow', 'UTC', 0, now)).message).toContain(
			'is not a date-time',
		);
		expect(
			errorOf(() => toFutureTime(node, 'At', '2027-02-30T10:00:00', 'UTC', 0, now)).message,
		).toContain('is not a date-time');
	});
});

test('toInteger and toJsonObject', () => {
	expect(toInteger(node, 'Limit', '5', 0, { min: 1, max: 100 })).toBe(5);
	expect(errorOf(() => toInteger(node, 'Limit', 101, 0, { min: 1, max: 100 })).message).toBe(
		'Limit: 101 is not a whole number from 1 to 100 [item 0]',
	);
	expect(toJsonObject(node, 'Vars', '{"a":1}', 0)).toEqual({ a: 1 });
	expect(errorOf(() => toJsonObject(node, 'Vars', '[1]', 0)).message).toBe(
		'Vars: must be a JSON object like {"key": "value"} [item 0]',
	);
	expect(errorOf(() => toJsonObject(node, 'Vars', '{bad', 0)).message).toMatch(
		/^Vars: is not valid JSON/,
	);
});
