/**
 * The variables of the call placed back: the Variables override, else the original call's.
 * Every call is checked against the placeholders its assistant uses (GET /agent/{id}, read
 * once per assistant for all the items of one run of the node),
 * so a callee never hears "@{{name}}"; where the original's variables are not known (a history
 * row does not carry them) and the assistant uses any, the Variables override is asked for.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readAssistantRecord } from '../../../../shared/assistants/assistants';
import { calleeText } from '../../../../shared/calls/callee/values';
import {
	asPlaceholders,
	missingPromptVariables,
	variablesOfTheCall,
} from '../../../../shared/assistants/promptVariables';
import { usedPromptVariables } from '../../../../shared/assistants/versions';
import type { Fields } from '../../../../shared/engine/params';
import type { StartBody } from '../../../../shared/calls/startRequest';

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

/**
 * The assistants read in this run of the node, by id. Keyed by the node's execute context,
 * which every item of the run shares and which dies with the run (no state outlives an
 * execution). A failed read is forgotten, so the next item tries again.
 */
const assistantsOfRun = new WeakMap<object, Map<string, Promise<IDataObject>>>();

function assistantOnce(ctx: IExecuteFunctions, agentId: string, i: number): Promise<IDataObject> {
	let read = assistantsOfRun.get(ctx);
	if (!read) assistantsOfRun.set(ctx, (read = new Map()));
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
	o: Fields,
	body: StartBody,
	known: boolean,
	i: number,
): Promise<void> {
	const used = usedPromptVariables(await assistantOnce(ctx, body.agent_id, i), body.version_id);
	const vars = body.custom_args_values ?? {};
	const given = [
		...Object.keys(vars).filter((k) => vars[k].trim() !== ''),
		...variablesOfTheCall(body),
	];
	if (used.variables === undefined) {
		if (known) return;
		throw o.error(
			'Variables',
			`the original call's variables are not known and the assistant's prompt cannot be checked (${used.note}): give them here`,
		);
	}
	const missing = missingPromptVariables(used.variables, given);
	if (!missing.length) return;
	const why = known
		? 'the call gives no value for'
		: "the original call's variables are not known (a history row does not carry them), and it needs";
	throw o.error(
		'Variables',
		`${why} ${asPlaceholders(missing)}, which the assistant uses: give ${missing.length === 1 ? 'it' : 'them'} here`,
	);
}
