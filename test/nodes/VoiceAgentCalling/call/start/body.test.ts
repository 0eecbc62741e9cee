/**
 * One row's verdict (start/body.ts) from the row as read once (start/row.ts): whatever fields
 * of a row fail, the row reports the first the verdict reaches, in its order (the number, the
 * list, Call Settings, the callee's zone, the variables, then the body's fields), and a listed
 * number is skipped whatever else of its row fails. A row whose fields all hold is called with
 * exactly its body, and each field was resolved once.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';

import {
	judgeStartRow,
	startVerdict,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/body';
import {
	readStartRow,
	type StartRowValues,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/row';
import { AGENT, VOICE } from '../../../../helpers/fixtures';
import { broken, START_NODE, startContext } from '../../../../helpers/startContext';

/** The fields a row's verdict reads, in the order it reaches them. */
const ORDER = [
	'defaultCountryCode',
	'mobileNumber',
	'callConfig',
	'calleeTimeZone',
	'variablesMode',
	'name',
	'assistant',
	'version',
	'fromNumber',
	'voiceId',
] as const;

const NUMBER = '+14155550101';
const NOW = Date.UTC(2026, 0, 5, 12);

async function verdictOf(fails: readonly string[], listed: boolean) {
	const { ctx, reads } = startContext(Object.fromEntries(fails.map((f) => [f, broken(f)])));
	const row = readStartRow(ctx, 0);
	const verdict = await startVerdict(row, NOW, new Set(listed ? [NUMBER] : []));
	return { verdict, reads };
}

describe('startVerdict', () => {
	it('calls a row whose fields hold, with exactly its body, each field read once', async () => {
		const { verdict, reads } = await verdictOf([], false);
		expect(verdict).toEqual({
			verdict: 'call',
			number: NUMBER,
			value: {
				body: { name: 'Ann', mobile_number: NUMBER, agent_id: AGENT, from_number: '+14155550000' },
				warnings: [],
			},
		});
		expect([...reads.values()].every((n) => n === 1)).toBe(true);
		expect(reads.get('callConfig @0')).toBe(1);
	});

	it('reports the first failing field the verdict reaches; a listed number is skipped', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.subarray([...ORDER], { minLength: 1 }),
				fc.boolean(),
				async (fails, listed) => {
					const { verdict } = await verdictOf(fails, listed);
					const first = ORDER.find((f) => fails.includes(f)) as string;
					const numberRead =
						!fails.includes('defaultCountryCode') && !fails.includes('mobileNumber');
					if (listed && numberRead) {
						expect(verdict).toEqual({
							verdict: 'skip',
							number: NUMBER,
							code: 'do_not_call',
							sentence: `Do Not Call: ${NUMBER} is on the list, so it is not called`,
						});
					} else {
						expect(verdict).toEqual({
							verdict: 'refuse',
							error: new Error(`broken ${first}`),
							...(numberRead ? { number: NUMBER } : {}),
						});
					}
				},
			),
			{ numRuns: 100 },
		);
	});
});

/**
 * The verdict's steps are pure functions of the row's typed values: a row built by hand, with
 * no execute context at all, is judged to exactly its body, and a value that failed to read is
 * thrown only when its step is reached.
 */
describe('judgeStartRow', () => {
	const ok = <T>(value: T) => ({ ok: true as const, value });
	const WINDOW = { call_start_time: '09:00', call_end_time: '18:00', timezone: 'UTC' };
	const CALLBACK = {
		callback_url: 'https://hooks.example.com/',
		callback_args: { headers: { 'Content-Type': 'application/json' } },
	};
	/** The typed values in the order the verdict reaches them. */
	const TYPED = [
		'countryCode',
		'mobileNumber',
		'callSettings',
		'zone',
		'variables',
		'name',
		'assistant',
		'version',
		'from',
		'voice',
		'callback',
	] as const;
	const typedRow = (over: Partial<StartRowValues> = {}): StartRowValues => ({
		index: 3,
		node: START_NODE,
		countryCode: ok('+1'),
		mobileNumber: ok('(415) 555-0101'),
		callSettings: ok({ config: { call_time: WINDOW } }),
		zone: ok({ rule: { column: 'tz' }, value: 'America/Chicago' }),
		variables: ok({ who: 'Ann' }),
		name: ok('Ann'),
		assistant: ok(AGENT),
		version: ok({}),
		from: ok({ from_number: '+14155550000' }),
		voice: ok(undefined),
		callback: ok(CALLBACK),
		...over,
	});

	it('builds exactly the body from the typed values, the window in the callee zone', async () => {
		expect(await judgeStartRow(typedRow(), NOW)).toEqual({
			verdict: 'call',
			number: NUMBER,
			value: {
				body: {
					name: 'Ann',
					mobile_number: NUMBER,
					agent_id: AGENT,
					from_number: '+14155550000',
					custom_args_values: { who: 'Ann' },
					call_config: { call_time: { ...WINDOW, timezone: 'America/Chicago' } },
					...CALLBACK,
				},
				warnings: [`Phone Number "(415) 555-0101" is sent as ${NUMBER}`],
			},
		});
	});

	it('writes its own errors from the values: the window the zone needs, v2', async () => {
		const noWindow = await judgeStartRow(
			typedRow({ callSettings: ok({ config: undefined }) }),
			NOW,
		);
		expect(noWindow).toMatchObject({ verdict: 'refuse', number: NUMBER });
		expect(String((noWindow as { error: Error }).error.message)).toBe(
			"Call Settings › Call Window Start: and Call Window End are required with Call Window in the Callee's Time Zone [item 3]",
		);
		const v2 = await judgeStartRow(typedRow({ voice: ok(VOICE) }), NOW);
		expect(String((v2 as { error: Error }).error.message)).toBe(
			'Call Settings › Status Callback URL: cannot be used with a Number Pool or a Voice (Override): the service has no such field there [item 3]',
		);
	});

	it('throws a held error when its step is reached; a listed number is skipped', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.subarray([...TYPED], { minLength: 1 }),
				fc.boolean(),
				async (fails, listed) => {
					const failed = (name: string) => ({
						ok: false as const,
						error: new Error(`broken ${name}`),
					});
					const row = typedRow(Object.fromEntries(fails.map((f) => [f, failed(f)])));
					const verdict = await judgeStartRow(row, NOW, new Set(listed ? [NUMBER] : []));
					const numberRead = !fails.includes('countryCode') && !fails.includes('mobileNumber');
					const first = TYPED.find((f) => fails.includes(f)) as string;
					expect(verdict).toEqual(
						listed && numberRead
							? {
									verdict: 'skip',
									number: NUMBER,
									code: 'do_not_call',
									sentence: `Do Not Call: ${NUMBER} is on the list, so it is not called`,
								}
							: {
									verdict: 'refuse',
									error: new Error(`broken ${first}`),
									...(numberRead ? { number: NUMBER } : {}),
								},
					);
				},
			),
			{ numRuns: 100 },
		);
	});

	it("never reads a field: start/body.ts's steps have no context and no reader", () => {
		const source = readFileSync(
			join(__dirname, '../../../../../nodes/VoiceAgentCalling/actions/call/start/body.ts'),
			'utf8',
		);
		for (const reader of ['IExecuteFunctions', 'getNodeParameter', 'fields(', 'params', 'ctx'])
			expect(source.includes(reader)).toBe(false);
	});
});
