import { maskedEntry, planChange } from '../../../nodes/shared/assistants/subscriptions';

const ours = {
	event_type: ['call_completed'],
	callback_url: 'https://n8n/hook',
	method_type: 'POST',
};
const other = {
	event_type: 'call_started',
	callback_url: 'https://crm/hook',
	headers: { 'X-Team': 'a' },
	method_type: 'PUT',
};
const masked = { ...other, headers: { Authorization: 'Bear***' } };
const isOurs = (e: Record<string, unknown>) => e.callback_url === 'https://n8n/hook';

describe('planChange', () => {
	test('replaces only the own entry and keeps every other entry exactly, in order', () => {
		const old = { ...ours, event_type: ['call_started'] };
		expect(planChange([other, old], isOurs, [ours])).toEqual({ list: [other, ours] });
	});

	test('removes the own entry when nothing replaces it', () => {
		expect(planChange([ours, other], isOurs, [])).toEqual({ list: [other] });
	});

	test('writes nothing that would put a masked secret back, and names it', () => {
		const list = [masked, ours];
		expect(planChange(list, isOurs, [])).toEqual({
			list,
			masked: 'https://crm/hook (headers.Authorization)',
		});
	});

	test('a masked value in the own entry does not block its replacement', () => {
		const mine = { ...ours, headers: { 'x-voice-agent-secret': 'abc***' } };
		expect(planChange([mine], isOurs, [ours])).toEqual({ list: [ours] });
	});
});

test('maskedEntry finds a mask at any depth, and nothing in plain entries', () => {
	expect(maskedEntry([other, { callback_url: 'u', deep: [{ token: 'x***' }] }])).toBe(
		'u (deep.0.token)',
	);
	expect(maskedEntry([other, ours])).toBeUndefined();
});
