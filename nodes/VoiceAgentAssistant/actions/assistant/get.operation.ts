import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import { readAssistant } from './read';

export const option = operationOption({
	name: 'Get',
	value: 'get',
	description:
		'Get an assistant: its live version, prompt, voice, languages and the variables the prompt uses',
	action: 'Get an assistant',
});

/** The Assistant picker shared by every operation on one assistant (see index.ts). */
export const properties: INodeProperties[] = [];

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const agentId = fields(this, i).locatorUuid('assistant', 'Assistant');
	return await readAssistant(this, agentId, i);
}
