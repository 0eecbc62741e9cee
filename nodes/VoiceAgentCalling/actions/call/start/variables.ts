import type { IExecuteFunctions } from 'n8n-workflow';

import { calleeValue } from '../../../../shared/dialling/callee/values';
import { fields } from '../../../../shared/engine/params';
import { DROPPED_KEYS, fieldError } from '../../../../shared/engine/validate';

// Variable names n8n drops when it copies data ("__proto__" would also change an object's
// prototype instead of adding a key) are refused with the key named, never lost on the way.

type Variables = Record<string, string>;

/** Custom variables as the API wants them: string keys to string values, or undefined. */
export function readVariables(ctx: IExecuteFunctions, i: number): Variables | undefined {
	const node = ctx.getNode();
	const f = fields(ctx, i);
	const mode = f.option(
		'variablesMode',
		'Custom Variables',
		['none', 'pairs', 'json', 'row'],
		'pairs',
	);
	// [key, value, label of the value] in the order given; a Map keeps any key as it is.
	const given = new Map<string, { value: unknown; label: string }>();
	const add = (key: string, value: unknown, label: string, hint: string) => {
		if (DROPPED_KEYS.has(key)) {
			throw fieldError(
				node,
				label,
				`"${key}" cannot be used as a variable name (it is reserved in JavaScript); rename it${hint}`,
				i,
			);
		}
		given.set(key, { value, label });
	};
	if (mode === 'pairs') {
		for (const pair of f.collection('variables', 'Variables').entries('variable', 'Variable')) {
			const key = pair.requiredText('name', 'Name');
			if (given.has(key)) throw fieldError(node, `Variables › ${key}`, 'is given twice', i);
			add(key, pair.raw('value'), `Variables › ${key}`, '');
		}
	} else if (mode === 'json') {
		const raw = f.jsonObject('variablesJson', 'Variables (JSON)');
		for (const key of Object.keys(raw)) {
			add(key, raw[key], `Variables › ${key}`, '');
		}
	} else if (mode === 'row') {
		const exclude = new Set(
			f.list('variablesExclude', 'Fields to Leave Out', { commas: true, blank: 'empty' }),
		);
		const row = ctx.getInputData()[i]?.json ?? {};
		for (const key of Object.keys(row)) {
			if (exclude.has(key)) continue;
			add(key, row[key], `Variables › ${key}`, ', or list it in Fields to Leave Out');
		}
	}
	if (given.size === 0) return undefined;
	// Reserved names are refused above, so every key stays a plain own key.
	const out: Variables = {};
	for (const [key, { value, label }] of given) out[key] = calleeValue(node, label, value, i);
	return out;
}
