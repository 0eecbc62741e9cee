import { defineResource } from '../../../shared/engine/operation';
import * as create from './create';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getResults from './getResults.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';

export const campaign = defineResource({
	value: 'campaign',
	name: 'Campaign',
	operations: { create, get, getMany, getResults, start, stop },
	default: 'create',
});
