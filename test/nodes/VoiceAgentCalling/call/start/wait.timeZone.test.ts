/** @jest-environment ./test/helpers/zoneEnvironment.js */
/**
 * Start with Wait for Call to End in the zones n8n may run in: the start answer's
 * `initiated_at` comes without an offset (as the reference shows it) and is read as UTC
 * whatever the process's TZ, so the watcher finds the calls in the history window around it
 * (one page for the batch, no call details). The history is a tiny honest one: it lists the
 * calls created inside the window asked for. Waiting is virtual (virtualClock).
 */
import nock from 'nock';

import { BASE_URL, mockApi, runNode } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart } from '../../../../helpers/startParams';
import { TEST_ZONES, useTimeZone } from '../../../../helpers/timeZone';

jest.mock('n8n-workflow', () =>
	require('../../../../helpers/virtualClock').n8nWorkflowWithVirtualSleep(),
);

const AT = '2026-11-25T12:00:00.629642';
const AT_MS = Date.UTC(2026, 10, 25, 12, 0, 0, 629);
const COUNT = 3;

const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const rows = () =>
	Array.from({ length: COUNT }, (_, n) => ({
		json: { name: `Row ${n}`, phone: `+1415555${String(1000 + n)}` },
	}));

let requests: string[];
const base = new URL(BASE_URL).pathname;
const sent = (method: string, uri: string) => requests.push(`${method} ${uri.slice(base.length)}`);

beforeEach(() => {
	requests = [];
	mockApi()
		.persist()
		.post('/calling/outbound/individual')
		.reply((uri, body) => {
			sent('POST', uri);
			const n = Number(String((body as { mobile_number: string }).mobile_number).slice(-4)) - 1000;
			const data = {
				call_id: callId(n),
				call_status: 'ongoing',
				initiated_at: AT,
				agent_id: AGENT,
			};
			return [200, { status: 'success', message: 'Call initiated successfully', data }];
		});
	mockApi()
		.persist()
		.get('/calling/history')
		.query(true)
		.reply((uri) => {
			sent('GET', uri);
			const qs = new URL(uri, 'http://h').searchParams;
			const [from, to] = [Date.parse(qs.get('start_date')!), Date.parse(qs.get('end_date')!)];
			const calls =
				from <= AT_MS && AT_MS <= to
					? Array.from({ length: COUNT }, (_, n) => ({
							id: callId(n),
							status: 'completed',
							created_at: '2026-11-25T12:00:00.629642+00:00',
							agent: { id: AGENT, agent_name: 'Reminder' },
							call_type: 'outbound',
						}))
					: [];
			return [200, { calls, limit: 100, offset: 0, count: calls.length }];
		});
	mockApi()
		.persist()
		.get('/calling/call-details')
		.query(true)
		.reply((uri) => {
			sent('GET', uri);
			const id = new URL(uri, 'http://h').searchParams.get('id');
			return [200, { status: 'success', data: { id, call_status: 'completed' } }];
		});
});
afterEach(() => nock.cleanAll());

describe.each(TEST_ZONES)('with the process in %s', (zone) => {
	useTimeZone(zone);

	test('a round finds the batch in the history window around initiated_at: no call details', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows(),
			parameters: sheetStart(
				{ pollIntervalSeconds: 2, maxWaitSeconds: 60 },
				{ waitForCompletion: true },
			),
		});
		expect(error).toBeUndefined();
		const window = `agent_id=${AGENT}&start_date=2026-11-25T11%3A59%3A59.629Z&end_date=2026-11-25T12%3A00%3A01.629Z`;
		expect(requests).toEqual([
			...Array.from({ length: COUNT }, () => 'POST /calling/outbound/individual'),
			`GET /calling/history?${window}&limit=100&offset=0`,
		]);
		// The records are the history rows'.
		expect(output.map((o) => [o.json.call_id, o.json.status, o.json.created_at])).toEqual(
			Array.from({ length: COUNT }, (_, n) => [callId(n), 'completed', `${AT}+00:00`]),
		);
	});
});
