import { defineResource } from '../../../shared/operation';
import * as getMany from './getMany.operation';

export const campaign = defineResource({
	value: 'campaign',
	name: 'Campaign',
	operations: { getMany },
	default: 'getMany',
});
