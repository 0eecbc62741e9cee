/**
 * The one callee verdict: its steps in one order (number, list, zone, the operation's rules,
 * variables, body), a listed number skipped before any later step runs, every other outcome a
 * call or a refusal carrying the step's error.
 */
import fc from 'fast-check';

import {
	doNotCallSentence,
	judgeCallee,
	SKIP_CODES,
	skipOutput,
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
