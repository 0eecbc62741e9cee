/**
 * The prompt-variable check's own rules (start/promptCheck.ts; the check against the service
 * is promptVariables.test.ts): what names a row gives, the batch's error naming every row
 * that lacks a variable, and a row's warnings added to its output.
 */
import { NodeOperationError } from 'n8n-workflow';

import type { StartRow } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/body';
import {
	batchRefusal,
	givenVariables,
	withWarnings,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/promptCheck';
import { BinaryOutput } from '../../../../../nodes/shared/engine/router';
import { START_NODE, startContext } from '../../../../helpers/startContext';

describe('givenVariables', () => {
	it('names the variables holding a value, then what the call fills', () => {
		const body = {
			name: 'Ann',
			mobile_number: '+14155550101',
			custom_args_values: { plan: 'gold', blank: ' ', seats: '3' },
		};
		expect(givenVariables(body)).toEqual(['plan', 'seats', 'callee_name', 'mobile_number']);
		expect(givenVariables({ name: ' ', custom_args_values: ['plan'] })).toEqual([]);
	});
});

describe('batchRefusal', () => {
	const errors = Array.from(
		{ length: 8 },
		(_, i) => new NodeOperationError(START_NODE, `own error of item ${i}`),
	);
	const requests: StartRow[] = errors.map((error) => ({ verdict: 'refuse', error }));
	const lacking = (index: number) => ({ index, missing: ['plan'], uses: ['plan', 'clinic'] });

	it("keeps a lone row's own error", () => {
		expect(batchRefusal(startContext().ctx, [lacking(3)], requests)).toBe(errors[3]);
	});

	it('names the first five rows with what each lacks, counts the rest, on the first item', () => {
		const refused = [1, 2, 3, 4, 5, 6, 7].map(lacking);
		const error = batchRefusal(startContext().ctx, refused, requests) as NodeOperationError;
		const named = [1, 2, 3, 4, 5].map((i) => `item ${i} lacks @{{plan}}`).join('; ');
		expect(error.message).toBe(
			`Custom Variables: 7 rows give no value for variables their assistant uses: ${named}; and 2 more rows [item 1]`,
		);
		expect(error.context.itemIndex).toBe(1);
		expect(error.description).toBe(
			"Nobody was called: the batch stops before any call when a row lacks a variable (with Continue On Fail, the other rows are called). The assistant's prompt and intro use @{{plan}}, @{{clinic}}. Give each a value (a column of the sheet with Custom Variables: All Input Fields, or a Key/Value pair), or set Missing Prompt Variables to Call and Warn.",
		);
	});
});

describe('withWarnings', () => {
	it("adds the warnings after the output's own, to a record, a list and each binary item", () => {
		const warned = ['Missing prompt variables: @{{plan}}'];
		expect(withWarnings({ ok: true, output: { id: 1, warnings: ['own'] } }, warned)).toEqual({
			ok: true,
			output: { id: 1, warnings: ['own', ...warned] },
		});
		expect(withWarnings({ ok: true, output: [{ id: 1 }] }, warned)).toEqual({
			ok: true,
			output: [{ id: 1, warnings: warned }],
		});
		const binary = withWarnings(
			{ ok: true, output: new BinaryOutput([{ json: { id: 2 } }]) },
			warned,
		);
		expect(binary?.ok && (binary.output as BinaryOutput).items).toEqual([
			{ json: { id: 2, warnings: warned } },
		]);
	});

	it('leaves an error, and an output without warnings, as they are', () => {
		const failed = { ok: false as const, error: new Error('x') };
		expect(withWarnings(failed, ['w'])).toBe(failed);
		const plain = { ok: true as const, output: { id: 1 } };
		expect(withWarnings(plain, [])).toBe(plain);
	});
});
