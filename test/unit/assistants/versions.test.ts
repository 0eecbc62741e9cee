import {
	promptText,
	resolveLive,
	subscriptionList,
	usedPromptVariables,
} from '../../../nodes/shared/assistants/versions';

const detail = (prompt: string | null) => ({
	agent_config: {
		agent_prompt: prompt === null ? null : { prompt_sections: [{ section_content: prompt }] },
	},
});
const agent = (active: string | null, traffic: Record<string, number>) => ({
	active_agent_version_id: active,
	ab_versions: Object.fromEntries(
		Object.entries(traffic).map(([id, t]) => [id, { slug: id, call_traffic: t }]),
	),
	version_details: Object.fromEntries(Object.keys(traffic).map((id) => [id, detail(`@{{${id}}}`)])),
});

describe('resolveLive', () => {
	test.each([
		['declared', agent('b', { a: 0, b: 100 }), 'active', 'b', ['b']],
		['most traffic', agent(null, { a: 10, b: 60, c: 30 }), 'traffic', 'b', ['a', 'b', 'c']],
		[
			'a tie at the top is ambiguous',
			agent(null, { a: 40, b: 40, c: 20 }),
			'ambiguous',
			undefined,
			['a', 'b', 'c'],
		],
		['only one version', agent(null, { a: 0 }), 'only', 'a', ['a']],
		['no traffic, two versions', agent(null, { a: 0, b: 0 }), 'ambiguous', undefined, ['a', 'b']],
		[
			'an active id that is not a version falls back to traffic',
			agent('zz', { a: 70, b: 30 }),
			'traffic',
			'a',
			['a', 'b'],
		],
	])('%s', (_name, record, resolution, liveId, taking) => {
		const live = resolveLive(record);
		expect(live.resolution).toBe(resolution);
		expect(live.live?.version_id).toBe(liveId);
		expect(live.taking_calls.map((v) => v.version_id)).toEqual(taking);
	});
});

describe('readers of both shapes', () => {
	test('prompt: text as is, sections joined by a blank line, anything else none', () => {
		expect(promptText('Hi')).toBe('Hi');
		expect(
			promptText({
				prompt_sections: [
					{ section_content: 'A' },
					{ section_title: 'x' },
					{ section_content: 'B' },
				],
			}),
		).toBe('A\n\nB');
		expect(promptText(null)).toBeNull();
		expect(promptText({ sections: [] })).toBeNull();
	});

	test('subscriptions: the list; an old per-type object read as entries', () => {
		expect(subscriptionList([{ event_type: 'call_started', callback_url: 'u' }, null])).toEqual([
			{ event_type: 'call_started', callback_url: 'u' },
		]);
		expect(subscriptionList({ call_started: 'u', call_completed: null })).toEqual([
			{ event_type: 'call_started', callback_url: 'u' },
		]);
		expect(subscriptionList(undefined)).toEqual([]);
	});
});

describe('usedPromptVariables: what a call with the assistant fills', () => {
	const withIntro = (record: Record<string, any>, id: string, intro: string) => {
		record.version_details[id].agent_config.intro_message = intro;
		return record;
	};

	test('flat: the prompt and the intro message, each name once, prompt first', () => {
		expect(
			usedPromptVariables({
				agent_config: {
					agent_prompt: 'Remind @{{callee_name}} of @{{date}} at @{{time}}.',
					intro_message: '<p>Hi @{{callee_name}}, this is @{{clinic}}.</p>',
				},
			}),
		).toEqual({ variables: ['callee_name', 'date', 'time', 'clinic'] });
	});

	test('versioned: the live version; a chosen version; every version with traffic', () => {
		expect(usedPromptVariables(withIntro(agent('b', { a: 0, b: 100 }), 'b', 'Hi @{{n}}'))).toEqual({
			variables: ['b', 'n'],
		});
		expect(usedPromptVariables(agent('b', { a: 0, b: 100 }), 'a')).toEqual({ variables: ['a'] });
		expect(usedPromptVariables(agent(null, { a: 50, b: 50, c: 0 }))).toEqual({
			variables: ['a', 'b'],
		});
	});

	test('cannot tell: multi_node, a prompt that is null, a version that is not there', () => {
		const multi = { ...agent('a', { a: 100 }), orchestration_mode: 'multi_node' };
		expect(usedPromptVariables(multi)).toEqual({
			variables: undefined,
			note: expect.stringContaining('multi_node assistant'),
		});
		const noPrompt = {
			active_agent_version_id: 'a',
			version_details: { a: detail(null) },
		};
		expect(usedPromptVariables(noPrompt)).toEqual({
			variables: undefined,
			note: "the assistant's prompt cannot be read, so the variables it uses were not checked",
		});
		expect(usedPromptVariables(agent('a', { a: 100 }), 'zz')).toEqual({
			variables: undefined,
			note: 'the assistant has no version zz, so the variables it uses were not checked',
		});
		// A prompt with no placeholders is known to use none.
		expect(usedPromptVariables({ agent_config: { agent_prompt: 'Hello.' } })).toEqual({
			variables: [],
		});
	});
});
