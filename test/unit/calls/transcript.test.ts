import { decodeTranscript } from '../../../nodes/shared/calls/transcript';

test('decodes a JSON string of turns, tolerating extra keys', () => {
	const raw = JSON.stringify([
		{ bot: 'Hello, this is Ava.', message_id: 'm1', timestamp: 1 },
		{ user: 'Hi!' },
		{ bot: 'Bye.' },
	]);
	expect(decodeTranscript(raw)).toEqual({
		turns: [
			{ speaker: 'bot', text: 'Hello, this is Ava.' },
			{ speaker: 'user', text: 'Hi!' },
			{ speaker: 'bot', text: 'Bye.' },
		],
		text: 'Assistant: Hello, this is Ava.\nCaller: Hi!\nAssistant: Bye.',
	});
});

test('decodes an array of turns', () => {
	expect(decodeTranscript([{ user: 'Yes' }]).turns).toEqual([{ speaker: 'user', text: 'Yes' }]);
});

test.each([undefined, null, '', 'not json', '{"bot":"x"}', 42])(
	'gives an empty transcript for %p',
	(raw) => {
		expect(decodeTranscript(raw)).toEqual({ turns: [], text: '' });
	},
);

test('skips turns without a speaker key', () => {
	expect(decodeTranscript([{ system: 'x' }, null, 'text', { bot: 'ok' }]).turns).toEqual([
		{ speaker: 'bot', text: 'ok' },
	]);
});
