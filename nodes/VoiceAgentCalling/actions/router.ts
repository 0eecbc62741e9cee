import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { route, type ResourceMap } from '../../shared/router';
import * as call from './call';
import * as contactList from './contactList';

export const resources: ResourceMap = {
	call: call.operations,
	contactList: contactList.operations,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, resources);
}
