import { normalisePhone } from '../../../nodes/shared/calls/phone';

test.each([
	['+1 (415) 555-0100', '', '+14155550100'],
	['(415) 555-0100', '+1', '+14155550100'],
	['98765 43210', '91', '+919876543210'],
	['098765 43210', '+91', '+919876543210'],
	['0044 20 7946 0000', '', '+442079460000'],
	['919876543210', '+91', '+919876543210'],
	[919876543210, '+91', '+919876543210'],
	['415.555.0100', '1', '+14155550100'],
	['  +44 20 7946 0000 ', '+91', '+442079460000'],
])('%p with default %p -> %p', (raw, cc, expected) => {
	expect(normalisePhone(raw, cc)).toBe(expected);
});

test('leaves what it cannot fix for the validator', () => {
	expect(normalisePhone('call me', '+1')).toBe('callme');
	expect(normalisePhone('4155550100', '')).toBe('4155550100');
	expect(normalisePhone(undefined)).toBe('');
});

test('a default country code never makes a short number, a sign or garbage dialable', () => {
	expect(normalisePhone('12345', '+91')).toBe('12345');
	expect(normalisePhone('-14155550100', '+91')).toBe('-14155550100');
	expect(normalisePhone('\u221214155550100', '+1')).toBe('\u221214155550100');
	expect(normalisePhone('0 1234', '+44')).toBe('01234');
	expect(normalisePhone('9234567890123456', '+1')).toBe('9234567890123456');
	expect(normalisePhone('4155550100', 'abc')).toBe('4155550100');
	expect(normalisePhone('987654', '+91')).toBe('+91987654');
});
