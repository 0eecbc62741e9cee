import {
	placeholderWarnings,
	promptPlaceholders,
	unknownPlaceholders,
} from '../../nodes/shared/promptVariables';

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
