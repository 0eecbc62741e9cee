import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { MissingMode } from '../../../../shared/dialling/callee/values';
import { NodeOperationError } from 'n8n-workflow';

import { readAssistantRecord } from '../../../../shared/assistants/assistants';
import { usedPromptVariables, type UsedVariables } from '../../../../shared/assistants/versions';
import {
	asPlaceholders,
	missingPromptVariables,
	missingVariablesText,
	variablesOfTheCall,
} from '../../../../shared/assistants/promptVariables';
import { asItemError, BinaryOutput, type ItemResult } from '../../../../shared/engine/router';
import { isPlainObject } from '../../../../shared/http/shape';
import type { StartRow } from './body';

/**
 * Before anyone is called, every row is checked against the `@{{name}}` placeholders its
 * assistant uses: a callee must never hear "@{{clinic}}". The assistant is read once per
 * distinct assistant of the batch (GET /agent/{id}), not per row.
 */

/** The check of one row, as Dry Run shows it. */
export interface RowCheck {
	/** The variables the assistant uses; null when they cannot be read (multi_node). */
	uses: string[] | null;
	missing: string[];
}

/** The names a row gives: its variables that hold a value, and what the call itself fills. */
export function givenVariables(body: IDataObject): string[] {
	const vars = isPlainObject(body.custom_args_values) ? body.custom_args_values : {};
	const filled = Object.keys(vars).filter(
		(name) => typeof vars[name] === 'string' && (vars[name] as string).trim() !== '',
	);
	return [...filled, ...variablesOfTheCall(body)];
}

const FIX_HINT =
	'Give each a value (a column of the sheet with Custom Variables: All Input Fields, or a Key/Value pair), or set Missing Prompt Variables to Call and Warn.';
/** What happened to the others: without Continue On Fail one refused row stops the batch. */
const NOBODY_CALLED = 'Nobody was called: the batch stops before any call when';
const READ_FAILED_HINT =
	'The assistant is read before anyone is called, to check the variables its prompt uses (Missing Prompt Variables).';
/** Refused rows named in the batch's error; the rest are counted. */
const NAMED_ROWS = 5;

/** A row refused for missing variables: which, and what its assistant uses. */
export interface Refusal {
	index: number;
	missing: string[];
	uses: string[];
}

/**
 * Checks every row that passed its own checks. A refused row's verdict becomes a refusal
 * (missing_prompt_variable) whose error names that row's own missing variables; a warning (a missing variable under Call and Warn,
 * or a check that cannot be made) is added to `warnings[i]`. A failed read of an assistant
 * fails each of its rows. `batchStops`: without Continue On Fail, the errors say that nobody
 * was called. Returns each checked row's result (for Dry Run) and the refused rows.
 */
export async function checkPromptVariables(
	ctx: IExecuteFunctions,
	requests: StartRow[],
	mode: MissingMode,
	warnings: string[][],
	batchStops: boolean,
): Promise<{ checks: Array<RowCheck | undefined>; refused: Refusal[] }> {
	const node = ctx.getNode();
	// One read per assistant, whatever the number of its rows and versions.
	const reads = new Map<string, Promise<IDataObject>>();
	requests.forEach((request, i) => {
		if (request.verdict !== 'call') return;
		const agentId = String(request.value.body.agent_id);
		if (!reads.has(agentId)) {
			const read = readAssistantRecord(ctx, agentId, i);
			read.catch(() => undefined);
			reads.set(agentId, read);
		}
	});
	const checks: Array<RowCheck | undefined> = [];
	const refused: Refusal[] = [];
	// A failed read, explained once per assistant: every row of it fails with this error.
	const failed = new Map<string, Error>();
	for (let i = 0; i < requests.length; i++) {
		const request = requests[i];
		if (request.verdict !== 'call') continue;
		const { body } = request.value;
		const agentId = String(body.agent_id);
		let used: UsedVariables;
		try {
			const agent = await (reads.get(agentId) as Promise<IDataObject>);
			const versionId = body.version_id;
			used = usedPromptVariables(agent, typeof versionId === 'string' ? versionId : undefined);
		} catch (error) {
			if (!failed.has(agentId)) {
				const e = asItemError(ctx, error, i) as Error & { description?: string | null };
				const outcome = batchStops
					? `${NOBODY_CALLED} an assistant cannot be read.`
					: 'The rows of this assistant were not called.';
				e.description = `${READ_FAILED_HINT} ${outcome} ${e.description ?? ''}`.trim();
				failed.set(agentId, e);
			}
			// Not a refusal of the row's values: a Dry Run shows it as the error it is.
			requests[i] = {
				verdict: 'refuse',
				error: failed.get(agentId) as Error,
				number: request.number,
			};
			continue;
		}
		if (used.variables === undefined) {
			checks[i] = { uses: null, missing: [] };
			if (mode !== 'ignore') warnings[i].push(`Prompt variables not checked: ${used.note}.`);
			continue;
		}
		const missing = missingPromptVariables(used.variables, givenVariables(body));
		checks[i] = { uses: used.variables, missing };
		if (!missing.length || mode === 'ignore') continue;
		const text = missingVariablesText(missing, used.variables);
		if (mode === 'warn') {
			warnings[i].push(`Missing prompt variables: ${text}`);
			continue;
		}
		refused.push({ index: i, missing, uses: used.variables });
		requests[i] = {
			verdict: 'refuse',
			code: 'missing_prompt_variable',
			error: new NodeOperationError(node, `Custom Variables: ${text} [item ${i}]`, {
				itemIndex: i,
				description: batchStops
					? `${NOBODY_CALLED} a row lacks a variable. ${FIX_HINT}`
					: `This row was not called. ${FIX_HINT}`,
			}),
			number: request.number,
		};
	}
	return { checks, refused };
}

/**
 * The error of a batch that stops because rows lack variables: every refused row named (the
 * first NAMED_ROWS with what each lacks, then a count), on the first one's item. One row keeps
 * the row's own error.
 */
export function batchRefusal(
	ctx: IExecuteFunctions,
	refused: Refusal[],
	requests: StartRow[],
): Error {
	const first = refused[0];
	const own = requests[first.index];
	if (refused.length === 1 && own.verdict === 'refuse') return own.error;
	const named = refused
		.slice(0, NAMED_ROWS)
		.map((r) => `item ${r.index} lacks ${asPlaceholders(r.missing)}`);
	const more = refused.length - NAMED_ROWS;
	if (more > 0) named.push(`and ${more} more row${more === 1 ? '' : 's'}`);
	const uses = new Set(refused.map((r) => asPlaceholders(r.uses)));
	const used =
		uses.size === 1
			? `The assistant's prompt and intro use ${[...uses][0]}.`
			: "Each row was checked against its own assistant's prompt and intro.";
	return new NodeOperationError(
		ctx.getNode(),
		`Custom Variables: ${refused.length} rows give no value for variables their assistant uses: ${named.join('; ')} [item ${first.index}]`,
		{
			itemIndex: first.index,
			description: `${NOBODY_CALLED} a row lacks a variable (with Continue On Fail, the other rows are called). ${used} ${FIX_HINT}`,
		},
	);
}

/** A row's output with its warnings added (a record, or each item of a binary output). */
export function withWarnings(result: ItemResult | undefined, warnings: string[]) {
	if (!result?.ok || !warnings.length) return result;
	const add = (json: IDataObject): IDataObject => ({
		...json,
		warnings: [...(Array.isArray(json.warnings) ? json.warnings : []), ...warnings],
	});
	const { output } = result;
	if (output instanceof BinaryOutput) {
		return {
			ok: true as const,
			output: new BinaryOutput(output.items.map((item) => ({ ...item, json: add(item.json) }))),
		};
	}
	return {
		ok: true as const,
		output: Array.isArray(output) ? output.map(add) : add(output),
	};
}
