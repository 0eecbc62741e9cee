import { defineResource } from '../../../shared/engine/operation';
import * as getMany from './getMany.operation';

export const user = defineResource({
	value: 'user',
	name: 'User',
	operations: { getMany },
	default: 'getMany',
});
