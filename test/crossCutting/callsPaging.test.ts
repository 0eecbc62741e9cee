/**
 * The one paging rule of the history, proven where it was missing: the Instant Trigger's
 * safety-net sweep and Start's watcher against a service that caps its pages (50 rows for
 * limit=100, its own `limit` echoed, `total: "many"`). Both must see every call, not only
 * the first page's. Exact requests (nock).
 */
import type { ParsedUrlQuery } from 'node:querystring';

import nock from 'nock';

import { VoiceAgentInstantTrigger } from '../../nodes/VoiceAgentWebhookTrigger/VoiceAgentInstantTrigger.node';
import { BASE_URL, mockApi, registerNodeType, runNode } from '../helpers/harness';
import { emitted, WebhookNode } from '../helpers/webhook';
import { AGENT } from '../helpers/fixtures';
import { sheetStart } from '../helpers/startParams';

registerNodeType('voiceAgentInstantTrigger', () => new VoiceAgentInstantTrigger());

const SECRET = 'a-long-shared-secret-0123456789';
const CAP = 50;
const MIN = 60_000;
const T0 = Date.parse('2026-11-25T12:00:00Z');
const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
	jest.restoreAllMocks();
	const pending = nock.pendingMocks();
	nock.cleanAll();
	expect(pending).toEqual([]);
});

/** Serves `rows` in pages of at most CAP rows, whatever limit was asked; records the offsets. */
function cappedHistory(
	rows: () => object[],
	offsets: number[],
	match: (q: ParsedUrlQuery) => boolean,
) {
	return mockApi()
		.persist()
		.get('/calling/history')
		.query((q) => match(q) && q.limit === '100')
		.reply((uri) => {
			const offset = Number(new URL(uri, BASE_URL).searchParams.get('offset'));
			offsets.push(offset);
			return [
				200,
				{ calls: rows().slice(offset, offset + CAP), limit: CAP, offset, total: 'many' },
			];
		});
}

describe('Instant Trigger safety net on a page-capping service', () => {
	test('a sweep reads every page and emits all 130 missed calls, not only the first 50', async () => {
		let now = T0;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const node = new WebhookNode('voiceAgentInstantTrigger', {
			secret: SECRET,
			assistant: { __rl: true, mode: 'id', value: AGENT },
			safetyNet: true,
			safetyNetOptions: { sweepMinutes: 10, graceMinutes: 5 },
		});
		let rows: object[] = [];
		const offsets: number[] = [];
		cappedHistory(
			() => rows,
			offsets,
			(q) => q.status === 'completed' && q.agent_id === AGENT,
		);
		expect(await node.hook('checkExists')).toBe(false);
		expect(await node.hook('create')).toBe(true);
		expect(offsets).toEqual([0]);

		// 130 calls end and none of their events arrives.
		now += 2 * MIN;
		rows = Array.from({ length: 130 }, (_, n) => ({
			id: callId(n),
			status: 'completed',
			agent: { id: AGENT },
			created_at: new Date(now - MIN).toISOString(),
			call_attempt_time: new Date(now - MIN).toISOString(),
			call_duration: 30 + n,
			transcript: '[]',
		}));
		offsets.length = 0;
		const first = await node.request({
			query: { sweep: '1' },
			headers: { 'x-voice-agent-secret': SECRET },
		});
		expect(first.result).toEqual({ webhookResponse: { received: true, swept: 0 } });
		// 50 + 50 + 30: the short last page is shorter than the echoed limit, which proves the end.
		expect(offsets).toEqual([0, 50, 100]);

		now += 6 * MIN;
		offsets.length = 0;
		const details: string[] = [];
		mockApi()
			.get('/calling/call-details')
			.query((q) => q.send_analysis === 'true')
			.times(130)
			.reply((uri) => {
				const id = String(new URL(uri, BASE_URL).searchParams.get('id'));
				details.push(id);
				return [200, { status: 'success', data: { id } }];
			});
		const second = await node.request({
			query: { sweep: '1' },
			headers: { 'x-voice-agent-secret': SECRET },
		});
		expect(second.res.body).toEqual({ received: true, swept: 130 });
		expect(offsets).toEqual([0, 50, 100]);
		const ids = emitted(second.result).map((item) => item.call_id);
		// In the order the calls completed (durations grow with n).
		expect(ids).toEqual(Array.from({ length: 130 }, (_, n) => callId(n)));
		expect(details.sort()).toEqual([...ids].sort());
	});
});

describe("Start's watcher on a page-capping service", () => {
	test('80 waiting calls are all found in the history: no details read, pages until all are seen', async () => {
		const count = 80;
		const AT = '2026-11-25T12:00:00.000+00:00';
		mockApi()
			.post('/calling/outbound/individual')
			.times(count)
			.reply((_uri, body) => {
				const n =
					Number(String((body as { mobile_number: string }).mobile_number).slice(-4)) - 1000;
				return [
					200,
					{
						status: 'success',
						message: 'Call initiated successfully',
						data: { call_id: callId(n), call_status: 'ongoing', initiated_at: AT, agent_id: AGENT },
					},
				];
			});
		// Newest first; every call has ended.
		const all = Array.from({ length: count }, (_, k) => ({
			id: callId(count - 1 - k),
			status: 'completed',
			to_number: `+1415555${1000 + count - 1 - k}`,
			name: `Row ${count - 1 - k}`,
			transcript: '[{"bot":"Hello"}]',
			audio_recording: null,
			created_at: AT,
			agent: { id: AGENT },
			call_type: 'outbound',
			from_numbers: ['+14155550000'],
		}));
		const offsets: number[] = [];
		cappedHistory(
			() => all,
			offsets,
			(q) => q.agent_id === AGENT,
		);
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: Array.from({ length: count }, (_, n) => ({
				json: { name: `Row ${n}`, phone: `+1415555${String(1000 + n)}` },
			})),
			parameters: sheetStart(
				{ pollIntervalSeconds: 2, maxWaitSeconds: 5, maxConcurrent: 40 },
				{ waitForCompletion: true },
			),
		});
		nock.cleanAll();
		expect(error).toBeUndefined();
		expect(output.map((o) => o.json.call_id)).toEqual(
			Array.from({ length: count }, (_, n) => callId(n)),
		);
		expect(output.every((o) => o.json.timed_out === false)).toBe(true);
		// One round: the capped first page (50 rows) is not taken as the end, the second
		// holds the other 30, and no call needed a details read (none is mocked).
		expect(offsets).toEqual([0, 50]);
	}, 20000);
});
