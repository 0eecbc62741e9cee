/**
 * Starting a created contact list: the caller choice (workspace numbers, or a number pool
 * with completion e-mails) read and checked, its part of the request, and the two start
 * endpoints.
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import {
	launchBody,
	launchProperties,
	readLaunch,
	startList,
	type Launch,
} from '../../../../nodes/VoiceAgentCampaign/actions/campaign/launch';
import { fields, type ParamSource } from '../../../../nodes/shared/engine/params';
import { AGENT } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { probe } from '../../../helpers/probe';

expectAllMocksUsed();

const node = { name: 'Campaign', type: 'n8n-nodes-voice-agent.voiceAgentCampaign' } as INode;
const LIST = 'b0000000-0000-4000-8000-000000000001';
const POOL = 'c9c9c9c9-0000-4000-8000-000000000001';
const USER = 'e0000000-0000-4000-8000-000000000001';
const USER2 = 'e0000000-0000-4000-8000-000000000002';
const NUMBER_ID = '9b2e4c1a-7d3f-4e5a-8b6c-1d2e3f4a5b6c';
const source = (values: Record<string, unknown>): ParamSource => ({
	getNode: () => node,
	getNodeParameter: (name, _i, fallback) => (name in values ? values[name] : fallback),
});
const read = (values: Record<string, unknown>) => readLaunch(fields(source(values), 0));

describe('launchProperties', () => {
	test('alone: always shown; for Create: shown with Start Right Away, each mode its fields', () => {
		expect(launchProperties().map((p) => [p.name, p.displayOptions?.show])).toEqual([
			['callerMode', undefined],
			['fromNumbers', { callerMode: ['numbers'] }],
			['numberPoolId', { callerMode: ['pool'] }],
			['emailUserIds', { callerMode: ['pool'] }],
		]);
		expect(launchProperties({ startNow: [true] }).map((p) => p.displayOptions?.show)).toEqual([
			{ startNow: [true] },
			{ startNow: [true], callerMode: ['numbers'] },
			{ startNow: [true], callerMode: ['pool'] },
			{ startNow: [true], callerMode: ['pool'] },
		]);
	});
});

describe('readLaunch', () => {
	test('numbers: phone numbers compacted to E.164, number ids as they are', () => {
		expect(read({ fromNumbers: ['+1 (415) 555-0100', NUMBER_ID, '+91 98765.43210'] })).toEqual({
			mode: 'numbers',
			fromNumbers: ['+14155550100', NUMBER_ID, '+919876543210'],
		});
	});

	test('any E.164 number written with spaces, dots, dashes or brackets reads as itself', () => {
		const digits = fc.stringMatching(/^[1-9][0-9]{7,13}$/);
		const separated = digits.chain((d) =>
			fc
				.array(fc.constantFrom('', ' ', '-', '.', '(', ')'), {
					minLength: d.length,
					maxLength: d.length,
				})
				.map((seps) => ({
					plain: `+${d}`,
					written: `+${[...d].map((c, k) => c + seps[k]).join('')}`,
				})),
		);
		fc.assert(
			fc.property(separated, ({ plain, written }) => {
				expect(read({ fromNumbers: [written] })).toEqual({ mode: 'numbers', fromNumbers: [plain] });
			}),
			{ numRuns: 300, seed: 20260101 },
		);
	});

	test('pool: its id and the users to e-mail, as a list or comma-separated text', () => {
		expect(read({ callerMode: 'pool', numberPoolId: POOL, emailUserIds: [USER] })).toEqual({
			mode: 'pool',
			poolId: POOL,
			emailUserIds: [USER],
		});
		expect(
			read({ callerMode: 'pool', numberPoolId: POOL, emailUserIds: `${USER}, ${USER2}, ${USER}` }),
		).toMatchObject({
			// Each user once.
			emailUserIds: [USER, USER2],
		});
		expect(read({ callerMode: 'pool', numberPoolId: POOL })).toMatchObject({ emailUserIds: [] });
	});

	test.each([
		[{ fromNumbers: [] }, 'From Number Names or IDs: is required [item 0]'],
		[
			{ fromNumbers: ['4155550100'] },
			'From Number Names or IDs: "4155550100" is neither a phone number in international format (+14155550100) nor a number ID [item 0]',
		],
		[
			{ callerMode: 'pool', numberPoolId: 'pool-1' },
			'Number Pool ID: "pool-1" is not a valid ID (UUID expected) [item 0]',
		],
		[
			{ callerMode: 'pool', numberPoolId: POOL, emailUserIds: ['ops@example.com'] },
			'Completion E-Mails To: "ops@example.com" is not a user ID [item 0]',
		],
		[{ callerMode: 'both' }, 'Call From: "both" is not one of "numbers", "pool" [item 0]'],
	])('%j is refused', (values, message) => {
		expect(() => read(values)).toThrow(new Error(message));
	});
});

describe('launchBody', () => {
	test('from_numbers; or number_pool_id with e-mails only when there are some', () => {
		expect(launchBody({ mode: 'numbers', fromNumbers: ['+14155550100'] })).toEqual({
			from_numbers: ['+14155550100'],
		});
		expect(launchBody({ mode: 'pool', poolId: POOL, emailUserIds: [] })).toEqual({
			number_pool_id: POOL,
		});
		expect(launchBody({ mode: 'pool', poolId: POOL, emailUserIds: [USER] })).toEqual({
			number_pool_id: POOL,
			email_completion_user_ids: [USER],
		});
	});
});

describe('startList', () => {
	const start = (launch: Launch) => probe((ctx, i) => startList(ctx, i, AGENT, LIST, launch));

	test('numbers: POST /campaign/start; a pool: POST /campaign/v2/start; the answer as served', async () => {
		const scope = mockApi()
			.matchHeader('content-type', 'application/json')
			.post('/campaign/start', { agent_id: AGENT, list_id: LIST, from_numbers: ['+14155550100'] })
			.reply(200, { message: 'Campaign started', status: 'registered' })
			.post('/campaign/v2/start', {
				agent_id: AGENT,
				list_id: LIST,
				number_pool_id: POOL,
				email_completion_user_ids: [USER],
			})
			.reply(200, { message: 'Campaign started' });
		expect((await start({ mode: 'numbers', fromNumbers: ['+14155550100'] })).values).toEqual([
			{ message: 'Campaign started', status: 'registered' },
		]);
		expect((await start({ mode: 'pool', poolId: POOL, emailUserIds: [USER] })).values).toEqual([
			{ message: 'Campaign started' },
		]);
		scope.done();
	});

	test('a refusal reaches the user with the service text', async () => {
		mockApi().post('/campaign/start').reply(400, { detail: 'List already started' });
		const { error } = await start({ mode: 'numbers', fromNumbers: ['+14155550100'] });
		expect(error?.message).toBe('List already started');
		expect(error?.httpCode).toBe('400');
	});
});
