import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { route, type ResourceMap } from '../../shared/router';
import * as assistant from './assistant';

export const resources: ResourceMap = {
	assistant: assistant.operations,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, resources);
}
