import { defineResource } from '../../../shared/engine/operation';
import * as get from './get.operation';

export const workspace = defineResource({
	value: 'workspace',
	name: 'Workspace',
	operations: { get },
	default: 'get',
});
