/**
 * The two closed lists of a row not called, and docs/operations.md's tables of them: the same
 * codes in the same order, so the docs cannot name a code the nodes never write or miss one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	DRY_RUN_CODES,
	REFUSAL_CODES,
	SKIP_CODES,
} from '../../../../nodes/shared/dialling/callee/codes';
import { DO_NOT_CALL } from '../../../../nodes/shared/dialling/callee/doNotCall';

const doc = readFileSync(join(__dirname, '../../../../docs/operations.md'), 'utf8');

/** The first cell of every row of the table whose header starts with `header`. */
function firstColumn(header: string): string[] {
	const lines = doc.split('\n');
	const start = lines.findIndex((l) => l.startsWith(`| ${header} |`));
	expect(start).toBeGreaterThan(0);
	const codes: string[] = [];
	for (const line of lines.slice(start + 2)) {
		if (!line.startsWith('|')) break;
		const cell = line.split('|')[1].trim();
		codes.push(/^`([a-z_]+)`$/.exec(cell)?.[1] ?? cell);
	}
	return codes;
}

test('the skip codes, in the order of the docs', () => {
	expect(SKIP_CODES).toEqual([
		'do_not_call',
		'zone_unknown',
		'too_far_ahead',
		'max_attempts',
		'source_not_over',
		'already_called_back',
		'presumed_called_back',
	]);
	expect(firstColumn('Skip code')).toEqual([...SKIP_CODES]);
});

test('the refusal codes, in the order of the docs', () => {
	expect(REFUSAL_CODES).toEqual([
		'invalid_number',
		'missing_prompt_variable',
		'zone_unknown',
		'invalid_input',
	]);
	expect(firstColumn('Refusal code')).toEqual([...REFUSAL_CODES]);
});

test('the lists share one code only, the unknown zone an operation judges by its policy', () => {
	expect(SKIP_CODES.filter((c) => (REFUSAL_CODES as readonly string[]).includes(c))).toEqual([
		'zone_unknown',
	]);
});

test("a Dry Run counts the list's skip and every refusal code, in the report's order", () => {
	expect(DRY_RUN_CODES).toEqual([
		'do_not_call',
		'invalid_number',
		'missing_prompt_variable',
		'zone_unknown',
		'invalid_input',
	]);
	expect(DO_NOT_CALL).toBe(SKIP_CODES[0]);
});

test('each code row names the operations that write it', () => {
	const rows = doc
		.split('\n')
		.filter((l) => /^\| `[a-z_]+` \| /.test(l))
		.map((l) => l.split('|')[2].trim());
	expect(rows.length).toBe(SKIP_CODES.length + REFUSAL_CODES.length);
	for (const operations of rows)
		for (const name of operations.split(', '))
			expect(['Start', 'Campaign Create', 'Call Back']).toContain(name);
});
