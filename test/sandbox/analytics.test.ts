/**
 * The sandbox's analytics (vendor reference): the documented top level of each answer, the
 * filters applied to its calls, the campaign report's required list, days as YYYY-MM-DD.
 */
import type { Sandbox } from '../../sandbox';
import type { Client } from './helpers';
import { useSandbox } from '../helpers/sandbox';

let sb: Sandbox;
let api: Client;
useSandbox((started) => ({ sb, api } = started));

const ALL = 'start_date=2000-01-01&end_date=2100-12-31';

test('each report has its documented top level', async () => {
	const keys = async (path: string) =>
		Object.keys((await api.get(`/analytics/${path}?${ALL}`)).body).sort();
	expect(await keys('platform-analytics')).toEqual([
		'cached',
		'metrics_summary',
		'performance_metrics',
	]);
	const list = sb.store.calls.find((c: any) => c.bulk_list_id)?.bulk_list_id;
	expect(list).toBeDefined();
	expect(await keys(`drill-down-analytics?bulk_list_id=${list}&x=1`)).toEqual([
		'cached',
		'performance_metrics',
	]);
	expect(await keys('number-analytics')).toEqual(['number_analytics']);
	expect(await keys('duration-distribution')).toEqual(['duration_distribution']);
	expect(await keys('classification-analytics')).toEqual(['classification_analytics']);
});

test('the filters select the calls counted', async () => {
	const total = (query: string) =>
		api
			.get(`/analytics/platform-analytics?${ALL}${query}`)
			.then((r) => r.body.performance_metrics.total_calls);
	const calls = sb.store.calls;
	expect(await total('')).toBe(calls.length);
	const agent = calls[0].agent.id;
	expect(await total(`&agent_id=${agent}`)).toBe(
		calls.filter((c: any) => c.agent.id === agent).length,
	);
	expect(await total('&voicemail=true')).toBe(
		calls.filter((c: any) => c.voicemail_detected).length,
	);
	expect(await total('&voicemail=false')).toBe(
		calls.filter((c: any) => !c.voicemail_detected).length,
	);
	// A day range before every call counts none.
	expect(
		(await api.get('/analytics/platform-analytics?start_date=2000-01-01&end_date=2000-01-02')).body
			.performance_metrics.total_calls,
	).toBe(0);
});

test('the campaign report needs a list; days must be YYYY-MM-DD', async () => {
	expect((await api.get('/analytics/drill-down-analytics')).status).toBe(400);
	const bad = await api.get('/analytics/number-analytics?start_date=2026-01-01T00:00:00');
	expect(bad.status).toBe(400);
	expect(bad.body.error.message).toBe(
		'start_date must be a date as YYYY-MM-DD, got "2026-01-01T00:00:00"',
	);
});
