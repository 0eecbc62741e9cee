/**
 * The one callee verdict: its steps in one order (number, list, zone, the operation's rules,
 * variables, body), a listed number skipped before any later step runs, every other outcome a
 * call or a refusal carrying the step's error.
 */
import fc from 'fast-check';

import {
	CAMPAIGN_POLICY,
	doNotCallSentence,
	judgeCallee,
	placedNoCall,
	REFUSAL_CODES,
	refusalCode,
	refusalError,
	refuse,
	SKIP_CODES,
	skipOutput,
	START_POLICY,
	type CalleeSteps,
} from '../../../../nodes/shared/dialling/callee/verdict';

/** Steps that record what ran; `fail` names the step that throws. */
function steps(list: string[] = [], fail?: string, skip?: boolean) {
	const ran: string[] = [];
	const step =
		<T>(name: string, value: T) =>
		() => {
			ran.push(name);
			if (fail === name) throw new Error(`${name} is wrong`);
			return value;
		};
	const s: CalleeSteps<string, string, string> = {
		number: step('number', '+14155550100'),
		list: new Set(list),
		zone: step('zone', 'America/Los_Angeles'),
		rules: () => {
			ran.push('rules');
			return skip ? { code: 'max_attempts', sentence: 'Max Attempts (3) reached' } : undefined;
		},
		variables: step('variables', 'vars'),
		body: ({ number, zone, variables }) => {
			ran.push('body');
			if (fail === 'body') throw new Error('body is wrong');
			return `${number} ${zone} ${variables}`;
		},
	};
	return { s, ran };
}

test('a callable row: every step once, in order; the value is what they made', async () => {
	const { s, ran } = steps();
	expect(await judgeCallee(s)).toEqual({
		verdict: 'call',
		number: '+14155550100',
		value: '+14155550100 America/Los_Angeles vars',
	});
	expect(ran).toEqual(['number', 'zone', 'rules', 'variables', 'body']);
});

test('a listed number is skipped after the number step: no later step runs, so none can refuse it', async () => {
	for (const fail of ['zone', 'variables', 'body']) {
		const { s, ran } = steps(['+14155550100'], fail);
		expect(await judgeCallee(s)).toEqual({
			verdict: 'skip',
			number: '+14155550100',
			code: 'do_not_call',
			sentence: 'Do Not Call: +14155550100 is on the list, so it is not called',
		});
		expect(ran).toEqual(['number']);
	}
});

test("a refusal carries its step's error, and the number once it is known", async () => {
	const number = steps([], 'number');
	expect(await judgeCallee(number.s)).toEqual({
		verdict: 'refuse',
		error: new Error('number is wrong'),
	});
	for (const [fail, ran] of [
		['zone', ['number', 'zone']],
		['variables', ['number', 'zone', 'rules', 'variables']],
		['body', ['number', 'zone', 'rules', 'variables', 'body']],
	] as const) {
		const t = steps([], fail);
		const v = await judgeCallee(t.s);
		expect(v).toEqual({
			verdict: 'refuse',
			error: new Error(`${fail} is wrong`),
			number: '+14155550100',
		});
		expect(t.ran).toEqual(ran);
	}
});

test("the operation's rules skip before the variables are read", async () => {
	const { s, ran } = steps([], 'variables', true);
	expect(await judgeCallee(s)).toEqual({
		verdict: 'skip',
		number: '+14155550100',
		code: 'max_attempts',
		sentence: 'Max Attempts (3) reached',
	});
	expect(ran).toEqual(['number', 'zone', 'rules']);
});

test('property: whichever steps fail and whatever is listed, one verdict; a listed number is never called', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.boolean(),
			fc.constantFrom(undefined, 'number', 'zone', 'variables', 'body'),
			fc.boolean(),
			async (listed, fail, skip) => {
				const { s } = steps(listed ? ['+14155550100'] : [], fail, skip);
				const v = await judgeCallee(s);
				if (fail === 'number') expect(v.verdict).toBe('refuse');
				else if (listed) expect(v).toMatchObject({ verdict: 'skip', code: 'do_not_call' });
				else if (fail === 'zone') expect(v.verdict).toBe('refuse');
				else if (skip) expect(v).toMatchObject({ verdict: 'skip', code: 'max_attempts' });
				else expect(v.verdict).toBe(fail ? 'refuse' : 'call');
				if (v.verdict === 'skip') expect(SKIP_CODES).toContain(v.code);
			},
		),
	);
});

test('a skipped output: the code, the sentence, the number, then what the code adds', () => {
	expect(
		skipOutput(
			{ code: 'too_far_ahead', sentence: 'later', extra: { send_from: 'x' } },
			'+14155550100',
		),
	).toEqual({
		skipped: 'too_far_ahead',
		skip_reason: 'later',
		mobile_number: '+14155550100',
		send_from: 'x',
	});
	expect(skipOutput({ code: 'do_not_call', sentence: doNotCallSentence('+1') })).toEqual({
		skipped: 'do_not_call',
		skip_reason: 'Do Not Call: +1 is on the list, so it is not called',
	});
});

describe('a refusal is a value a step returns, written as the error at the edge', () => {
	const node = {
		id: 'n',
		name: 'Voice Agent',
		type: 't',
		typeVersion: 1,
		position: [0, 0],
	} as never;
	const zoneRefused = refuse('zone_unknown', "Call Window in the Callee's Time Zone", 'is unknown');
	const withZone = (zone: () => unknown) => ({
		...steps().s,
		zone: zone as CalleeSteps<string, string, string>['zone'],
	});

	test('each step may refuse: code, field and sentence, and the number once known', async () => {
		const s = steps().s;
		expect(
			await judgeCallee({
				...s,
				number: () => refuse('invalid_number', 'Phone Number', 'is required'),
			}),
		).toEqual({
			verdict: 'refuse',
			code: 'invalid_number',
			field: 'Phone Number',
			sentence: 'is required',
		});
		expect(
			await judgeCallee({
				...s,
				variables: () => refuse('invalid_input', 'Column a', 'is an object'),
			}),
		).toEqual({
			verdict: 'refuse',
			code: 'invalid_input',
			field: 'Column a',
			sentence: 'is an object',
			number: '+14155550100',
		});
	});

	test('the unknown zone by the named policy: Start refuses the row, a campaign skips it', async () => {
		const refusal = {
			code: 'zone_unknown',
			field: "Call Window in the Callee's Time Zone",
			sentence: 'is unknown',
			number: '+14155550100',
		};
		expect(
			await judgeCallee(
				withZone(() => zoneRefused),
				START_POLICY,
			),
		).toEqual({
			verdict: 'refuse',
			...refusal,
		});
		// The default is Start's.
		expect(await judgeCallee(withZone(() => zoneRefused))).toEqual({
			verdict: 'refuse',
			...refusal,
		});
		expect(
			await judgeCallee(
				withZone(() => zoneRefused),
				CAMPAIGN_POLICY,
			),
		).toEqual({
			verdict: 'skip',
			...refusal,
		});
		expect(START_POLICY).toEqual({ unknownZone: 'refuse' });
		expect(CAMPAIGN_POLICY).toEqual({ unknownZone: 'skip' });
	});

	test('the policy skips only an unknown zone: another refusal of the zone step stays one', async () => {
		const other = refuse('invalid_input', 'Call Settings › Scheduled At', 'is not a date');
		expect(
			await judgeCallee(
				withZone(() => other),
				CAMPAIGN_POLICY,
			),
		).toMatchObject({
			verdict: 'refuse',
			code: 'invalid_input',
		});
	});

	test('what the rules found is handed to the variables and the body, once', async () => {
		const seen: unknown[] = [];
		const v = await judgeCallee<string, string, string, { attempt: number }>({
			number: () => '+14155550100',
			zone: () => 'UTC',
			rules: () => ({ ruled: { attempt: 2 } }),
			variables: ({ ruled }) => {
				seen.push(ruled);
				return 'vars';
			},
			body: ({ ruled, variables }) => `${variables} attempt ${ruled.attempt}`,
		});
		expect(v).toEqual({ verdict: 'call', number: '+14155550100', value: 'vars attempt 2' });
		expect(seen).toEqual([{ attempt: 2 }]);
	});

	test('the writer: a refusal becomes the error naming the field and the item; a reader error stays', () => {
		const written = refusalError(
			node,
			{ verdict: 'refuse', code: 'invalid_number', field: 'Phone Number', sentence: 'is required' },
			3,
		) as Error & { description?: string; context?: { itemIndex?: number } };
		expect(written.message).toBe('Phone Number: is required [item 3]');
		expect(written.description).toBe(
			'Fix "Phone Number" in input item 3 and run again. No request was sent for this item.',
		);
		const own = new Error('Assistant: is not a UUID [item 1]');
		expect(refusalError(node, { verdict: 'refuse', error: own }, 1)).toBe(own);
		expect(refusalCode({ verdict: 'refuse', error: own })).toBe('invalid_input');
		expect(refusalCode({ verdict: 'refuse', error: own, code: 'missing_prompt_variable' })).toBe(
			'missing_prompt_variable',
		);
	});

	test('property: any refusal of any step gives its own code of the closed list, never a call', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom('number', 'zone', 'variables', 'body'),
				fc.constantFrom(...REFUSAL_CODES),
				fc.string(),
				fc.constantFrom(START_POLICY, CAMPAIGN_POLICY),
				async (at, code, sentence, policy) => {
					const no = () => refuse(code, 'Field', sentence);
					const v = await judgeCallee({ ...steps().s, [at]: no }, policy);
					const skipped = at === 'zone' && code === 'zone_unknown' && policy === CAMPAIGN_POLICY;
					expect(v).toMatchObject({ verdict: skipped ? 'skip' : 'refuse', code, sentence });
					if (v.verdict === 'refuse') expect(REFUSAL_CODES).toContain(refusalCode(v));
				},
			),
		);
	});
});

describe('placedNoCall: the one predicate Check Calls passes an item on by', () => {
	test.each([
		[{ error: 'Phone Number: is required [item 0]' }, true],
		[skipOutput({ code: 'do_not_call', sentence: 'listed' }, '+14155550100'), true],
		[skipOutput({ code: 'max_attempts', sentence: 'max', extra: { parent_call_id: 'p' } }), true],
		[{ dry_run: true, body: { mobile_number: '+14155550100' } }, true],
		[{ dry_run: false, body: {} }, false],
		[{ call_id: 'c1', status: 'registered' }, false],
		// A call placed, whatever else its item says (a warning, an earlier attempt's flag).
		[{ call_id: 'c1', skipped: 'do_not_call' }, false],
		[{ call_id: '  ', error: 'failed' }, true],
		[{ name: 'Ada' }, false],
	])('%j -> %s', (json, expected) => {
		expect(placedNoCall(json)).toBe(expected);
	});

	test('property: a call id decides alone; without one, an error, a skip or a Dry Run', () => {
		const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
		fc.assert(
			fc.property(
				maybe(fc.oneof(fc.string(), fc.integer())),
				maybe(fc.string()),
				maybe(fc.constantFrom(...SKIP_CODES)),
				maybe(fc.boolean()),
				(callId, error, skipped, dryRun) => {
					const json = {
						...(callId === undefined ? {} : { call_id: callId }),
						...(error === undefined ? {} : { error }),
						...(skipped === undefined ? {} : { skipped }),
						...(dryRun === undefined ? {} : { dry_run: dryRun }),
					};
					const placed = typeof callId === 'string' && callId.trim() !== '';
					const none = error !== undefined || skipped !== undefined || dryRun === true;
					expect(placedNoCall(json)).toBe(!placed && none);
				},
			),
		);
	});
});
