import type { INode, INodePropertyOptions } from 'n8n-workflow';

import { fieldError, show } from '../engine/validate';

/** The languages the API contract allows for an assistant's language and secondary language. */
export const LANGUAGE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Arabic (UAE)', value: 'ar-AE' },
	{ name: 'English (India)', value: 'en-IN' },
	{ name: 'English (US)', value: 'en-US' },
	{ name: 'Gujarati', value: 'gu-IN' },
	{ name: 'Hindi', value: 'hi-IN' },
	{ name: 'Kannada', value: 'kn-IN' },
	{ name: 'Marathi', value: 'mr-IN' },
	{ name: 'Tamil', value: 'ta-IN' },
	{ name: 'Telugu', value: 'te-IN' },
];

/** The language codes of LANGUAGE_OPTIONS. */
export const LANGUAGES = LANGUAGE_OPTIONS.map((o) => String(o.value));

/** A language code from the list (an expression may yield anything). */
export function toLanguage(node: INode, field: string, value: unknown, i: number): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!LANGUAGES.includes(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a supported language; use one of ${LANGUAGES.join(', ')}`,
			i,
		);
	}
	return text;
}

/**
 * The languages POST /public/agent takes for a new assistant (vendor reference, 2026-08). Not
 * the edit list: it adds Bengali (bn-IN) and ka-IN, and lacks Gujarati and Arabic.
 */
export const CREATE_LANGUAGE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Bengali', value: 'bn-IN' },
	{ name: 'English (India)', value: 'en-IN' },
	{ name: 'English (US)', value: 'en-US' },
	{ name: 'Hindi', value: 'hi-IN' },
	// The reference lists ka-IN beside kn-IN (Kannada) without naming it: shown by its code.
	{ name: 'Ka-IN', value: 'ka-IN' },
	{ name: 'Kannada', value: 'kn-IN' },
	{ name: 'Marathi', value: 'mr-IN' },
	{ name: 'Tamil', value: 'ta-IN' },
	{ name: 'Telugu', value: 'te-IN' },
];

/** The language codes of CREATE_LANGUAGE_OPTIONS. */
export const CREATE_LANGUAGES = CREATE_LANGUAGE_OPTIONS.map((o) => String(o.value));
