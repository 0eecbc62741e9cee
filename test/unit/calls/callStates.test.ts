/** Many calls' states in few reads: history windows per assistant, details only where needed. */
import fc from 'fast-check';
import nock from 'nock';

import {
	readCallStates,
	type CallToRead,
	type ReadStats,
} from '../../../nodes/shared/calls/callStates';
import { CREDENTIALS, loadOptionsContext, mockApi } from '../../helpers/harness';
import { unordered } from '../../helpers/unordered';

afterEach(() => nock.cleanAll());

const T = Date.parse('2026-11-29T10:00:00.000Z');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AGENT_A = 'aaaaaaaa-0000-4000-8000-000000000001';
const AGENT_B = 'bbbbbbbb-0000-4000-8000-000000000002';
const ctx = () => loadOptionsContext('voiceAgentCalling', 'callId');
const call = (
	n: number,
	agentId: string,
	createdMs?: number,
	includeAnalysis = false,
): CallToRead => ({
	callId: id(n),
	agentId,
	createdMs,
	itemIndex: n,
	includeAnalysis,
});
const row = (n: number, status: string, extra: object = {}) => ({
	id: id(n),
	status,
	created_at: new Date(T).toISOString(),
	...extra,
});

/** Every request made, as method, path and query, in order. */
function service(answers: {
	history: Record<string, object[] | 'fail'>;
	/** A number: that status, with the service's `{detail}` body. */
	details: Record<string, object | number>;
}) {
	const asked: Array<{ path: string; query: Record<string, string> }> = [];
	mockApi()
		.get('/calling/history')
		.query(true)
		.times(20)
		.reply((uri) => {
			const query = Object.fromEntries(new URL(uri, 'http://x').searchParams);
			asked.push({ path: '/calling/history', query });
			const rows = answers.history[query.agent_id];
			if (rows === 'fail') return [401, { error: { code: 'unauthorized', message: 'Bad key' } }];
			return [200, { calls: rows ?? [], limit: 100, offset: 0, total: 'many' }];
		});
	mockApi()
		.get('/calling/call-details')
		.query(true)
		.times(20)
		.reply((uri) => {
			const query = Object.fromEntries(new URL(uri, 'http://x').searchParams);
			asked.push({ path: '/calling/call-details', query });
			const answer = answers.details[query.id];
			if (typeof answer === 'number')
				return [
					answer,
					{ detail: answer === 404 ? 'Call not found' : 'An unexpected error occurred.' },
				];
			return [200, { data: answer }];
		});
	return asked;
}

const settings = (itemIndex: number | undefined) => ({
	itemIndex,
	credentials: CREDENTIALS,
	retry: { maxAttempts: 1 },
});

test('one history read per assistant window; details for the unlisted, the undated and the wanted', async () => {
	const asked = service({
		history: {
			[AGENT_A]: [row(1, 'completed'), row(2, 'ongoing'), row(9, 'completed')],
			[AGENT_B]: [row(4, 'completed', { sub_status: 'ACCEPTED' })],
		},
		details: {
			[id(3)]: { id: id(3), call_status: 'registered' },
			[id(4)]: { id: id(4), call_status: 'completed', platform_analysis: { summary: 'ok' } },
			[id(5)]: { id: id(5), call_status: 'failed', call_sub_status: 'BUSY_LINE' },
		},
	});
	const stats: ReadStats = { historyRequests: 0, detailsRequests: 0 };
	const calls = [
		call(1, AGENT_A, T),
		call(2, AGENT_A, T + 1000),
		call(3, AGENT_A, T + 2000),
		call(4, AGENT_B, T, true),
		call(5, AGENT_B),
	];
	const { seen, failed } = await readCallStates(ctx(), calls, {
		settings,
		concurrency: 2,
		wantsDetails: (c, r) => c.includeAnalysis && r.status === 'completed',
		stats,
	});
	const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
	// The history first, one assistant after the other; then the details reads, which run in a
	// pool: in no promised order.
	expect(asked.slice(0, 2)).toEqual([
		{
			path: '/calling/history',
			query: {
				agent_id: AGENT_A,
				start_date: iso(T - 1000),
				end_date: iso(T + 3000),
				limit: '100',
				offset: '0',
			},
		},
		{
			path: '/calling/history',
			query: {
				agent_id: AGENT_B,
				start_date: iso(T - 1000),
				end_date: iso(T + 1000),
				limit: '100',
				offset: '0',
			},
		},
	]);
	expect(unordered(asked.slice(2))).toEqual(
		unordered([
			{ path: '/calling/call-details', query: { id: id(3) } },
			{ path: '/calling/call-details', query: { id: id(4), send_analysis: 'true' } },
			{ path: '/calling/call-details', query: { id: id(5) } },
		]),
	);
	expect(stats).toEqual({ historyRequests: 2, detailsRequests: 3 });
	expect(failed.size).toBe(0);
	// A row of another call in the window (9) is not kept.
	expect([...seen.keys()].sort()).toEqual([1, 2, 3, 4, 5].map(id));
	expect(
		Object.fromEntries([...seen].map(([k, r]) => [k, [r.status, r.outcome, r.summary]])),
	).toEqual({
		[id(1)]: ['completed', 'answered', null],
		[id(2)]: ['ongoing', 'pending', null],
		[id(3)]: ['registered', 'pending', null],
		// The row merged with its details: the analysis from the details.
		[id(4)]: ['completed', 'answered', 'ok'],
		[id(5)]: ['failed', 'busy', null],
	});
});

test('a window that cannot be read fails its calls, not the others, and throws nothing', async () => {
	service({
		history: { [AGENT_A]: 'fail', [AGENT_B]: [row(4, 'completed')] },
		details: {},
	});
	const { seen, failed } = await readCallStates(
		ctx(),
		[call(1, AGENT_A, T), call(2, AGENT_A, T + 500), call(4, AGENT_B, T)],
		{ settings, concurrency: 1, wantsDetails: () => false },
	);
	expect([...failed.keys()]).toEqual([id(1), id(2)]);
	expect(String(failed.get(id(1))?.message)).toMatch(/Bad key|401|unauthori/i);
	expect([...seen.keys()]).toEqual([id(4)]);
});

test('a call the service does not know: its details answer 404 and the window that should list it does not', async () => {
	const asked = service({
		history: { [AGENT_A]: [row(1, 'ongoing')], [AGENT_B]: 'fail' },
		details: {
			[id(2)]: 404,
			// Just created, not listed yet, but known to the service.
			[id(3)]: { id: id(3), call_status: 'registered' },
			[id(4)]: 500,
			// Without a creation time no window was read: a 404 alone does not prove it unknown.
			[id(5)]: 404,
		},
	});
	const { seen, failed, unknown } = await readCallStates(
		ctx(),
		[
			call(1, AGENT_A, T),
			call(2, AGENT_A, T),
			call(3, AGENT_A, T),
			call(4, AGENT_A, T),
			call(5, AGENT_A),
			// Its window could not be read: nothing is known.
			call(6, AGENT_B, T),
		],
		{ settings, concurrency: 1, wantsDetails: () => false },
	);
	expect(asked.map((a) => [a.path, a.query.id ?? a.query.agent_id])).toEqual([
		['/calling/history', AGENT_A],
		['/calling/history', AGENT_B],
		['/calling/call-details', id(2)],
		['/calling/call-details', id(3)],
		['/calling/call-details', id(4)],
		['/calling/call-details', id(5)],
	]);
	expect([...unknown]).toEqual([id(2)]);
	expect([...seen.keys()].sort()).toEqual([id(1), id(3)]);
	expect([...failed.keys()].sort()).toEqual([id(2), id(4), id(5), id(6)]);
});

test('property: a call is unknown only when dated, its window read without it, and its details answer 404', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.record({
				dated: fc.boolean(),
				window: fc.constantFrom('lists it', 'without it', 'fails'),
				details: fc.constantFrom<number | string>(
					'registered',
					'ongoing',
					'completed',
					400,
					401,
					403,
					404,
					410,
					422,
					429,
					500,
					502,
				),
			}),
			async ({ dated, window, details }) => {
				nock.cleanAll();
				service({
					history: {
						[AGENT_A]:
							window === 'fails' ? 'fail' : window === 'lists it' ? [row(1, 'ongoing')] : [],
					},
					details: {
						[id(1)]: typeof details === 'number' ? details : { id: id(1), call_status: details },
					},
				});
				const { unknown, seen, failed } = await readCallStates(
					ctx(),
					[call(1, AGENT_A, dated ? T : undefined)],
					{ settings, concurrency: 1, wantsDetails: () => false },
				);
				const expected = dated && window === 'without it' && details === 404;
				expect(unknown.has(id(1))).toBe(expected);
				// Unknown or not, a call is either read or failed, never both unread and unfailed.
				expect(seen.has(id(1)) || failed.has(id(1))).toBe(true);
			},
		),
		{ numRuns: 60 },
	);
});

test("a window's first page shows more pages left than calls: the rest in narrower windows, at once", async () => {
	const HOUR = 3_600_000;
	// Three open calls an hour apart, 1,000 other calls of the assistant each hour.
	const open = [T, T + HOUR, T + 2 * HOUR];
	const rows = [
		...open.map((ms, n) => ({
			id: id(n + 1),
			status: 'ongoing',
			created_at: new Date(ms).toISOString(),
		})),
		...Array.from({ length: 2000 }, (_, k) => ({
			id: id(100 + k),
			status: 'completed',
			created_at: new Date(T + 1 + k * 3600).toISOString(),
		})),
	].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
	const asked: string[] = [];
	mockApi()
		.persist()
		.get('/calling/history')
		.query(true)
		.reply((uri) => {
			const q = new URL(uri, 'http://x').searchParams;
			asked.push(`${q.get('start_date')} ${q.get('end_date')} ${q.get('offset')}`);
			const [from, to] = [Date.parse(q.get('start_date')!), Date.parse(q.get('end_date')!)];
			const listed = rows.filter(
				(r) => Date.parse(r.created_at) >= from && Date.parse(r.created_at) <= to,
			);
			const offset = Number(q.get('offset'));
			return [200, { calls: listed.slice(offset, offset + 100), limit: 100, total: listed.length }];
		});
	const stats: ReadStats = { historyRequests: 0, detailsRequests: 0 };
	const { seen, failed } = await readCallStates(
		ctx(),
		open.map((ms, n) => call(n + 1, AGENT_A, ms)),
		{ settings, concurrency: 2, wantsDetails: () => false, stats },
	);
	const iso = (ms: number) => new Date(ms).toISOString();
	const window = (low: number, high: number) => `${iso(low - 1000)} ${iso(high + 1000)} 0`;
	// The one window of all three first (2,003 rows: 21 pages); its first page lists the newest.
	expect(asked[0]).toBe(window(T, T + 2 * HOUR));
	expect(unordered(asked.slice(1))).toEqual(unordered([window(T, T), window(T + HOUR, T + HOUR)]));
	expect(stats).toEqual({ historyRequests: 3, detailsRequests: 0 });
	expect([...seen.keys()].sort()).toEqual([id(1), id(2), id(3)]);
	expect(failed.size).toBe(0);
});
