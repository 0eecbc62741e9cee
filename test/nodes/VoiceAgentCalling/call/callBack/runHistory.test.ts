/**
 * Call Back's history, read once per run for all its items (runHistory.ts): the items of one
 * run read the window's pages once, each then only its fresh tail to a minute past its now; a
 * call-back another worker places between two items is found by the later one; a new run
 * (another execution, a Retry On Fail try) reads afresh. Every history request is compared.
 */
import type { IDataObject } from 'n8n-workflow';

import { callBackApi, callBackParams, found, strictNock } from '../../../../helpers/callBack';
import { jsonOf, runNode } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { slimRow } from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/runHistory';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;
const NEW_CALL = '11111111-2222-4333-8444-555555555555';
const FROM = '+14155550100';

strictNock(NOW);

const idOf = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const numberOf = (n: number) => `+1415555${String(1000 + n).padStart(4, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** `count` calls of the assistant, each to its own callee, spread evenly over [fromMs, toMs). */
function callsBetween(count: number, fromMs: number, toMs: number, first = 1000): IDataObject[] {
	return Array.from({ length: count }, (_, k) => ({
		id: idOf(first + k),
		to_number: numberOf(first + k),
		status: 'completed',
		created_at: iso(fromMs + Math.floor(((toMs - fromMs) * k) / count)),
		agent: { id: AGENT },
	}));
}

/**
 * The service: history filtered by its dates, newest first, paged by limit and offset (the
 * queries logged as [start, end, offset]); details of every call completed; one assistant.
 */
function service(rows: IDataObject[], shown: boolean, onDetails?: (id: string) => void) {
	const { scope, onDetails: details, onHistory, log } = callBackApi();
	const pages: string[][] = [];
	onHistory((qs) => {
		pages.push([qs.start_date, qs.end_date, qs.offset]);
		const from = Date.parse(qs.start_date);
		const to = Date.parse(qs.end_date);
		const matched = rows
			.filter((r) => Date.parse(r.created_at as string) >= from)
			.filter((r) => Date.parse(r.created_at as string) <= to)
			.sort((a, b) => Date.parse(b.created_at as string) - Date.parse(a.created_at as string))
			.map((r) => (shown ? { parent_call_id: null, ...r } : r));
		const offset = Number(qs.offset);
		const limit = Number(qs.limit);
		const calls = matched.slice(offset, offset + limit);
		return [200, { calls, limit, offset, count: calls.length, total: matched.length }];
	});
	details((id) => {
		onDetails?.(id);
		log.push(`details ${id}`);
		const row = rows.find((r) => r.id === id);
		return found({
			id,
			call_status: 'completed',
			to_number: row?.to_number,
			from_number: FROM,
			callee_name: 'Ada',
			agent_id: AGENT,
			initiation_time: row?.created_at,
			...(shown ? { parent_call_id: null } : {}),
		});
	});
	scope
		.get(/^\/ca\/api\/v0\/agent\/[^/]+$/)
		.reply(200, { agents: { id: AGENT, agent_config: { agent_prompt: 'Hi', intro_message: '' } } });
	scope.post('/calling/outbound/individual').reply(200, {
		status: 'success',
		message: 'Call initiated successfully',
		data: { call_id: NEW_CALL, call_status: 'registered', initiated_at: iso(NOW), agent_id: AGENT },
	});
	return { pages, log };
}

/** The item of an ended call as the Call Ended trigger gives it (its row, as a record). */
const itemOf = (row: IDataObject, shown: boolean) => ({
	json: {
		call_id: row.id,
		status: 'completed',
		created_at: row.created_at,
		assistant: { id: AGENT },
		to_number: row.to_number,
		from_number: FROM,
		callee_name: 'Ada',
		...(shown ? { parent_call_id: null } : {}),
	},
});

/** The queries of one window read whole: [start, end, offset] a page, 100 rows each (the answer echoes its total). */
const pagesOf = (fromMs: number, untilMs: number, rows: number) =>
	Array.from({ length: Math.max(1, Math.ceil(rows / 100)) }, (_, p) => [
		iso(fromMs),
		iso(untilMs),
		String(p * 100),
	]);

/** How many of `rows` the service serves for [fromMs, untilMs]. */
const countIn = (rows: IDataObject[], fromMs: number, untilMs: number) =>
	rows.filter((r) => {
		const at = Date.parse(r.created_at as string);
		return at >= fromMs && at <= untilMs;
	}).length;

const callBack = async (items: Array<{ json: IDataObject }>, parameters: IDataObject = {}) =>
	await runNode({
		type: 'voiceAgentCalling',
		parameters: callBackParams({ lookBackDays: 7, ...parameters }),
		items,
	});

test('three items of one run with the same assistant read the window once, then each only its tail', async () => {
	// 1,000 calls in the last 30 minutes; the three sources are among them, oldest first.
	const rows = callsBetween(1000, NOW - 30 * MIN, NOW - 2 * MIN);
	const sources = [rows[0], rows[300], rows[600]];
	const { pages } = service(rows, true);
	const { output, error } = await callBack(sources.map((r) => itemOf(r, true)));
	expect(error).toBeUndefined();
	expect(jsonOf(output).map((o) => [o.call_id, o.attempt])).toEqual([
		[NEW_CALL, 2],
		[NEW_CALL, 2],
		[NEW_CALL, 2],
	]);
	const from = Date.parse(sources[0].created_at as string) - MIN;
	expect(pages).toEqual([
		// The first item: its window, from its source's time to a minute past now.
		...pagesOf(from, NOW + MIN, 1000),
		// Then each: from a minute before the last read began to a minute past its now.
		...pagesOf(NOW - MIN, NOW + MIN, 0),
		...pagesOf(NOW - MIN, NOW + MIN, 0),
	]);
});

test('an item whose source is older than the run has read reads only the part before it', async () => {
	const rows = callsBetween(500, NOW - 30 * MIN, NOW - 2 * MIN);
	const sources = [rows[250], rows[0]];
	const { pages } = service(rows, true);
	const { error } = await callBack(sources.map((r) => itemOf(r, true)));
	expect(error).toBeUndefined();
	const at = (r: IDataObject) => Date.parse(r.created_at as string) - MIN;
	expect(pages).toEqual([
		...pagesOf(at(sources[0]), NOW + MIN, 250),
		...pagesOf(at(sources[1]), at(sources[0]), countIn(rows, at(sources[1]), at(sources[0]))),
		...pagesOf(NOW - MIN, NOW + MIN, 0),
	]);
});

test.each([true, false])(
	'a call-back another worker places between two items is found by the later one (parent_call_id shown: %s)',
	async (shown) => {
		const rows = callsBetween(50, NOW - 30 * MIN, NOW - 2 * MIN);
		const [first, second] = [rows[10], rows[20]];
		// While the run reads the second source, another worker calls it back.
		const { pages } = service(rows, shown, (id) => {
			if (id !== second.id || rows.some((r) => r.id === NEW_CALL)) return;
			rows.push({
				...second,
				id: idOf(9),
				created_at: iso(NOW),
				...(shown ? { parent_call_id: second.id } : {}),
			});
		});
		const { output, error } = await callBack([itemOf(first, shown), itemOf(second, shown)]);
		expect(error).toBeUndefined();
		const out = jsonOf(output);
		expect(out[0]).toMatchObject({ call_id: NEW_CALL, parent_call_id: first.id });
		expect(out[1]).toMatchObject({
			skipped: shown ? 'already_called_back' : 'presumed_called_back',
			call_back_id: idOf(9),
			parent_call_id: second.id,
		});
		expect(pages.slice(-1)).toEqual(pagesOf(NOW - MIN, NOW + MIN, 1));
	},
);

test('each run reads afresh: the next run finds the call-back placed after the first run read', async () => {
	const rows = callsBetween(50, NOW - 30 * MIN, NOW - 2 * MIN);
	const source = rows[10];
	service(rows, true);
	const first = await callBack([itemOf(source, true)]);
	expect(jsonOf(first.output)[0]).toMatchObject({ call_id: NEW_CALL });
	rows.push({ ...source, id: NEW_CALL, created_at: iso(NOW), parent_call_id: source.id });
	const again = await callBack([itemOf(source, true)]);
	expect(jsonOf(again.output)[0]).toMatchObject({
		skipped: 'already_called_back',
		call_back_id: NEW_CALL,
	});
});

test('parent_call_id hidden: the items of one run count their chains in one read of Look Back', async () => {
	// A day of 200 calls; the three sources are its last calls, each to a callee called twice.
	const rows = callsBetween(200, NOW - DAY, NOW - 10 * MIN);
	const sources = [rows[197], rows[198], rows[199]];
	for (const [k, s] of sources.entries())
		rows.push({ ...s, id: idOf(100 + k), created_at: iso(NOW - 20 * DAY) });
	const { pages } = service(rows, false);
	const { output, error } = await callBack(
		sources.map((r) => itemOf(r, false)),
		{ lookBackDays: 1 },
	);
	expect(error).toBeUndefined();
	expect(jsonOf(output).map((o) => o.attempt)).toEqual([2, 2, 2]);
	const from = Date.parse(sources[0].created_at as string) - MIN - DAY;
	expect(pages).toEqual([
		...pagesOf(from, NOW + MIN, 200),
		...pagesOf(NOW - MIN, NOW + MIN, 0),
		...pagesOf(NOW - MIN, NOW + MIN, 0),
	]);
});

test('an older source while the run holds under half a page: its whole window in one read, not two', async () => {
	const rows = callsBetween(50, NOW - 30 * MIN, NOW - 2 * MIN);
	const sources = [rows[40], rows[5]];
	const { pages } = service(rows, true);
	const { error } = await callBack(sources.map((r) => itemOf(r, true)));
	expect(error).toBeUndefined();
	const at = (r: IDataObject) => Date.parse(r.created_at as string) - MIN;
	expect(pages).toEqual([
		...pagesOf(at(sources[0]), NOW + MIN, countIn(rows, at(sources[0]), NOW + MIN)),
		...pagesOf(at(sources[1]), NOW + MIN, countIn(rows, at(sources[1]), NOW + MIN)),
	]);
});

test('a run keeps of each row only what Call Back compares: its id, number, time and parent key', () => {
	const [only] = callsBetween(1, NOW - MIN, NOW) as [IDataObject];
	const row: IDataObject = { ...only, transcript: '[{"bot": "Hi"}]' };
	expect(slimRow(row)).toEqual({
		id: row.id,
		to_number: row.to_number,
		created_at: row.created_at,
	});
	// A parent key is kept as served, null too: its presence says the service shows it.
	expect(slimRow({ ...row, parent_call_id: null })).toEqual({
		id: row.id,
		to_number: row.to_number,
		created_at: row.created_at,
		parent_call_id: null,
	});
});
