/** @jest-environment ./test/helpers/zoneEnvironment.js */
/**
 * Call › Check Calls in the zones n8n may run in: a creation time the service wrote without an
 * offset (Start's `initiated_at`, as the reference shows it) is read as UTC whatever the
 * process's TZ, so 200 open calls cost 2 history pages (not 200 call details) and a call
 * created 600 s ago has waited 600 s. The history here is a tiny honest one: it lists the
 * calls created inside the window asked for.
 */
import nock from 'nock';

import { BASE_URL, mockApi, runNode } from '../../../helpers/harness';
import { AGENT } from '../../../helpers/fixtures';
import { callId, startedCall } from '../../../helpers/checkCalls';
import { TEST_ZONES, useTimeZone } from '../../../helpers/timeZone';

/** The reference's shape of initiated_at: no offset, microseconds (read as UTC). */
const AT = '2026-11-25T12:00:00.629642';
const AT_MS = Date.UTC(2026, 10, 25, 12, 0, 0, 629);
const NOW = AT_MS + 600_000;
const COUNT = 200;

/** An item of Start's output: created_at is initiated_at as served. */
const started = (n: number) => startedCall(n, AT);

const historyRow = (n: number) => ({
	id: callId(n),
	status: 'completed',
	created_at: '2026-11-25T12:00:00.629642+00:00',
	agent: { id: AGENT, agent_name: 'Reminder' },
	call_duration: 30,
	call_attempt_time: '2026-11-25T12:00:05+00:00',
	call_type: 'outbound',
});

/** Every request the node sent, in order: path (below the API's base) and query. */
let requests: string[];
const base = new URL(BASE_URL).pathname;
const sent = (uri: string) => requests.push(uri.slice(base.length));

beforeEach(() => {
	requests = [];
	jest.spyOn(Date, 'now').mockReturnValue(NOW);
	const rows = Array.from({ length: COUNT }, (_, n) => historyRow(n));
	mockApi()
		.persist()
		.get('/calling/history')
		.query(true)
		.reply((uri) => {
			sent(uri);
			const qs = new URL(uri, 'http://h').searchParams;
			const [from, to] = [Date.parse(qs.get('start_date')!), Date.parse(qs.get('end_date')!)];
			const listed = from <= AT_MS && AT_MS <= to ? rows : [];
			const offset = Number(qs.get('offset'));
			const calls = listed.slice(offset, offset + Number(qs.get('limit')));
			return [200, { calls, limit: Number(qs.get('limit')), offset, count: calls.length }];
		});
	mockApi()
		.persist()
		.get('/calling/call-details')
		.query(true)
		.reply((uri) => {
			sent(uri);
			const id = new URL(uri, 'http://h').searchParams.get('id');
			return [
				200,
				{ status: 'success', data: { id, call_status: 'completed', initiation_time: AT } },
			];
		});
});
afterEach(() => {
	nock.cleanAll();
	jest.restoreAllMocks();
});

describe.each(TEST_ZONES)('with the process in %s', (zone) => {
	useTimeZone(zone);

	test('200 open calls created without an offset: 2 history pages, no details, 600 s waited', async () => {
		const { outputs, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'checkCalls' },
			items: Array.from({ length: COUNT }, (_, n) => ({ json: started(n) })),
		});
		expect(error).toBeUndefined();
		const window = `agent_id=${AGENT}&start_date=2026-11-25T11%3A59%3A59.629Z&end_date=2026-11-25T12%3A00%3A01.629Z`;
		expect(requests).toEqual([
			`/calling/history?${window}&limit=100&offset=0`,
			`/calling/history?${window}&limit=100&offset=100`,
		]);
		const [ended, pending] = outputs;
		expect(pending).toEqual([]);
		expect(ended.map((i) => [i.json.call_id, i.json.status, i.json.waited_seconds])).toEqual(
			Array.from({ length: COUNT }, (_, n) => [callId(n), 'completed', 600]),
		);
	});
});
