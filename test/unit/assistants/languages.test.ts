/** The assistants' language lists, and the check of a language code an expression gives. */
import type { INode } from 'n8n-workflow';

import {
	CREATE_LANGUAGES,
	LANGUAGE_OPTIONS,
	LANGUAGES,
	toLanguage,
} from '../../../nodes/shared/assistants/languages';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentAssistant' } as INode;

test('the edit list is the codes of its options; the create list is its own', () => {
	expect(LANGUAGES).toEqual(LANGUAGE_OPTIONS.map((o) => o.value));
	expect(LANGUAGES).toContain('en-US');
	expect(CREATE_LANGUAGES).toContain('bn-IN');
	expect(LANGUAGES).not.toContain('bn-IN');
});

test('toLanguage: a listed code, trimmed; anything else refused naming the field and the item', () => {
	expect(toLanguage(node, 'Language', ' hi-IN ', 0)).toBe('hi-IN');
	expect(() => toLanguage(node, 'Language', 'xx', 2)).toThrow(
		`Language: "xx" is not a supported language; use one of ${LANGUAGES.join(', ')} [item 2]`,
	);
	expect(() => toLanguage(node, 'Options › Language', { code: 'en-US' }, 1)).toThrow(
		/^Options › Language: \{"code":"en-US"\} is not a supported language/,
	);
});
