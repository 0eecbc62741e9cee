/** POST /public/agent (vendor reference): validation, the mismatch body, the new assistant read back. */
import type { Sandbox } from '../../sandbox';
import { useSandbox } from '../helpers/sandbox';
import { VOICE_ARIA, VOICE_KABIR, VOICE_ROHAN, UNKNOWN_UUID, type Client } from './helpers';

let sb: Sandbox;
let api: Client;
useSandbox((started) => ({ sb, api } = started));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const body = (over: Record<string, unknown> = {}) => ({
	agent_name: 'Dental Reminder',
	introduction_and_objective: 'You are Maya from Acme Dental.',
	response_guidelines: 'Be brief.',
	task: 'Confirm the appointment on @{{date}}.',
	intro_message: 'Hi @{{callee_name}}, Maya here.',
	primary_language: 'en-US',
	voice_id: VOICE_ARIA,
	...over,
});

const invalid = (message: string, code = 'invalid_parameter') => ({
	success: false,
	error: { code, message },
});

describe('POST /public/agent', () => {
	test('creates an outbound assistant, listed and readable in both shapes', async () => {
		const before = sb.store.now();
		const res = await api.post('/public/agent', body({ custom_variables: ['date'] }));
		expect(res.status).toBe(200);
		const id = res.body.data.id;
		expect(id).toMatch(UUID);
		expect(res.body).toEqual({
			success: true,
			data: { id, version: 'v1', created_at: new Date(before).toISOString() },
			message: 'Agent created successfully',
		});

		const list = await api.get('/agent/all?limit=100&offset=0');
		expect(list.body.data.agents.find((a: any) => a.id === id)).toEqual({
			id,
			agent_display_name: 'Dental Reminder',
			agent_type: 'outbound',
			created_at: new Date(before).toISOString(),
			updated_at: new Date(before).toISOString(),
			call_count: 0,
			tools: [],
			is_archived: false,
			secondary_language: null,
			secondary_voice_id: null,
			orchestration_mode: 'single_node',
		});

		const live = (await api.get(`/agent/${id}`)).body.agents;
		const vid = live.active_agent_version_id;
		expect(live).toMatchObject({ id, agent_display_name: 'Dental Reminder', is_ab_live: false });
		expect(live.version_details[vid]).toMatchObject({
			version_slug: 'v1',
			language: 'en-US',
			secondary_language: null,
			voice: { id: VOICE_ARIA, name: 'Aria' },
			agent_config: {
				custom_variables: ['callee_name', 'mobile_number', 'date'],
				intro_message: '<p>Hi @{{callee_name}}, Maya here.</p>',
				agent_prompt: {
					prompt_sections: [
						{
							section_title: 'Instructions',
							section_content:
								'You are Maya from Acme Dental.\n\nBe brief.\n\nConfirm the appointment on @{{date}}.',
						},
					],
				},
			},
		});

		sb.store.shape = 'docs';
		const flat = (await api.get(`/agent/${id}`)).body.agents;
		expect(flat).toMatchObject({
			id,
			agent_type: 'outbound',
			language: 'en-US',
			voice: { id: VOICE_ARIA },
			agent_config: { custom_variables: ['callee_name', 'mobile_number', 'date'] },
		});
	});

	test.each([
		['inbound', []],
		['outbound_inbound', ['callee_name', 'mobile_number']],
	])('a %s assistant gets %j before its own variables', async (agent_type, always) => {
		const res = await api.post(
			'/public/agent',
			body({ agent_type, custom_variables: ['mobile_number', 'city'] }),
		);
		expect(res.status).toBe(200);
		const stored = sb.store.agents.get(res.body.data.id);
		expect(stored.agent_type).toBe(agent_type);
		expect(stored.versions[0].custom_variables).toEqual([
			...new Set([...always, 'mobile_number', 'city']),
		]);
	});

	test('optional fields: FAQ and samples join the prompt, the secondary language is kept', async () => {
		const res = await api.post(
			'/public/agent',
			body({
				primary_language: 'hi-IN',
				voice_id: VOICE_KABIR,
				secondary_language: 'bn-IN',
				faq: 'Q: Open?\nA: Yes.',
				sample_conversations: 'Bot: Hi\nUser: Hello',
			}),
		);
		expect(res.status).toBe(200);
		const v = sb.store.agents.get(res.body.data.id).versions[0];
		expect(v.language).toBe('hi-IN');
		expect(v.secondary_language).toBe('bn-IN');
		expect(v.agent_prompt).toBe(
			'You are Maya from Acme Dental.\n\nBe brief.\n\nConfirm the appointment on @{{date}}.\n\nQ: Open?\nA: Yes.\n\nBot: Hi\nUser: Hello',
		);
	});

	test('a voice that does not speak the language: 400 VOICE_LANGUAGE_MISMATCH, nothing created', async () => {
		const count = sb.store.agents.size;
		const res = await api.post('/public/agent', body({ voice_id: VOICE_ROHAN }));
		expect(res.status).toBe(400);
		expect(res.body).toEqual(
			invalid("Voice does not support language 'en-US'", 'VOICE_LANGUAGE_MISMATCH'),
		);
		expect(sb.store.agents.size).toBe(count);
	});

	test.each([
		['no agent_name', { agent_name: undefined }, "'agent_name' is required"],
		['blank task', { task: '  ' }, "'task' must not be empty"],
		['a number as intro', { intro_message: 5 }, "'intro_message' must be a string"],
		[
			'101-character name',
			{ agent_name: 'x'.repeat(101) },
			"'agent_name' must be at most 100 characters",
		],
		[
			'2001-character objective',
			{ introduction_and_objective: 'é'.repeat(2001) },
			"'introduction_and_objective' must be at most 2000 characters",
		],
		[
			'3001-character guidelines',
			{ response_guidelines: 'x'.repeat(3001) },
			"'response_guidelines' must be at most 3000 characters",
		],
		['1501-character task', { task: 'x'.repeat(1501) }, "'task' must be at most 1500 characters"],
		[
			'501-character intro',
			{ intro_message: 'x'.repeat(501) },
			"'intro_message' must be at most 500 characters",
		],
		['5001-character faq', { faq: 'x'.repeat(5001) }, "'faq' must be at most 5000 characters"],
		[
			'5001-character samples',
			{ sample_conversations: 'x'.repeat(5001) },
			"'sample_conversations' must be at most 5000 characters",
		],
		[
			'an edit-only language',
			{ primary_language: 'gu-IN' },
			"'primary_language' must be one of en-US, en-IN, hi-IN, ta-IN, te-IN, bn-IN, mr-IN, kn-IN, ka-IN",
		],
		[
			'a bad secondary language',
			{ secondary_language: 'ar-AE' },
			"'secondary_language' must be one of en-US, en-IN, hi-IN, ta-IN, te-IN, bn-IN, mr-IN, kn-IN, ka-IN",
		],
		['no voice', { voice_id: undefined }, "'voice_id' is required"],
		['a voice that is no UUID', { voice_id: 'aria' }, "'voice_id' must be a valid UUID"],
		['an unknown voice', { voice_id: UNKNOWN_UUID }, 'Voice not found'],
		[
			'a bad type',
			{ agent_type: 'both' },
			"'agent_type' must be one of inbound, outbound, outbound_inbound",
		],
		[
			'variables not a list',
			{ custom_variables: 'a,b' },
			"'custom_variables' must be a list of strings",
		],
		[
			'a bad variable name',
			{ custom_variables: ['two words'] },
			"Invalid variable name 'two words'",
		],
	])('%s -> 400', async (_name, over, message) => {
		const count = sb.store.agents.size;
		const res = await api.post('/public/agent', body(over));
		expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: invalid(message) });
		expect(sb.store.agents.size).toBe(count);
	});

	test('exactly the maximum lengths are accepted', async () => {
		const res = await api.post(
			'/public/agent',
			body({
				agent_name: 'x'.repeat(100),
				introduction_and_objective: 'x'.repeat(2000),
				response_guidelines: 'x'.repeat(3000),
				task: 'x'.repeat(1500),
				intro_message: 'x'.repeat(500),
				faq: 'x'.repeat(5000),
				sample_conversations: 'x'.repeat(5000),
			}),
		);
		expect(res.status).toBe(200);
	});

	test('voices are listed for the create-only languages too', async () => {
		const res = await api.get('/agent/voices?language=bn-IN');
		expect(res).toMatchObject({ status: 200, body: { voices: [] } });
	});
});
