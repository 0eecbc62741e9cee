import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { route, type ResourceMap } from '../../shared/router';
import * as apiKey from './apiKey';
import * as phoneNumber from './phoneNumber';
import * as user from './user';
import * as workspace from './workspace';

export const resources: ResourceMap = {
	apiKey: apiKey.operations,
	phoneNumber: phoneNumber.operations,
	user: user.operations,
	workspace: workspace.operations,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, resources);
}
