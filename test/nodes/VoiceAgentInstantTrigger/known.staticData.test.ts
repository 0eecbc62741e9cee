/**
 * The Webhook Trigger's memory under n8n's handling of static data (StaticDataStore): every
 * request gets its own copy of the workflow's whole static data and n8n writes that copy back
 * whole when the request is answered, so of two overlapping requests the later save drops
 * what the other one remembered. A call emitted once must stay known: to a retried delivery
 * at another webhook process, after a restart, and to the Safety Net's sweep.
 */
import nock from 'nock';

import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { mockNow } from '../../helpers/mockNow';
import { AGENT } from '../../helpers/fixtures';
import { MAYA } from '../../helpers/events';
import { emitted, SAFETY_NET, StaticDataStore, sweptRow, WebhookNode } from '../../helpers/webhook';

const SECRET = 'a-long-shared-secret-0123456789';
const auth = { 'x-voice-agent-secret': SECRET };
const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DUPLICATE = { webhookResponse: { received: true, duplicate: true } };

let now = T0;
beforeAll(() => nock.disableNetConnect());
beforeEach(() => (now = T0));
mockNow(() => now);
expectAllMocksUsed();

/** all_processing_completed of a call that ended, flat, as the service posts it. */
const processed = (n: number) => ({
	event_type: 'all_processing_completed',
	call_id: callId(n),
	call_sid: `CA${n}`,
	...MAYA,
	call_cost: 1,
	status: 'completed',
	sub_status: 'ACCEPTED',
	call_duration: 42,
	to_number: '+14155550100',
	from_number: '+14155550199',
	transcript: [{ bot: 'Hello' }, { user: 'Hi' }],
	recording_url: null,
	platform_analysis: { summary: 'Spoke', key_points: ['k'], action_items: [] },
	platform_analysis_status: 'success',
	client_analysis: null,
	client_analysis_status: 'not_enabled',
});

const trigger = (parameters: Record<string, unknown> = {}) =>
	new WebhookNode('voiceAgentInstantTrigger', { secret: SECRET, ...parameters }, 'Instant', {
		store: new StaticDataStore(),
	});

const deliver = async (node: WebhookNode, n: number, loaded?: ReturnType<WebhookNode['begin']>) =>
	(await node.request({ body: processed(n), headers: auth }, { loaded })).result;

/**
 * The calls whose keys the saved memory holds, asked of a process that knows nothing else
 * (as after a restart); the store is left as it was.
 */
async function knownAfterRestart(node: WebhookNode, calls: number[]): Promise<number[]> {
	const restarted = node.otherProcess();
	const known: number[] = [];
	for (const n of calls) {
		const saved = node.store!.saved;
		if ((await deliver(restarted, n)).noWebhookResponse !== true) known.push(n);
		node.store!.saved = saved;
	}
	return known;
}

describe('Webhook Trigger › memory saved whole by n8n', () => {
	test('two overlapping deliveries of different calls: the save that lands last carries both', async () => {
		const node = trigger();
		// n8n reads the static data for both requests before either is answered.
		const first = node.begin();
		const second = node.begin();
		expect(emitted(await deliver(node, 1, first)).map((i) => i.call_id)).toEqual([callId(1)]);
		expect(emitted(await deliver(node, 2, second)).map((i) => i.call_id)).toEqual([callId(2)]);
		expect(node.store!.saves).toBe(2);
		// The retry of either call, at another webhook process: already emitted.
		const other = node.otherProcess();
		expect(await deliver(other, 1)).toEqual(DUPLICATE);
		expect(await deliver(other, 2)).toEqual(DUPLICATE);
	});

	test('fifty deliveries read before any is saved: after a restart every call is still known', async () => {
		const node = trigger();
		const calls = Array.from({ length: 50 }, (_, n) => n + 1);
		const loaded = calls.map(() => node.begin());
		for (const [k, n] of calls.entries())
			expect(emitted(await deliver(node, n, loaded[k]))).toHaveLength(1);
		expect(await knownAfterRestart(node, calls)).toEqual(calls);
	});

	test('a request that read the memory before a save and saves after a later request read it back keeps what that save held', async () => {
		// The order that makes "read back" no proof that a key is safe: a sweep reads the static
		// data, waits for the history; meanwhile call 1 is emitted and saved, a later request
		// reads call 1 back and saves call 2; then the sweep's save lands, from its older copy.
		const node = trigger(SAFETY_NET);
		const history = (reply: () => Promise<void>) =>
			mockApi()
				.get('/calling/history')
				.query((q) => q.status === 'completed' && q.agent_id === AGENT)
				.reply(function (_uri, _body, cb) {
					void reply().then(() => cb(null, [200, { calls: [], total: 0 }]));
				});
		history(async () => undefined);
		expect(await node.hook('create')).toBe(true);

		let open!: () => void;
		const gate = new Promise<void>((r) => (open = r));
		history(() => gate);
		now += MIN;
		const sweep = node.request({ headers: auth, query: { sweep: '1' } });
		// The sweep has read its copy and waits for the history.
		await new Promise((r) => setImmediate(r));
		expect(emitted(await deliver(node, 1))).toHaveLength(1);
		expect(emitted(await deliver(node, 2))).toHaveLength(1);
		open();
		expect((await sweep).result).toEqual({ webhookResponse: { received: true, swept: 0 } });
		// The same process, and any other after it: both calls emitted once.
		expect(await deliver(node, 1)).toEqual(DUPLICATE);
		expect(await deliver(node, 2)).toEqual(DUPLICATE);
		expect(await knownAfterRestart(node, [1, 2])).toEqual([1, 2]);
	});

	test('a key another process saved is carried by this one once it has read it', async () => {
		const one = trigger();
		const two = one.otherProcess();
		// A slow request of process two reads the static data before call 1 is saved...
		const slow = two.begin();
		expect(emitted(await deliver(one, 1))).toHaveLength(1);
		// ...another request of process two reads it after, and saves call 2...
		expect(emitted(await deliver(two, 2))).toHaveLength(1);
		// ...then the slow one saves call 3 from its old copy: call 1 is still in it.
		expect(emitted(await deliver(two, 3, slow))).toHaveLength(1);
		expect(await knownAfterRestart(one, [1, 2, 3])).toEqual([1, 2, 3]);
	});

	test('a process that finds a key of its own missing writes it back with its next request', async () => {
		const one = trigger();
		const two = one.otherProcess();
		const slow = two.begin();
		expect(emitted(await deliver(one, 1))).toHaveLength(1);
		// Process two never read call 1: its save drops it (no node can know what it never saw).
		expect(emitted(await deliver(two, 3, slow))).toHaveLength(1);
		expect(await knownAfterRestart(one, [1])).toEqual([]);
		// Process one's next request, a duplicate that changes nothing else, restores it.
		expect(await deliver(one, 3)).toEqual(DUPLICATE);
		expect(await knownAfterRestart(one, [1, 3])).toEqual([1, 3]);
	});

	test("the limit: a key only one process knew, dropped by the other's save, is lost if that process restarts first", async () => {
		const one = trigger();
		const two = one.otherProcess();
		const slow = two.begin();
		expect(emitted(await deliver(one, 1))).toHaveLength(1);
		expect(emitted(await deliver(two, 3, slow))).toHaveLength(1);
		// Process one restarts before any request of its own: the retry of call 1 starts again.
		const restarted = one.otherProcess();
		expect(emitted(await deliver(restarted, 1))).toHaveLength(1);
	});

	test('bounded like before: the newest 5,000 keys of 8 days, in the memory and in what a process keeps', async () => {
		const node = trigger();
		const t0 = Math.floor(T0 / 1000);
		const old = Object.fromEntries(
			Array.from({ length: 5000 }, (_, k) => [`K${String(k).padStart(9, '0')}`, t0 - 1 - k]),
		);
		node.store!.write({ 'node:Instant': { memory: old } });
		expect(emitted(await deliver(node, 1))).toHaveLength(1);
		const memory = () => node.staticData.memory as Record<string, number>;
		// Call 1's two keys (delivery and call) in, the two oldest out.
		expect(Object.keys(memory())).toHaveLength(5000);
		expect(memory()).not.toHaveProperty('K000004999');
		expect(memory()).not.toHaveProperty('K000004998');
		expect(memory()).toHaveProperty('K000004997');
		// Nine days on: everything from before is forgotten, also by this process.
		now += 9 * 86_400_000;
		expect(emitted(await deliver(node, 2))).toHaveLength(1);
		expect(Object.keys(memory())).toHaveLength(2);
		expect(emitted(await deliver(node, 1))).toHaveLength(1);
	});

	test('after a lost save and a restart, the Safety Net does not emit a call its delivery emitted', async () => {
		const node = trigger(SAFETY_NET);
		const row = (n: number) => sweptRow(callId(n), T0 + MIN);
		const history = (rows: object[]) =>
			mockApi()
				.get('/calling/history')
				.query((q) => q.status === 'completed' && q.agent_id === AGENT)
				.reply(200, { calls: rows, total: rows.length });
		history([]);
		expect(await node.hook('create')).toBe(true);
		now = T0 + 3 * MIN;
		const first = node.begin();
		const second = node.begin();
		expect(emitted(await deliver(node, 1, first))).toHaveLength(1);
		expect(emitted(await deliver(node, 2, second))).toHaveLength(1);

		const restarted = node.otherProcess();
		// Were call 1 forgotten, the sweeps would read its details and emit it.
		let detailsRead = 0;
		mockApi()
			.get('/calling/call-details')
			.query(true)
			.optionally()
			.reply(() => {
				detailsRead++;
				return [200, { status: 'success', data: { id: callId(1), call_status: 'completed' } }];
			});
		for (const at of [4, 12]) {
			now = T0 + at * MIN;
			history([row(1), row(2)]);
			const swept = await restarted.request({ headers: auth, query: { sweep: '1' } });
			expect(swept.result).toEqual({ webhookResponse: { received: true, swept: 0 } });
		}
		expect(detailsRead).toBe(0);
	});
});
