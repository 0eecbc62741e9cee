/**
 * The variables of the call placed back: the Variables override, else the row of Variables
 * From Rows with the callee's number, else the original call's.
 * Every call is checked against the placeholders its assistant uses (GET /agent/{id}, read
 * once per assistant for all the items of one run of the node),
 * so a callee never hears "@{{name}}"; where the original's variables are not known (a history
 * row does not carry them) and the assistant uses any, the Variables override is asked for.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readAssistantRecord } from '../../../../shared/assistants/assistants';
import { calleeText } from '../../../../shared/dialling/callee/values';
import {
	asPlaceholders,
	missingPromptVariables,
	variablesOfTheCall,
} from '../../../../shared/assistants/promptVariables';
import { usedPromptVariables } from '../../../../shared/assistants/versions';
import { fields, type Fields } from '../../../../shared/engine/params';
import { perRun, type Run } from '../../../../shared/engine/run';
import type { StartBody } from '../../../../shared/dialling/startRequest';
import { variableRows, type RowConflict, type VariableRows } from './rows';

/** The Variables override as text values; undefined when unset (the default `{}`). */
export function readVariablesOverride(o: Fields): Record<string, string> | undefined {
	const given = o.jsonObject('variables', 'Variables');
	if (!Object.keys(given).length) return undefined;
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(given)) {
		// The callee pipeline's one rule for a variable's value (as Start and Create read them).
		const read = calleeText(value);
		if ('problem' in read) throw o.error('Variables', `the value of "${key}" ${read.problem}`);
		out[key] = read.text;
	}
	return out;
}

const ROWS_LABEL = 'Variables From Rows';

/**
 * Overrides › Variables From Rows with its two settings, read from the first item (the rows
 * are the same list for every item, and read once) and indexed once per run; undefined when
 * not set. A value that is not a list of rows stops the node before any request.
 */
function readVariableRows(ctx: IExecuteFunctions): VariableRows | undefined {
	const o = fields(ctx, 0).collection('overrides', 'Overrides');
	if (!o.has('variableRows')) return undefined;
	const phoneColumn = o.text('variableRowsPhone', `${ROWS_LABEL}: Phone Column`).trim() || 'phone';
	const leaveOut = o.has('variableRowsLeaveOut')
		? o.list('variableRowsLeaveOut', `${ROWS_LABEL}: Leave Out`, { commas: true, blank: 'empty' })
		: ['name'];
	const rows = variableRows(o.raw('variableRows'), phoneColumn, leaveOut);
	if ('problem' in rows) throw o.error(ROWS_LABEL, rows.problem);
	return rows;
}

/** The rows of this run of the node (see readVariableRows), read at the first item's call. */
export const variableRowsOfRun = perRun(readVariableRows);

/** Where the variables of a call placed back came from, as its output says. */
export type VariablesFrom = 'override' | 'rows' | 'original_call' | 'none';

export interface ChosenVariables {
	/** null: not known (a history row carries none, and nothing else gave them). */
	values: Record<string, string> | null;
	from: VariablesFrom;
	/** The row of Variables From Rows (1 = the first) when from is 'rows'. */
	row?: number;
	/** Why the rows gave nothing, for the error when the prompt needs a variable. */
	note?: string;
}

const shown = (value: string | null) => (value === null ? 'none' : JSON.stringify(value));

/** Two rows of the callee's number that send different values: refused, naming both. */
function conflictError(o: Fields, number: string, { conflict: c }: RowConflict) {
	const [a, b] = c.rows;
	const [va, vb] = c.values.map(shown);
	return o.error(
		ROWS_LABEL,
		`rows ${a} and ${b} both have ${number}, with different values (${c.column}: ${va} in row ${a}, ${vb} in row ${b}), so neither is taken: keep one row per number, or give the Variables override`,
	);
}

/**
 * The variables sent: the Variables override, else the row of Variables From Rows with the
 * callee's number (refused, before the call is placed, where two such rows differ), else the
 * original call's (from the input item: the Webhook Trigger's events and Start's output carry
 * them).
 */
export function chooseVariables(
	o: Fields,
	override: Record<string, string> | undefined,
	rows: VariableRows | undefined,
	number: string,
	own: Record<string, string> | null,
): ChosenVariables {
	if (override) return { values: override, from: 'override' };
	const match = rows?.find(number);
	if (match && 'conflict' in match) throw conflictError(o, number, match);
	if (match) return { values: match.variables, from: 'rows', row: match.row };
	const note = rows ? `no row of ${ROWS_LABEL} (${rows.count}) has ${number}` : undefined;
	if (own === null) return { values: null, from: 'none', note };
	return { values: own, from: Object.keys(own).length ? 'original_call' : 'none', note };
}

/** What a placed call's output says of its variables. */
export const variablesSaid = (chosen: ChosenVariables) =>
	chosen.row === undefined
		? { variables_from: chosen.from }
		: { variables_from: chosen.from, variables_row: chosen.row };

/**
 * The assistants read in this run of the node, by id: kept by the run (engine/run.ts), which
 * every item of the execution shares and which dies with it. A failed read is forgotten, so
 * the next item tries again.
 */
const assistantsOfRun = perRun(() => new Map<string, Promise<IDataObject>>());

function assistantOnce(
	ctx: IExecuteFunctions,
	run: Run,
	agentId: string,
	i: number,
): Promise<IDataObject> {
	const read = run.get(assistantsOfRun);
	let agent = read.get(agentId);
	if (!agent) {
		agent = readAssistantRecord(ctx, agentId, i);
		read.set(agentId, agent);
		agent.catch(() => read.delete(agentId));
	}
	return agent;
}

export async function checkVariables(
	ctx: IExecuteFunctions,
	run: Run,
	o: Fields,
	body: StartBody,
	chosen: ChosenVariables,
	i: number,
): Promise<void> {
	const known = chosen.values !== null;
	const unknown = `the original call's variables are not known (a history row does not carry them${chosen.note ? `, and ${chosen.note}` : ''})`;
	const used = usedPromptVariables(
		await assistantOnce(ctx, run, body.agent_id, i),
		body.version_id,
	);
	const vars = body.custom_args_values ?? {};
	const given = [
		...Object.keys(vars).filter((k) => vars[k].trim() !== ''),
		...variablesOfTheCall(body),
	];
	if (used.variables === undefined) {
		if (known) return;
		throw o.error(
			'Variables',
			`${unknown} and the assistant's prompt cannot be checked (${used.note}): give them here`,
		);
	}
	const missing = missingPromptVariables(used.variables, given);
	if (!missing.length) return;
	// Who gave the variables (the field itself needs no name: the error is about it).
	const giver =
		chosen.from === 'rows'
			? `row ${chosen.row} of ${ROWS_LABEL} `
			: chosen.from === 'override'
				? ''
				: 'the call ';
	const why = known ? `${giver}gives no value for` : `${unknown}, and it needs`;
	throw o.error(
		'Variables',
		`${why} ${asPlaceholders(missing)}, which the assistant uses: give ${missing.length === 1 ? 'it' : 'them'} here`,
	);
}
