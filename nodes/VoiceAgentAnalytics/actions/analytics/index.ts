import { defineResource } from '../../../shared/engine/operation';
import * as classification from './classification.operation';
import * as drillDown from './drillDown.operation';
import * as durationDistribution from './durationDistribution.operation';
import * as numbers from './numbers.operation';
import * as platform from './platform.operation';

/** The reports of GET /analytics/*; all read, none needs an AI agent's consent. */
export const analytics = defineResource({
	value: 'analytics',
	name: 'Analytics',
	operations: { platform, drillDown, numbers, durationDistribution, classification },
	default: 'platform',
});
