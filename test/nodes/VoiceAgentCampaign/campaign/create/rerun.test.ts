/**
 * Campaign › Create run again: the same rows find the first campaign within the Duplicate
 * Look Back, whatever Start and End a `$now` expression gives this time; later, they make a
 * new one. Start Right Away then decides from the found campaign's status.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { expectAllMocksUsed, mockApi, recordAll, runNode } from '../../../../helpers/harness';
import {
	AGENT,
	captureUpload,
	createParams,
	LIST,
	mockAgent,
	mockLookup,
	rows,
	SAVE_ANSWER,
} from './helpers';

expectAllMocksUsed();
afterEach(() => nock.emitter.removeAllListeners('no match'));

const MIN = 60_000;
/** The service's clock in these tests (the lookup answer's Date header). */
const T = Date.parse('2027-01-10T08:00:00Z');
const OTHER = 'e5e5e5e5-0000-4000-8000-000000000001';
const FROM = '+14155550100';
const START_ANSWER = { status: 'campaign registered successfully!', has_ongoing_calls: false };
const sheet = () => rows({ phone: '+14155550100' }, { phone: '+14155550101' });

/** The first run: uploads, and gives the name (with its key) the re-runs look for. */
async function firstName(extra: IDataObject = {}): Promise<string> {
	mockAgent([]);
	mockLookup([], 1, T);
	const save = captureUpload('/campaign/save', SAVE_ANSWER);
	const { output, error } = await runNode({
		type: 'voiceAgentCampaign',
		parameters: createParams(extra),
		items: sheet(),
	});
	expect(error).toBeUndefined();
	expect(save.seen).toHaveLength(1);
	return String(output[0].json.campaign_name);
}

/** A campaign of the list as GET /campaign/all serves it. */
const listed = (
	name: string,
	created_at: string | number | undefined,
	status = 'scheduled',
): IDataObject => ({
	id: LIST,
	name,
	campaign_status: status,
	created_at,
	updated_at: '2027-01-10T07:59:00Z',
	campaign_start_time: '2027-01-15T04:00:00Z',
	campaign_end_time: '2027-01-15T12:30:00Z',
	total_count: 2,
	registered_count: 0,
	completed_count: 0,
});

/** A later run whose Start and End moved on (a `$now` expression), against this list. */
async function rerun(campaigns: IDataObject[], opts: { serviceNow?: number; extra?: IDataObject }) {
	mockAgent([]);
	mockLookup(campaigns, 1, opts.serviceNow);
	const unexpected = recordAll();
	const result = await runNode({
		type: 'voiceAgentCampaign',
		parameters: createParams({
			startAt: '2027-01-15T09:31:00',
			endAt: '2027-01-17T09:31:00',
			...opts.extra,
		}),
		items: sheet(),
	});
	nock.emitter.removeAllListeners('no match');
	return { ...result, unexpected };
}

describe('Campaign › Create: a re-run finds the first campaign within the look-back', () => {
	test('the same rows with other Start and End (from $now) a minute later: found, nothing uploaded', async () => {
		const name = await firstName();
		expect(name).toMatch(/^January reminders #[0-9a-f]{8}$/);
		const earlier = listed(name, new Date(T - MIN).toISOString());
		const { output, error, unexpected } = await rerun(
			[
				{ id: OTHER, name: 'January reminders #00000000', created_at: '2027-01-10T07:59:30Z' },
				earlier,
			],
			{ serviceNow: T },
		);
		expect(error).toBeUndefined();
		expect(unexpected).toEqual([]);
		expect(output).toEqual([
			{
				json: {
					list_id: LIST,
					campaign_name: name,
					flow: 'standard',
					rows_uploaded: 2,
					left_out: [],
					variables_map: {},
					campaign_start_time: '2027-01-15T04:00:00Z',
					campaign_end_time: '2027-01-15T12:30:00Z',
					timezone: 'Asia/Kolkata',
					already_uploaded: true,
					campaign: earlier,
				},
				pairedItem: [{ item: 0 }, { item: 1 }],
			},
		]);
	});

	test('made exactly the look-back ago: found; a second earlier: a new campaign of the same name', async () => {
		const name = await firstName();
		const atEdge = await rerun([listed(name, new Date(T - 60 * MIN).toISOString())], {
			serviceNow: T,
		});
		expect(atEdge.error).toBeUndefined();
		expect(atEdge.output[0].json).toMatchObject({ list_id: LIST, already_uploaded: true });

		const save = captureUpload('/campaign/save', { ...SAVE_ANSWER, list_id: OTHER });
		const later = await rerun([listed(name, new Date(T - 60 * MIN - 1000).toISOString())], {
			serviceNow: T,
		});
		expect(later.error).toBeUndefined();
		expect(save.seen.map((u) => u.fields.campaign_name)).toEqual([name]);
		expect(save.seen[0].fields.campaign_start_time).toBe('15/01/2027, 09:31');
		expect(later.output[0].json).toMatchObject({ list_id: OTHER, campaign_name: name });
		expect(later.output[0].json.already_uploaded).toBeUndefined();
	});

	test('created_at without an offset is read as UTC; the look-back is set in Options', async () => {
		const name = await firstName();
		// 61 minutes old, written without a zone: older than the default look-back.
		const save = captureUpload('/campaign/save', SAVE_ANSWER);
		const old = await rerun([listed(name, '2027-01-10T06:59:00.123456')], { serviceNow: T });
		expect(old.error).toBeUndefined();
		expect(save.seen).toHaveLength(1);
		// 59 minutes old: found.
		const recent = await rerun([listed(name, '2027-01-10T07:01:00')], { serviceNow: T });
		expect(recent.output[0].json.already_uploaded).toBe(true);
		// A look-back of a day finds one made 23 hours ago.
		const day = await rerun([listed(name, '2027-01-09T09:00:00+00:00')], {
			serviceNow: T,
			extra: { options: { duplicateLookBackMinutes: 1440 } },
		});
		expect(day.unexpected).toEqual([]);
		expect(day.output[0].json.already_uploaded).toBe(true);
	});

	test('without a Date header the look-back is measured on n8n’s clock', async () => {
		const name = await firstName();
		const recent = await rerun([listed(name, new Date(Date.now() - 5 * MIN).toISOString())], {});
		expect(recent.output[0].json.already_uploaded).toBe(true);
		const save = captureUpload('/campaign/save', SAVE_ANSWER);
		await rerun([listed(name, new Date(Date.now() - 120 * MIN).toISOString())], {});
		expect(save.seen).toHaveLength(1);
	});

	test('a campaign with the key whose creation time cannot be read counts as the first one', async () => {
		const name = await firstName();
		for (const created of [undefined, 'yesterday', 1767000000]) {
			const { output, unexpected } = await rerun([listed(name, created)], { serviceNow: T });
			expect(unexpected).toEqual([]);
			expect(output[0].json.already_uploaded).toBe(true);
		}
	});

	test('a look-back out of range names the field', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams({ options: { duplicateLookBackMinutes: 0 } }),
			items: sheet(),
		});
		expect(error?.message).toBe(
			'Options › Duplicate Look Back (Minutes): 0 is not a whole number from 1 to 1440 [item 0]',
		);
	});
});

/** Every documented campaign status: the schema enum, the start page, dashboard, large flow. */
const NOT_STARTED = ['pending', 'draft'];
const STARTED = ['registered', 'running', 'paused', 'completed', 'scheduled', 'ongoing', 'failed'];
const UNKNOWN = ['insufficient_balance'];

const launchParams = { startRightAway: true, fromNumbers: [FROM] };

/** A re-run with Start Right Away against a found campaign in `status`; its result and requests. */
async function rerunWithStart(name: string, status: string | undefined) {
	const earlier = { ...listed(name, new Date(T - MIN).toISOString()), campaign_status: status };
	if (status === undefined) delete earlier.campaign_status;
	const starts: IDataObject[] = [];
	mockApi()
		.post('/campaign/start', (body: IDataObject) => {
			starts.push(body);
			return true;
		})
		.optionally()
		.reply(200, START_ANSWER);
	const run = await rerun([earlier], { serviceNow: T, extra: launchParams });
	expect(nock.pendingMocks()).toEqual([]);
	nock.cleanAll();
	return { ...run, starts };
}

/** What Start Right Away must output for a found campaign in `status`. */
function expectedStart(status: string | undefined): IDataObject {
	const word = typeof status === 'string' ? status.trim().toLowerCase() : '';
	if (NOT_STARTED.includes(word)) return START_ANSWER;
	if (STARTED.includes(word))
		return {
			status: 'already started',
			campaign_status: status,
			note: 'Found from an earlier run, which had started it: not started again.',
		};
	return {
		status: 'not started',
		campaign_status: status ?? null,
		note: `Found from an earlier run; its status ${status === undefined ? 'is not given' : `"${String(status)}"`} does not say whether that run started it, so it was not started again. If it has not started, start it with Campaign → Start.`,
	};
}

describe('Campaign › Create: Start Right Away on a re-run decides from the campaign status', () => {
	let name: string;
	beforeAll(async () => {
		// Who calls is not part of the key: the first run needs no start here.
		name = await firstName();
	});

	test.each([...NOT_STARTED, ...STARTED, ...UNKNOWN])(
		'status "%s": started only when it says not started',
		async (status) => {
			expect(name).toMatch(/ #[0-9a-f]{8}$/);
			const { output, error, starts, unexpected } = await rerunWithStart(name, status);
			expect(error).toBeUndefined();
			expect(unexpected).toEqual([]);
			expect(starts).toEqual(
				NOT_STARTED.includes(status)
					? [{ agent_id: AGENT, list_id: LIST, from_numbers: [FROM] }]
					: [],
			);
			expect(output[0].json.start).toEqual(expectedStart(status));
			expect(output[0].json.already_uploaded).toBe(true);
		},
	);

	test('any status, in any case, or none: at most one start, and only of a campaign not started', async () => {
		const word = fc.oneof(
			fc.constantFrom(...NOT_STARTED, ...STARTED, ...UNKNOWN),
			fc.string({ maxLength: 12 }),
		);
		const status = fc.oneof(
			fc.tuple(word, fc.boolean(), fc.boolean()).map(([w, upper, pad]) => {
				const cased = upper ? w.toUpperCase() : w;
				return pad ? ` ${cased} ` : cased;
			}),
			fc.constant(undefined),
		);
		await fc.assert(
			fc.asyncProperty(status, async (s) => {
				const { output, error, starts } = await rerunWithStart(name, s);
				expect(error).toBeUndefined();
				const notStarted = NOT_STARTED.includes(
					String(s ?? '')
						.trim()
						.toLowerCase(),
				);
				expect(starts).toHaveLength(notStarted ? 1 : 0);
				expect(output[0].json.start).toEqual(expectedStart(s));
			}),
			{ numRuns: 40 },
		);
	});
});

describe('Campaign › Create: Retry On Fail after a start that failed', () => {
	const settings = { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 };

	test('the retry finds its campaign scheduled: not uploaded, not started again', async () => {
		mockAgent([], 2);
		mockLookup([], 1, T);
		const save = captureUpload('/campaign/save', SAVE_ANSWER);
		const start = mockApi()
			.post('/campaign/start', { agent_id: AGENT, list_id: LIST, from_numbers: [FROM] })
			.reply(500, { detail: 'An unexpected error occurred.' });
		const items = sheet();
		// The retry's lookup: the campaign of the first try, which the start did reach.
		const lookups: string[] = [];
		mockApi()
			.get('/campaign/all')
			.query(true)
			.reply(function () {
				lookups.push('retry');
				return [
					200,
					{ campaigns: [listed(save.seen[0].fields.campaign_name, new Date(T).toISOString())] },
					{ Date: new Date(T + MIN).toUTCString() },
				];
			});
		const { output, error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(launchParams),
			items,
			settings,
		});
		start.done();
		expect(error).toBeUndefined();
		expect(save.seen).toHaveLength(1);
		expect(lookups).toEqual(['retry']);
		expect(output[0].json).toMatchObject({
			list_id: LIST,
			already_uploaded: true,
			start: expectedStart('scheduled'),
		});
	});

	test('the retry finds it not started: the first failure is reported, the start not sent again', async () => {
		mockAgent([], 2);
		mockLookup([], 1, T);
		const save = captureUpload('/campaign/save', SAVE_ANSWER);
		const start = mockApi()
			.post('/campaign/start')
			.reply(500, { detail: 'An unexpected error occurred.' });
		mockApi()
			.get('/campaign/all')
			.query(true)
			.reply(() => [
				200,
				{
					campaigns: [
						listed(save.seen[0].fields.campaign_name, new Date(T).toISOString(), 'draft'),
					],
				},
				{ Date: new Date(T + MIN).toUTCString() },
			]);
		const { error } = await runNode({
			type: 'voiceAgentCampaign',
			parameters: createParams(launchParams),
			items: sheet(),
			settings,
		});
		start.done();
		expect(save.seen).toHaveLength(1);
		expect(error?.message).toMatch(/500|unexpected/i);
		expect(String(error?.description)).toContain('it was not sent again');
	});
});
