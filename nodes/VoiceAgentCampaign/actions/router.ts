import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { route, type ResourceMap } from '../../shared/router';
import * as campaign from './campaign';

export const resources: ResourceMap = {
	campaign: campaign.operations,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, resources);
}
