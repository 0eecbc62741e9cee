import { normalisePhone } from '../../nodes/shared/phone';

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
