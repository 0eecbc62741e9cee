/**
 * terminateCalls: the one PATCH /campaign/terminate; "No terminable calls found" (400) is the
 * outcome "nothing to cancel", every other refusal an error of the item.
 */
import fc from 'fast-check';
import nock from 'nock';

import { terminateCalls } from '../../../nodes/shared/campaigns/terminate';
import { expectAllMocksUsed, mockApi } from '../../helpers/harness';
import { probe } from '../../helpers/probe';

expectAllMocksUsed();

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const body = { campaign_id: CAMPAIGN, mobile_numbers: ['+14155550100'] };

describe('terminateCalls', () => {
	test('sends the body as given; a 2xx answer is {terminated: true, answer}', async () => {
		const scope = mockApi()
			.matchHeader('content-type', 'application/json')
			.patch('/campaign/terminate', body)
			.reply(200, { message: 'Calls terminated successfully!' });
		const { values, error } = await probe((ctx, i) => terminateCalls(ctx, i, body));
		expect(error).toBeUndefined();
		expect(values).toEqual([
			{ terminated: true, answer: { message: 'Calls terminated successfully!' } },
		]);
		scope.done();
	});

	test('400 "No terminable calls found" in any case is {terminated: false, message}', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom('No terminable calls found', 'no TERMINABLE calls for campaign x'),
				fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
				async (text, upper) => {
					const detail = [...text].map((c, n) => (upper[n] ? c.toUpperCase() : c)).join('');
					mockApi().patch('/campaign/terminate', body).reply(400, { detail });
					const { values, error } = await probe((ctx, i) => terminateCalls(ctx, i, body));
					nock.cleanAll();
					expect(error).toBeUndefined();
					expect(values).toEqual([{ terminated: false, message: detail }]);
				},
			),
			{ numRuns: 20, seed: 20260101 },
		);
	});

	test.each([
		[400, 'campaign_id is required'],
		[404, 'No terminable calls found'],
		[409, 'No terminable calls found'],
		[422, 'Campaign not found'],
	])('%i {detail: %s} is an error of the item, with the service text', async (status, detail) => {
		const scope = mockApi().patch('/campaign/terminate', body).reply(status, { detail });
		const { values, error } = await probe((ctx, i) => terminateCalls(ctx, i, body), {
			items: [{}, {}],
		});
		expect(values).toEqual([]);
		expect(error?.message).toBe(detail);
		expect(error?.httpCode).toBe(String(status));
		expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
		scope.done();
	});
});
