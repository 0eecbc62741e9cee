import { defineResource } from '../../../shared/engine/operation';
import * as getMany from './getMany.operation';

export const phoneNumber = defineResource({
	value: 'phoneNumber',
	name: 'Phone Number',
	operations: { getMany },
	default: 'getMany',
});
