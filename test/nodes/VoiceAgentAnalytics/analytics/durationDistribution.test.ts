/** Analytics › Get Duration Distribution: GET /analytics/duration-distribution, the answer as served (filters: platform.test.ts). */
import { servedAsIs } from '../../../helpers/analytics';
import { expectAllMocksUsed } from '../../../helpers/harness';

expectAllMocksUsed();

test(
	'one item per input item, the answer exactly as served',
	servedAsIs('durationDistribution', '/analytics/duration-distribution', {
		duration_distribution: { '0-30s': 4, '120s+': 1 },
	}),
);
