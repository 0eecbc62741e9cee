import type { INodePropertyOptions } from 'n8n-workflow';

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
