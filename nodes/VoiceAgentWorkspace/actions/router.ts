import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { route, type ResourceMap } from '../../shared/router';
import * as apiKey from './apiKey';
import * as phoneNumber from './phoneNumber';
import * as user from './user';

export const resources: ResourceMap = {
	apiKey: apiKey.operations,
	phoneNumber: phoneNumber.operations,
	user: user.operations,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, resources);
}
