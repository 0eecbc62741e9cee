/** Analytics › Get Classification Report: GET /analytics/classification-analytics, the answer as served (filters: platform.test.ts). */
import { servedAsIs } from '../../../helpers/analytics';
import { expectAllMocksUsed } from '../../../helpers/harness';

expectAllMocksUsed();

test(
	'one item per input item, the answer exactly as served',
	servedAsIs('classification', '/analytics/classification-analytics', {
		classification_analytics: { by_label: { interested: 3 }, extra: [null] },
	}),
);
