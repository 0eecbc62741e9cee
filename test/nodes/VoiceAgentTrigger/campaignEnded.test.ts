/**
 * The polling trigger's Campaign Ended event through n8n-core's PollContext, nock as the
 * service: the exact requests of GET /campaign/all, the exact items, the memory in static data.
 */
import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { VoiceAgentTrigger } from '../../../nodes/VoiceAgentTrigger/VoiceAgentTrigger.node';
import {
	KEEP_ENDED,
	MAX_ENDED,
	type CampaignState,
} from '../../../nodes/VoiceAgentTrigger/campaignCursor';
import { mockApi, recordAll } from '../../helpers/harness';
import { shownFields } from '../../helpers/panel';
import { PollHarness } from '../../helpers/poll';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const SEC = 1000;

afterEach(() => {
	nock.emitter.removeAllListeners('no match');
	const pending = nock.pendingMocks();
	nock.cleanAll();
	expect(pending).toEqual([]);
});

/** The API as a poll uses it: reads only, so no request carries a body. */
const reads = () =>
	mockApi().matchHeader('content-type', (value: string | undefined) => value === undefined);

const id = (n: number) => `e5e5e5e5-0000-4000-8000-${String(n).padStart(12, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** A campaign as GET /campaign/all?call_count=true lists it, created n seconds after T0. */
function campaign(n: number, status: string, extra: Record<string, unknown> = {}) {
	return {
		id: id(n),
		name: `Campaign ${n}`,
		campaign_status: status,
		created_at: iso(T0 + n * SEC),
		updated_at: iso(T0 + n * SEC + 3600 * SEC),
		campaign_start_time: iso(T0 + n * SEC + 60 * SEC),
		campaign_end_time: iso(T0 + n * SEC + 7200 * SEC),
		total_count: 300,
		registered_count: status === 'completed' ? 0 : 40,
		completed_count: status === 'completed' ? 296 : 120,
		...extra,
	};
}
type Campaign = ReturnType<typeof campaign>;

const newestFirst = (rows: Campaign[]) =>
	[...rows].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

/** The list served in pages of 100 (pagination.total numeric unless given), newest first. */
function list(rows: Campaign[], { pages, total }: { pages?: number; total?: unknown } = {}) {
	const sorted = newestFirst(rows);
	const count = pages ?? Math.max(1, Math.ceil(sorted.length / 100));
	let scope = reads();
	for (let page = 0; page < count; page++) {
		scope = scope
			.get('/campaign/all')
			.query({ limit: '100', offset: String(page * 100), call_count: 'true' })
			.reply(200, {
				campaigns: sorted.slice(page * 100, page * 100 + 100),
				pagination: { total: total ?? sorted.length, limit: 100, offset: page * 100 },
			});
	}
	return scope;
}

const trigger = (parameters: Record<string, unknown> = {}) =>
	new PollHarness({
		type: 'voiceAgentTrigger',
		parameters: { event: 'campaignEnded', ...parameters },
	});
const memoryOf = (h: PollHarness) => h.staticData().campaigns as CampaignState;
const jsonOf = (out: Awaited<ReturnType<PollHarness['poll']>>) => out?.[0].map((i) => i.json);

describe('Voice Agent Polling Trigger › Campaign Ended', () => {
	test('first poll records the ended campaigns; later polls emit each campaign once when it ends', async () => {
		const h = trigger();
		const before = [
			campaign(1, 'completed'),
			campaign(2, 'failed'),
			campaign(3, 'scheduled'),
			campaign(4, 'registered'),
			campaign(5, 'paused'),
		];
		let scope = list(before);
		expect(await h.poll()).toBeNull();
		scope.done();
		expect(memoryOf(h)).toEqual({
			v: 1,
			ended: [
				[id(2), T0 / SEC + 2],
				[id(1), T0 / SEC + 1],
			],
			open: [],
		});

		// Both vocabularies move on: scheduled -> ongoing, registered -> running.
		const moving = [
			...before.slice(0, 2),
			campaign(3, 'ongoing'),
			campaign(4, 'running'),
			campaign(5, 'paused'),
		];
		scope = list(moving);
		expect(await h.poll()).toBeNull();
		scope.done();

		// ... and end; a campaign created and finished between two polls ends too.
		const ended3 = campaign(3, 'completed', { updated_at: iso(T0 + 9000 * SEC) });
		const ended4 = campaign(4, 'completed', { updated_at: iso(T0 + 8000 * SEC) });
		const quick = campaign(6, 'failed', { updated_at: iso(T0 + 9500 * SEC) });
		const after = [...before.slice(0, 2), ended3, ended4, campaign(5, 'paused'), quick];
		scope = list(after);
		expect(jsonOf(await h.poll())).toEqual([ended4, ended3, quick]);
		scope.done();

		// Polled again, with the statuses as they are: nothing more.
		scope = list(after);
		expect(await h.poll()).toBeNull();
		scope.done();
		// A status that goes back from final and ends again: still nothing.
		scope = list([...after.slice(0, 2), campaign(3, 'ongoing'), ...after.slice(3)]);
		expect(await h.poll()).toBeNull();
		scope.done();
		scope = list(after);
		expect(await h.poll()).toBeNull();
		scope.done();
	});

	test('statuses are an open string: unknown ones never end a campaign; the raw value is output', async () => {
		const h = trigger();
		const odd = ['Stopped', 'cancelled', 'draft', 'insufficient_balance', 'verifying', '', 7];
		const rows = odd.map((status, n) => campaign(n + 1, status as string));
		let scope = list(rows);
		expect(await h.poll()).toBeNull();
		scope.done();
		scope = list(rows);
		expect(await h.poll()).toBeNull();
		scope.done();
		const done = rows.map((row, n) => ({
			...row,
			campaign_status: n % 2 ? 'Completed' : 'FAILED',
			updated_at: iso(T0 + (100 + n) * SEC),
		}));
		scope = list(done);
		expect(jsonOf(await h.poll())).toEqual(done);
		scope.done();
	});

	test('the memory survives a restart (static data as JSON in a new workflow)', async () => {
		const h = trigger();
		let scope = list([campaign(1, 'running')]);
		await h.poll();
		scope.done();
		scope = list([campaign(1, 'completed')]);
		expect(jsonOf(await h.poll())).toEqual([campaign(1, 'completed')]);
		scope.done();

		const restarted = trigger();
		restarted.workflow.staticData[`node:${restarted.node.name}`] = h.staticData();
		scope = list([campaign(1, 'completed'), campaign(2, 'completed')]);
		expect(jsonOf(await restarted.poll())).toEqual([campaign(2, 'completed')]);
		scope.done();
	});

	test('Fetch Test Event: the most recently ended campaign; the memory untouched', async () => {
		const h = trigger();
		const rows = [
			campaign(1, 'completed', { updated_at: iso(T0 + 50_000 * SEC) }),
			campaign(2, 'failed', { updated_at: iso(T0 + 60_000 * SEC) }),
			campaign(3, 'running', { updated_at: iso(T0 + 90_000 * SEC) }),
			campaign(4, 'completed'),
		];
		let scope = list(rows);
		expect(jsonOf(await h.poll('manual'))).toEqual([rows[1]]);
		scope.done();
		expect(h.staticData()).toEqual({});

		// With a memory stored, a manual run neither reads nor writes it, nor skips an end.
		scope = list(rows);
		await h.poll();
		scope.done();
		const stored = h.staticData();
		const ended = campaign(3, 'completed', { updated_at: iso(T0 + 90_000 * SEC) });
		scope = list([...rows.slice(0, 2), ended, rows[3]]);
		expect(jsonOf(await h.poll('manual'))).toEqual([ended]);
		scope.done();
		expect(h.staticData()).toEqual(stored);
		scope = list([...rows.slice(0, 2), ended, rows[3]]);
		expect(jsonOf(await h.poll())).toEqual([ended]);
		scope.done();
	});

	test('Fetch Test Event with nothing ended returns nothing; it reads at most 10 pages', async () => {
		const h = trigger();
		const running = Array.from({ length: 1200 }, (_, k) => campaign(k + 1, 'running'));
		const scope = list(running, { pages: 10 });
		expect(await h.poll('manual')).toBeNull();
		scope.done();
	});

	test('Campaign Names or IDs: only those are emitted; an expression may give IDs as text', async () => {
		const h = trigger({ campaigns: `${id(2).toUpperCase()}, ${id(3)}` });
		const rows = [campaign(1, 'running'), campaign(2, 'running'), campaign(3, 'running')];
		let scope = list(rows);
		expect(await h.poll()).toBeNull();
		scope.done();
		const ended = rows.map((r) => ({ ...r, campaign_status: 'completed' }));
		scope = list(ended);
		expect(jsonOf(await h.poll())).toEqual([ended[1], ended[2]]);
		scope.done();

		// Fetch Test Event looks among the selected ones only.
		const newest = { ...ended[0], updated_at: iso(T0 + 99_999 * SEC) };
		scope = list([newest, ...ended.slice(1)]);
		expect(jsonOf(await trigger({ campaigns: [id(2)] }).poll('manual'))).toEqual([ended[1]]);
		scope.done();
	});

	test('an ID that is not a UUID is refused, naming the field, before any request', async () => {
		const unmatched = recordAll();
		const h = trigger({ campaigns: [id(1), 'Spring check-ups'] });
		const error = await h.poll().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe(
			'Campaign Names or IDs: "Spring check-ups" is not a valid ID (UUID expected)',
		);
		expect(unmatched).toEqual([]);
		expect(h.staticData()).toEqual({});
	});

	test('paging: the whole list while there is no mark (numeric total, or a short page)', async () => {
		const h = trigger();
		const rows = Array.from({ length: 250 }, (_, k) => campaign(k + 1, 'running'));
		let scope = list(rows);
		expect(await h.poll()).toBeNull();
		scope.done();
		// total "many": the short third page ends the list.
		const ended = rows.map((r, k) => (k === 7 ? { ...r, campaign_status: 'completed' } : r));
		scope = list(ended, { total: 'many' });
		expect(jsonOf(await h.poll())).toEqual([ended[7]]);
		scope.done();
	});

	test('more than MAX_ENDED ended: the mark keeps the memory small; an old open campaign still emits once', async () => {
		const h = trigger();
		// 300 campaigns; all ended but one old one (created 5 s after T0), still paused.
		const rows = Array.from({ length: 300 }, (_, k) =>
			campaign(k + 1, k === 4 ? 'paused' : 'completed'),
		);
		let scope = list(rows);
		expect(await h.poll()).toBeNull();
		scope.done();
		const memory = memoryOf(h);
		expect(memory.ended).toHaveLength(KEEP_ENDED);
		expect(memory.mark).toBe(T0 / SEC + 300 - KEEP_ENDED);
		expect(memory.open).toEqual([[id(5), T0 / SEC + 5, 0]]);
		expect(MAX_ENDED).toBeLessThan(300);
		expect(JSON.stringify(memory).length).toBeLessThan(3000);

		// Every poll reads the whole list (its order is not documented): 4 pages now.
		const fresh = campaign(301, 'completed');
		scope = list([...rows, fresh]);
		expect(jsonOf(await h.poll())).toEqual([fresh]);
		scope.done();

		const resumed = rows.map((r, k) =>
			k === 4 ? { ...r, campaign_status: 'completed', updated_at: iso(T0 + 99_999 * SEC) } : r,
		);
		scope = list([...resumed, fresh]);
		expect(jsonOf(await h.poll())).toEqual([resumed[4]]);
		scope.done();
		expect(memoryOf(h).open).toEqual([]);
		// The campaigns under the mark say "completed" again, or go back and end: nothing.
		const flipped = resumed.map((r, k) => (k < 10 ? { ...r, campaign_status: 'running' } : r));
		scope = list([...flipped, fresh]);
		expect(await h.poll()).toBeNull();
		scope.done();
		scope = list([...resumed, fresh]);
		expect(await h.poll()).toBeNull();
		scope.done();
	});

	test('a 500 on page 2 throws, stores nothing; the next poll emits what ended', async () => {
		const h = trigger();
		const rows = Array.from({ length: 150 }, (_, k) => campaign(k + 1, 'running'));
		let scope = list(rows);
		await h.poll();
		scope.done();
		const stored = h.staticData();
		const ended = rows.map((r, k) => (k === 0 ? { ...r, campaign_status: 'completed' } : r));
		scope = reads()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'true' })
			.reply(200, {
				campaigns: newestFirst(ended).slice(0, 100),
				pagination: { total: 150, limit: 100, offset: 0 },
			})
			.get('/campaign/all')
			.query({ limit: '100', offset: '100', call_count: 'true' })
			.times(4) // the transport retries a read on 5xx; all attempts fail
			.reply(500, { detail: 'An unexpected error occurred.' });
		const error = await h.poll().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeApiError);
		scope.done();
		expect(h.staticData()).toEqual(stored);
		scope = list(ended);
		expect(jsonOf(await h.poll())).toEqual([ended[0]]);
		scope.done();
	});

	test('two polls at once: the second is skipped, the campaign is emitted once', async () => {
		const h = trigger();
		let scope = list([campaign(1, 'running')]);
		await h.poll();
		scope.done();
		scope = list([campaign(1, 'completed')]);
		const [a, b] = await Promise.all([h.poll(), h.poll()]);
		scope.done();
		expect([jsonOf(a), jsonOf(b)]).toEqual([[campaign(1, 'completed')], undefined]);
	});

	test('switching the event starts the other one over', async () => {
		const h = trigger();
		h.workflow.staticData[`node:${h.node.name}`] = { cursor: { v: 1, stale: true } };
		const scope = list([campaign(1, 'completed')]);
		await h.poll();
		scope.done();
		expect(Object.keys(h.staticData())).toEqual(['campaigns']);
	});
});

describe('Voice Agent Polling Trigger › panel', () => {
	const description = new VoiceAgentTrigger().description;

	test("each event shows its own fields; Call Completed's are unchanged", () => {
		expect(shownFields(description, { event: 'callCompleted' })).toEqual([
			'event',
			'assistant',
			'filters',
			'options',
		]);
		expect(shownFields(description, { event: 'callEnded' })).toEqual([
			'event',
			'analysisNotice',
			'assistant',
			'filters',
			'options',
		]);
		expect(shownFields(description, { event: 'campaignEnded' })).toEqual([
			'event',
			'campaigns',
			'campaignEndedNotice',
		]);
	});

	test('the Campaigns field says under it that empty means every campaign', () => {
		const field = description.properties.find((p) => p.name === 'campaigns');
		expect(field?.hint).toBe('Leave empty to watch every campaign');
	});

	test('the subtitle names the event', () => {
		const body = String(description.subtitle)
			.replace(/^=\{\{/, '')
			.replace(/\}\}$/, '');
		const subtitle = new Function('$parameter', `return ${body}`) as (p: object) => string;
		expect(subtitle({ event: 'campaignEnded' })).toBe('Campaign Ended');
		expect(subtitle({ event: 'callCompleted' })).toBe('Call Completed');
		expect(subtitle({})).toBe('Call Completed');
	});
});
