import fc from 'fast-check';

import {
	asPlaceholders,
	missingPromptVariables,
	missingVariablesText,
	placeholderWarnings,
	promptPlaceholders,
	unknownPlaceholders,
	variablesOfTheCall,
} from '../../../nodes/shared/assistants/promptVariables';

describe('promptPlaceholders', () => {
	test.each([
		['', []],
		['no placeholders {{ here }} or @{ here }', []],
		['Hi @{{name}}', ['name']],
		['@{{ a }} @{{b}} @{{a}} @{{c_1}}', ['a', 'b', 'c_1']],
		['@{{two words}} @{{}} @{{ ok }}', ['ok']],
		['mail me at x@{{domain}}.com', ['domain']],
		['{{name}} is not ours, @{{ name }} is', ['name']],
	])('%j -> %j', (prompt, names) => {
		expect(promptPlaceholders(prompt)).toEqual(names);
	});
});

describe('unknownPlaceholders / placeholderWarnings', () => {
	const prompt = 'Call @{{customer}} about @{{plan}}, due @{{due}}.';

	test('lists the placeholders missing from the known names, in prompt order', () => {
		expect(unknownPlaceholders(prompt, ['plan'])).toEqual(['customer', 'due']);
		expect(unknownPlaceholders(prompt, ['due', 'plan', 'customer', 'extra'])).toEqual([]);
		expect(unknownPlaceholders(prompt, [])).toEqual(['customer', 'plan', 'due']);
	});

	test('no known list means no check', () => {
		expect(placeholderWarnings(prompt, undefined)).toEqual([]);
	});

	test('names are compared exactly (case matters)', () => {
		expect(unknownPlaceholders('@{{Plan}}', ['plan'])).toEqual(['Plan']);
	});

	test('one readable warning per unknown placeholder', () => {
		expect(placeholderWarnings(prompt, ['customer'])).toEqual([
			'The prompt uses @{{plan}}, which is not among the Known Custom Variables (customer). Add it with Update Custom Variables and pass a value for it when starting calls, or it may stay unfilled.',
			'The prompt uses @{{due}}, which is not among the Known Custom Variables (customer). Add it with Update Custom Variables and pass a value for it when starting calls, or it may stay unfilled.',
		]);
		expect(placeholderWarnings('@{{x}}', [])[0]).toContain('(none given)');
	});
});

describe('missingPromptVariables', () => {
	test('the used names not given, in the order used, each once', () => {
		expect(missingPromptVariables(['clinic', 'date', 'time'], ['name', 'phone', 'city'])).toEqual([
			'clinic',
			'date',
			'time',
		]);
		expect(missingPromptVariables(['clinic', 'date', 'clinic'], new Set(['date']))).toEqual([
			'clinic',
		]);
		expect(missingPromptVariables(['a'], ['a', 'b'])).toEqual([]);
		expect(missingPromptVariables([], ['a'])).toEqual([]);
		// Any iterable of names: a Map's keys, as a row's variables are read.
		expect(missingPromptVariables(['a', 'b'], new Map([['b', 1]]).keys())).toEqual(['a']);
	});

	test('property: a name is missing exactly when it is used and not given', () => {
		const name = fc.constantFrom<string>('a', 'b', 'c', 'callee_name', 'mobile_number', 'x y');
		fc.assert(
			fc.property(fc.array(name), fc.array(name), (used, given) => {
				const missing = missingPromptVariables(used, given);
				expect(new Set(missing).size).toBe(missing.length);
				for (const n of new Set(used)) expect(missing.includes(n)).toBe(!given.includes(n));
				expect(missing.every((n) => used.includes(n))).toBe(true);
				// In the order of first use.
				expect(missing).toEqual([...new Set(used)].filter((n) => missing.includes(n)));
			}),
		);
	});

	test('what the service fills from the call: the number, and the name when there is one', () => {
		expect(variablesOfTheCall({ name: 'Ada', mobile_number: '+14155550100' })).toEqual([
			'callee_name',
			'mobile_number',
		]);
		expect(variablesOfTheCall({ name: ' ', mobile_number: '+14155550100' })).toEqual([
			'mobile_number',
		]);
		expect(variablesOfTheCall({})).toEqual([]);
	});

	test('the words name each placeholder as the prompt writes it', () => {
		expect(asPlaceholders(['clinic', 'date'])).toBe('@{{clinic}}, @{{date}}');
		expect(missingVariablesText(['clinic'], ['callee_name', 'clinic'])).toBe(
			'the assistant uses @{{clinic}} but this row gives no value for it (its prompt and intro use @{{callee_name}}, @{{clinic}})',
		);
		expect(missingVariablesText(['a', 'b'], ['a', 'b'])).toBe(
			'the assistant uses @{{a}}, @{{b}} but this row gives no value for them (its prompt and intro use @{{a}}, @{{b}})',
		);
	});
});
