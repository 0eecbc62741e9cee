import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import {
	placeholderWarnings,
	promptPlaceholders,
} from '../../../shared/assistants/promptVariables';
import type { OperationOutput } from '../../../shared/engine/router';
import { fields } from '../../../shared/engine/params';
import { EDIT_NEEDS_CONSENT, patchAgent } from './edit';

export const option = operationOption({
	name: 'Update Prompt',
	value: 'updatePrompt',
	description: 'Replace the prompt (instructions) of an assistant',
	action: 'Update the prompt of an assistant',
});

export const properties: INodeProperties[] = [
	{
		displayName: 'Prompt',
		name: 'prompt',
		type: 'string',
		typeOptions: { rows: 10 },
		default: '',
		required: true,
		description: 'The full new prompt; it replaces the current one',
		hint: 'Placeholders are written @{{variable_name}} and filled from the custom variables of each call. The output lists the placeholders used in prompt_variables. Keep the field Fixed (not an expression) when it holds placeholders, since n8n would try to evaluate {{ }} itself.',
	},
	{
		displayName: 'Known Custom Variables',
		name: 'knownVariables',
		type: 'string',
		default: '',
		placeholder: 'e.g. customer_name, appointment_date',
		description:
			'Optional. Names of the custom variables your calls pass, separated by commas. When given, placeholders in the prompt that are not among them are reported as warnings (the edit still goes ahead).',
	},
];

export const agentNeedsConsent = EDIT_NEEDS_CONSENT;

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const prompt = f.requiredText('prompt', 'Prompt');
	// Optional: without it, no placeholder can be called unknown.
	const known = f.has('knownVariables')
		? f.variableNames('knownVariables', 'Known Custom Variables')
		: undefined;
	const warnings = placeholderWarnings(prompt, known);
	const response = await patchAgent.call(this, i, 'edit_prompt', { agent_prompt: prompt });
	if (warnings.length && typeof this.addExecutionHints === 'function') {
		this.addExecutionHints(
			...warnings.map((message) => ({
				message: `Item ${i}: ${message}`,
				type: 'warning' as const,
				location: 'outputPane' as const,
			})),
		);
	}
	return { ...response, prompt_variables: promptPlaceholders(prompt), warnings };
}
