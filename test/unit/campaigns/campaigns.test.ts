/**
 * The one reader of GET /campaign/all: a page (its rows, total and the service's clock), the
 * list paged to its total, one campaign found reading only the pages it takes, and the
 * readings of a campaign's status.
 */
import fc from 'fast-check';

import {
	campaignCreatedMs,
	campaignStartState,
	findCampaign,
	isFinalCampaignStatus,
	readCampaigns,
	readCampaignsPage,
	sameId,
} from '../../../nodes/shared/campaigns/campaigns';
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';

expectAllMocksUsed();

const RUNS = { numRuns: 300, seed: 20260101 };
const context = () => loadOptionsContext('voiceAgentCampaign', 'parameters.campaign');
const campaign = (n: number, status = 'completed') => ({
	id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	name: `Campaign ${n}`,
	status,
});
const list = (offset: number, limit: number, count: number, total = count) => ({
	campaigns: Array.from({ length: count }, (_, k) => campaign(k)).slice(offset, offset + limit),
	pagination: { total },
});

describe('readCampaignsPage', () => {
	test('limit, offset and call_count asked; rows, total and the Date header returned', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ limit: '10', offset: '20', call_count: 'true' })
			.reply(
				200,
				{ campaigns: [campaign(1)], pagination: { total: 21 } },
				{
					Date: 'Wed, 25 Nov 2026 12:00:00 GMT',
				},
			);
		expect(await readCampaignsPage(context(), { offset: 20, limit: 10, callCount: true })).toEqual({
			rows: [campaign(1)],
			total: 21,
			serviceNowMs: Date.parse('2026-11-25T12:00:00Z'),
		});
		scope.done();
	});

	test('no pagination object: total undefined; no rows: an empty page', async () => {
		mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'false' })
			.reply(200, { pagination: [3] });
		expect(
			await readCampaignsPage(context(), { offset: 0, limit: 100, callCount: false }),
		).toMatchObject({ rows: [], total: undefined });
	});

	test('campaigns that are not a list of objects are refused', async () => {
		mockApi()
			.get('/campaign/all')
			.query(true)
			.reply(200, { campaigns: [campaign(1), 'x'] });
		await expect(
			readCampaignsPage(context(), { offset: 0, limit: 100, callCount: false }),
		).rejects.toThrow(
			new Error('Unexpected answer from the service: campaigns[1] should be an object but is text'),
		);
	});
});

describe('readCampaigns', () => {
	test('pages of 100 until the total is reached, without an empty page', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'false' })
			.reply(200, list(0, 100, 150))
			.get('/campaign/all')
			.query({ limit: '100', offset: '100', call_count: 'false' })
			.reply(200, list(100, 100, 150));
		const rows = await readCampaigns(context(), { callCount: false });
		expect(rows.map((c) => c.name)).toEqual(Array.from({ length: 150 }, (_, k) => `Campaign ${k}`));
		scope.done();
	});

	test('max: only as many as asked for', async () => {
		const scope = mockApi()
			.get('/campaign/all')
			.query({ limit: '3', offset: '0', call_count: 'true' })
			.reply(200, list(0, 3, 150));
		expect(await readCampaigns(context(), { callCount: true, max: 3 })).toEqual([
			campaign(0),
			campaign(1),
			campaign(2),
		]);
		scope.done();
	});
});

describe('findCampaign', () => {
	test('reads pages until one is accepted, giving the test the service clock', async () => {
		const clock = Date.parse('2026-11-25T12:00:00Z');
		const scope = mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'false' })
			.reply(200, list(0, 100, 300), { Date: new Date(clock).toUTCString() })
			.get('/campaign/all')
			.query({ limit: '100', offset: '100', call_count: 'false' })
			.reply(200, list(100, 100, 300), { Date: new Date(clock).toUTCString() });
		const clocks = new Set<number>();
		const found = await findCampaign(
			context(),
			(c, now) => {
				clocks.add(now);
				return c.name === 'Campaign 150';
			},
			{ callCount: false },
		);
		expect(found).toEqual(campaign(150));
		expect([...clocks]).toEqual([clock]);
		scope.done();
	});

	test('none accepted: undefined after the last page', async () => {
		mockApi()
			.get('/campaign/all')
			.query({ limit: '100', offset: '0', call_count: 'false' })
			.reply(200, list(0, 100, 2));
		expect(await findCampaign(context(), () => false, { callCount: false })).toBeUndefined();
	});
});

describe('a campaign read', () => {
	test('created_at: with a zone as given, without one as UTC, else undefined', () => {
		expect(campaignCreatedMs({ created_at: '2026-11-25T12:00:00+05:30' })).toBe(
			Date.parse('2026-11-25T06:30:00Z'),
		);
		expect(campaignCreatedMs({ created_at: '2026-11-25T12:00:00' })).toBe(
			Date.parse('2026-11-25T12:00:00Z'),
		);
		expect(campaignCreatedMs({ created_at: 'yesterday' })).toBeUndefined();
		expect(campaignCreatedMs({})).toBeUndefined();
	});

	test('sameId compares ids without case; anything but text is never the same', () => {
		fc.assert(
			fc.property(fc.uuid(), fc.uuid(), (a, b) => {
				expect(sameId(a.toUpperCase(), a)).toBe(true);
				expect(sameId(a, b)).toBe(a === b);
			}),
			RUNS,
		);
		expect(sameId(undefined, '')).toBe(false);
		expect(sameId(1, '1')).toBe(false);
	});

	const spelled = (word: string) =>
		fc
			.tuple(
				fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }),
				fc.constantFrom('', ' ', '\t'),
			)
			.map(
				([upper, pad]) =>
					`${pad}${[...word].map((c, k) => (upper[k] ? c.toUpperCase() : c)).join('')}${pad}`,
			);

	test.each([
		['pending', 'notStarted', false],
		['draft', 'notStarted', false],
		['registered', 'started', false],
		['running', 'started', false],
		['paused', 'started', false],
		['scheduled', 'started', false],
		['ongoing', 'started', false],
		['completed', 'started', true],
		['failed', 'started', true],
		['insufficient_balance', 'unknown', false],
		['cancelled', 'unknown', false],
	])('%s in any case and spacing: %s, final %p', (word, state, final) => {
		fc.assert(
			fc.property(spelled(word), (status) => {
				expect(campaignStartState(status)).toBe(state);
				expect(isFinalCampaignStatus(status)).toBe(final);
			}),
			{ numRuns: 50, seed: 20260101 },
		);
	});

	test.each([undefined, null, 3, ['completed'], ''])('%p: unknown, not final', (status) => {
		expect(campaignStartState(status)).toBe('unknown');
		expect(isFinalCampaignStatus(status)).toBe(false);
	});
});
