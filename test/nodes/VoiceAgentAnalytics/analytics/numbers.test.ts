/** Analytics › Get Numbers Report: GET /analytics/number-analytics, one item per number. */
import { report } from '../../../helpers/analytics';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const NUMBERS = [
	{ number: '+14155550100', calls: 3, any: { shape: true } },
	{ number: '+14155550101', calls: 1 },
];
const api = () =>
	mockApi()
		.get('/analytics/number-analytics')
		.query({ start_date: '2026-05-01', end_date: '2026-05-31' })
		.reply(200, { number_analytics: NUMBERS });
const days = { startDate: '2026-05-01', endDate: '2026-05-31' };

test('by default each number is an item of its own, as served', async () => {
	const scope = api();
	const { output, error } = await runNode(report('numbers', days));
	expect(error).toBeUndefined();
	expect(output).toEqual(NUMBERS.map((json) => ({ json, pairedItem: { item: 0 } })));
	scope.done();
});

test('One Item per Number off: the whole answer as one item', async () => {
	const scope = api();
	const { output } = await runNode(report('numbers', { ...days, splitNumbers: false }));
	expect(output).toEqual([{ json: { number_analytics: NUMBERS }, pairedItem: { item: 0 } }]);
	scope.done();
});

test('number_analytics that is not a list of objects is a shape error', async () => {
	const scope = mockApi()
		.get('/analytics/number-analytics')
		.query(true)
		.reply(200, { number_analytics: { '+14155550100': 3 } });
	const { error } = await runNode(report('numbers', days));
	expect(error?.message).toBe(
		'Unexpected answer from the service: number_analytics should be a list but is an object',
	);
	scope.done();
});
