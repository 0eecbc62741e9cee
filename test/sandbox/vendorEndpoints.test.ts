import type { Sandbox } from '../../sandbox';
import {
	AGENT_1,
	AGENT_2,
	KB_1,
	UNKNOWN_UUID,
	VOICE_ARIA,
	VOICE_KABIR,
	callBody,
	type Client,
} from './helpers';
import { useSandbox } from '../helpers/sandbox';

/** Endpoints the vendor documents beyond the API contract: assistant, voices, workspace, terminate. */

let sb: Sandbox;
let api: Client;
// These read the history without dates: the reading where that means no bound.
useSandbox((started) => ({ sb, api } = started), { historyDates: 'current' });

const CAMPAIGN_6 = 'e5e5e5e5-0000-4000-8000-000000000006';

const AGENT_AB = 'a1a1a1a1-0000-4000-8000-000000000005';
const AGENT_SPLIT = 'a1a1a1a1-0000-4000-8000-000000000006';
const AGENT_MULTI = 'a1a1a1a1-0000-4000-8000-000000000007';
const version = (n: number) => `a7a7a7a7-0000-4000-8000-00000000000${n}`;

describe('GET /agent/{agent_id}, live: versioned', () => {
	test('a plain assistant: one active version holding the configuration', async () => {
		const res = await api.get(`/agent/${AGENT_1}`);
		expect(res.status).toBe(200);
		const a = res.body.agents;
		const vid = sb.store.agents.get(AGENT_1).versions[0].version_id;
		expect(a).toEqual({
			id: AGENT_1,
			agent_display_name: 'Appointment Reminder',
			agent_type: 'outbound',
			orchestration_mode: 'single_node',
			form_fields: [],
			classification_labels: ['confirmed', 'reschedule', 'declined'],
			is_ab_live: false,
			active_agent_version_id: vid,
			ab_versions: { [vid]: { slug: 'v1', description: null, call_traffic: 100 } },
			version_details: {
				[vid]: {
					version_id: vid,
					version_slug: 'v1',
					language: 'en-US',
					secondary_language: null,
					secondary_voice_id: null,
					voice: {
						id: VOICE_ARIA,
						name: 'Aria',
						voice_preview: `${sb.recordingOrigin}/voices/${VOICE_ARIA}/preview.wav`,
					},
					whitelisted_domains: ['https://clinic.example.com'],
					tools: [],
					knowledge_bases: [{ id: KB_1, name: 'Clinic FAQ' }],
					event_subscriptions: [],
					agent_config: {
						agent_prompt: {
							prompt_sections: [
								{
									section_title: 'Instructions',
									section_content: expect.stringContaining('You are Maya from @{{clinic}}'),
								},
							],
						},
						custom_variables: ['clinic', 'date', 'time'],
						intro_message: '<p>Hi @{{callee_name}}, this is Maya calling from @{{clinic}}.</p>',
						vocab: [],
						voice_speed: 1,
					},
				},
			},
		});
		const preview = await fetch(a.version_details[vid].voice.voice_preview);
		expect(preview.headers.get('content-type')).toBe('audio/wav');
	});

	test('A/B tests: no active version; ab_versions carry the traffic (80/20 and 50/50)', async () => {
		const ab = (await api.get(`/agent/${AGENT_AB}`)).body.agents;
		expect(ab).toMatchObject({ is_ab_live: true, active_agent_version_id: null });
		expect(ab.ab_versions).toEqual({
			[version(1)]: { slug: 'control', description: 'Current script', call_traffic: 20 },
			[version(2)]: {
				slug: 'discount-first',
				description: 'Leads with the discount',
				call_traffic: 80,
			},
		});
		expect(ab.version_details[version(2)].agent_config.custom_variables).toEqual([
			'policy_id',
			'discount',
		]);
		const split = (await api.get(`/agent/${AGENT_SPLIT}`)).body.agents;
		expect(Object.values(split.ab_versions).map((v: any) => v.call_traffic)).toEqual([50, 50]);
		expect(split.active_agent_version_id).toBeNull();
	});

	test('multi_node: no prompt, no knowledge_bases even with one attached', async () => {
		const multi = (await api.get(`/agent/${AGENT_MULTI}`)).body.agents;
		expect(multi).toMatchObject({
			orchestration_mode: 'multi_node',
			active_agent_version_id: version(5),
		});
		const d = multi.version_details[version(5)];
		expect(d.agent_config.agent_prompt).toBeNull();
		expect(d).not.toHaveProperty('knowledge_bases');
		expect(sb.store.agents.get(AGENT_MULTI).versions[0].kb_ids).toEqual([KB_1]);
	});

	test('edits change the version named by version_id, else the active one; updated_at moves', async () => {
		sb.advance(60_000);
		await api.patch('/agent/v1', {
			operation: 'edit_voice',
			agent_id: AGENT_1,
			voice_id: VOICE_KABIR,
			language: 'en-IN',
		});
		const plain = (await api.get(`/agent/${AGENT_1}`)).body.agents;
		expect(plain.version_details[plain.active_agent_version_id]).toMatchObject({
			voice: { id: VOICE_KABIR, name: 'Kabir' },
			language: 'en-IN',
		});
		const edit = await api.patch('/agent/v1', {
			operation: 'edit_prompt',
			agent_id: AGENT_AB,
			version_id: version(1),
			agent_prompt: 'Only the control changes.',
		});
		expect(edit.body).toEqual({ message: 'Agent updated successfully!', agent_id: AGENT_AB });
		const ab = (await api.get(`/agent/${AGENT_AB}`)).body.agents;
		const text = (n: number) =>
			ab.version_details[version(n)].agent_config.agent_prompt.prompt_sections[0].section_content;
		expect(text(1)).toBe('Only the control changes.');
		expect(text(2)).toMatch(/discount/);
		const bad = await api.patch('/agent/v1', {
			operation: 'edit_prompt',
			agent_id: AGENT_AB,
			version_id: version(3),
			agent_prompt: 'x',
		});
		expect(bad.status).toBe(404);
		expect(bad.body.detail).toMatch(/Version .* not found/);
	});

	test('404 {detail} for an unknown assistant, 400 {detail} for a non-UUID, 401 without key', async () => {
		expect(await api.get(`/agent/${UNKNOWN_UUID}`)).toMatchObject({
			status: 404,
			body: { detail: 'Agent not found' },
		});
		const bad = await api.get('/agent/not-a-uuid');
		expect(bad.status).toBe(400);
		expect(bad.body.detail).toMatch(/valid UUID/);
		expect((await api.get(`/agent/${AGENT_1}`, { key: null })).status).toBe(401);
	});
});

describe('GET /agent/{agent_id}, reference: flat (shape switch)', () => {
	test('voice, language and agent_config at the root; the default version of an A/B test', async () => {
		sb.setShape('docs');
		const res = await api.get(`/agent/${AGENT_1}`);
		expect(res.body.agents).toEqual({
			id: AGENT_1,
			agent_display_name: 'Appointment Reminder',
			agent_type: 'outbound',
			language: 'en-US',
			secondary_language: null,
			voice: {
				id: VOICE_ARIA,
				name: 'Aria',
				voice_preview: `${sb.recordingOrigin}/voices/${VOICE_ARIA}/preview.wav`,
			},
			secondary_voice_id: null,
			agent_config: {
				agent_prompt: expect.stringContaining('You are Maya'),
				intro_message: 'Hi @{{callee_name}}, this is Maya calling from @{{clinic}}.',
				custom_variables: ['clinic', 'date', 'time'],
			},
			whitelisted_domains: ['https://clinic.example.com'],
			voice_speed: 1,
			event_subscriptions: [],
			created_at: expect.stringMatching(/Z$/),
			updated_at: expect.stringMatching(/Z$/),
		});
		const ab = (await api.get(`/agent/${AGENT_AB}`)).body.agents;
		expect(ab.agent_config.custom_variables).toEqual(['policy_id', 'discount']);
		// The switch is also a control endpoint, for a sandbox run from the command line.
		const ctl = await fetch(`${sb.origin}/__sandbox/shape`, {
			method: 'POST',
			body: JSON.stringify({ shape: 'live' }),
		});
		expect(await ctl.json()).toEqual({ shape: 'live' });
		expect((await api.get(`/agent/${AGENT_1}`)).body.agents.version_details).toBeDefined();
	});
});

describe('GET /agent/all', () => {
	test('{status, data: {agents}}, pages; live rows without custom_variables, reference rows with', async () => {
		const all = [];
		for (let offset = 0; ; offset += 3) {
			const res = await api.get(`/agent/all?limit=3&offset=${offset}`);
			expect(res.body.status).toBe('success');
			all.push(...res.body.data.agents);
			if (res.body.data.agents.length < 3) break;
		}
		expect(all.map((a: any) => a.id)).toEqual(
			[1, 2, 3, 4, 5, 6, 7].map((n) => `a1a1a1a1-0000-4000-8000-00000000000${n}`),
		);
		expect(all[0]).toEqual({
			id: AGENT_1,
			agent_display_name: 'Appointment Reminder',
			agent_type: 'outbound',
			created_at: expect.stringMatching(/Z$/),
			updated_at: expect.stringMatching(/Z$/),
			call_count: expect.any(Number),
			tools: [],
			is_archived: false,
			secondary_language: null,
			secondary_voice_id: null,
			orchestration_mode: 'single_node',
		});
		expect(all[0].call_count).toBeGreaterThan(0);
		sb.setShape('docs');
		const docs = (await api.get('/agent/all?limit=1')).body.data.agents[0];
		expect(docs.custom_variables).toEqual(['clinic', 'date', 'time']);
		expect(docs).not.toHaveProperty('orchestration_mode');
		expect((await api.get('/agent/all?offset=-1')).status).toBe(400);
	});
});

describe('GET /agent/voices', () => {
	test('lists the voices that speak a language, each usable by edit_voice', async () => {
		const res = await api.get('/agent/voices?language=hi-IN');
		expect(res.status).toBe(200);
		expect(res.body.voices.map((v: any) => v.name)).toEqual(['Kabir', 'Rohan']);
		const preview = `${sb.recordingOrigin}/voices/${VOICE_KABIR}/preview.wav`;
		expect(res.body.voices[0]).toEqual({
			id: VOICE_KABIR,
			name: 'Kabir',
			languages: ['en-IN', 'hi-IN', 'mr-IN', 'gu-IN'],
			voice_previews: { 'en-IN': preview, 'hi-IN': preview, 'mr-IN': preview, 'gu-IN': preview },
			gender: 'male',
		});
		for (const language of ['en-US', 'ta-IN', 'ar-AE']) {
			const listed = new Set(
				(await api.get(`/agent/voices?language=${language}`)).body.voices.map((v: any) => v.id),
			);
			for (const voice of sb.store.voices.values()) {
				const edit = await api.patch('/agent/v1', {
					operation: 'edit_voice',
					agent_id: AGENT_2,
					voice_id: voice.id,
					language,
				});
				expect([voice.name, language, edit.status]).toEqual([
					voice.name,
					language,
					listed.has(voice.id) ? 200 : 400,
				]);
			}
		}
	});

	test('a missing or unknown language is 400 {detail}', async () => {
		expect(await api.get('/agent/voices')).toMatchObject({
			status: 400,
			body: { detail: "'language' is required" },
		});
		const res = await api.get('/agent/voices?language=fr-FR');
		expect(res.status).toBe(400);
		expect(res.body.detail).toMatch(/^Unsupported language 'fr-FR'/);
	});
});

describe('GET /workspace', () => {
	test('{workspace_info} with the credits, which go down by the cost of each completed call', async () => {
		const first = (await api.get('/workspace')).body;
		expect(first).toEqual({
			workspace_info: {
				id: '09090909-0000-4000-8000-000000000001',
				name: 'Sandbox Clinic Group',
				created_at: expect.stringMatching(/Z$/),
				credits: expect.any(Number),
				locked_credits: 0,
			},
		});
		const before = first.workspace_info.credits;
		const start = await api.post('/calling/outbound/individual', callBody());
		sb.advance(120_000);
		const cost = sb.call(start.body.data.call_id)!.call_cost!;
		expect(cost).toBeGreaterThan(0);
		const after = (await api.get('/workspace')).body.workspace_info;
		expect(after.credits).toBeCloseTo(before - cost, 4);
		expect((await api.get('/workspace', { key: 'wrong' })).status).toBe(401);
	});

	test('the older reference shape also carried the api_key (shape switch)', async () => {
		sb.setShape('docs');
		expect((await api.get('/workspace')).body.workspace_info.api_key).toBe(sb.apiKey);
	});
});

describe('PATCH /campaign/terminate', () => {
	const terminate = (body: unknown) => api.patch('/campaign/terminate', body);
	const scheduled = (number: string, at = '2025-06-03T09:00:00') =>
		callBody({
			mobile_number: number,
			call_config: { call_time: { scheduled_at: at, timezone: 'UTC' } },
		});
	const place = async (body: Record<string, unknown>) =>
		(await api.post('/calling/outbound/individual', body)).body.data.call_id as string;

	test('cancels scheduled calls and calls waiting for retry; ongoing and finished ones stay', async () => {
		const later = await place(scheduled('+14155552001'));
		const retrying = await place(
			callBody({
				mobile_number: '+14155552013',
				call_config: { call_retry_config: { retry_not_picked: 2 } },
			}),
		);
		const ongoing = await place(callBody({ mobile_number: '+14155552002' }));
		const past = sb.store.calls.find((c: any) => c.status === 'completed').id;
		sb.advance(31_000); // the no-answer attempt ended: waiting for its retry
		expect(sb.call(retrying)!.status).toBe('retry');
		expect(sb.call(ongoing)!.status).toBe('ongoing');

		const res = await terminate({ call_ids: [later, retrying, ongoing, past, UNKNOWN_UUID] });
		expect(res).toMatchObject({ status: 200, body: { message: 'Calls terminated successfully!' } });
		for (const id of [later, retrying]) {
			const d = (await api.get(`/calling/call-details?id=${id}`)).body.data;
			expect(d).toMatchObject({
				call_status: 'cancelled',
				recording_url: null,
				next_attempt_time: null,
			});
		}
		expect(sb.call(ongoing)!.status).toBe('ongoing');
		expect(sb.call(past)!.status).toBe('completed');
		const history = (await api.get('/calling/history?status=cancelled')).body;
		expect(history.calls.map((c: any) => c.id).sort()).toEqual([later, retrying].sort());

		sb.advance(2 * 86_400_000); // they never ring
		expect(sb.call(later)).toMatchObject({ status: 'cancelled', attempts: 0 });
		expect(sb.call(retrying)).toMatchObject({ status: 'cancelled', attempts: 1 });
		expect((await terminate({ call_ids: [later] })).body).toEqual({
			detail: 'No terminable calls found',
		});
	});

	test('by agent_id, by campaign_id, by mobile_numbers (alone or within a campaign)', async () => {
		const a1 = await place(scheduled('+14155552003'));
		const a2 = await place(scheduled('+919876500001', '2025-06-04T09:00:00'));
		await api.post('/calling/outbound/individual', {
			...scheduled('+919876500002'),
			agent_id: AGENT_2,
			from_number: '+919876543210',
		});
		expect((await terminate({ agent_id: AGENT_1 })).status).toBe(200);
		expect([sb.call(a1)!.status, sb.call(a2)!.status]).toEqual(['cancelled', 'cancelled']);
		expect(sb.store.calls.filter((c: any) => c.status === 'registered')).toHaveLength(1);

		const [c1, c2, c3] = sb.queueCampaignCalls(CAMPAIGN_6, {
			contacts: [
				{ mobile_number: '+14155553001' },
				{ mobile_number: '+14155553002' },
				{ mobile_number: '+14155553003' },
			],
		});
		expect(
			(await terminate({ campaign_id: CAMPAIGN_6, mobile_numbers: ['+14155553002'] })).status,
		).toBe(200);
		expect([c1, c2, c3].map((c) => c.status)).toEqual(['registered', 'cancelled', 'registered']);
		expect((await terminate({ mobile_numbers: ['+14155553003'] })).status).toBe(200);
		expect((await terminate({ campaign_id: CAMPAIGN_6 })).status).toBe(200);
		expect([c1, c3].map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
		expect(await terminate({ campaign_id: CAMPAIGN_6 })).toMatchObject({
			status: 400,
			body: { detail: 'No terminable calls found' },
		});
	});

	test.each([
		['no field', {}, /^Send one of agent_id, call_ids, campaign_id, mobile_numbers$/],
		['two fields', { agent_id: AGENT_1, call_ids: [UNKNOWN_UUID] }, /Send only one of/],
		['agent and campaign', { agent_id: AGENT_1, campaign_id: CAMPAIGN_6 }, /Send only one of/],
		['unknown field', { call_id: UNKNOWN_UUID }, /Unknown field 'call_id'/],
		['call_ids not a list', { call_ids: UNKNOWN_UUID }, /'call_ids' must be a list/],
		['call_ids with a number', { call_ids: [1] }, /'call_ids' must be a list of call UUIDs/],
		['empty call_ids', { call_ids: [] }, /must not be empty/],
		['101 call_ids', { call_ids: Array(101).fill(UNKNOWN_UUID) }, /at most 100 entries, got 101/],
		['number without +', { mobile_numbers: ['4155552000'] }, /E\.164/],
		['101 numbers', { mobile_numbers: Array(101).fill('+14155552000') }, /at most 100/],
		['agent_id not a UUID', { agent_id: 'x' }, /'agent_id' must be a valid UUID/],
		['campaign_id a number', { campaign_id: 6 }, /'campaign_id' must be a valid UUID/],
		['body a list', [UNKNOWN_UUID], /JSON object/],
	])('%s is 400 {detail}', async (_name, body, message) => {
		const res = await terminate(body);
		expect(res.status).toBe(400);
		expect(Object.keys(res.body)).toEqual(['detail']);
		expect(res.body.detail).toMatch(message);
	});

	test('100 entries are fine; unknown agent or campaign is 404; 401 is {detail}', async () => {
		expect((await terminate({ call_ids: Array(100).fill(UNKNOWN_UUID) })).body).toEqual({
			detail: 'No terminable calls found',
		});
		expect(await terminate({ agent_id: UNKNOWN_UUID })).toMatchObject({
			status: 404,
			body: { detail: 'Agent not found' },
		});
		expect(await terminate({ campaign_id: UNKNOWN_UUID })).toMatchObject({
			status: 404,
			body: { detail: 'Campaign not found' },
		});
		expect(
			await api.patch('/campaign/terminate', { agent_id: AGENT_1 }, { key: null }),
		).toMatchObject({
			status: 401,
			body: { detail: 'Invalid credentials' },
		});
	});
});

describe('DELETE /agent/{agent_id} (vendor schema)', () => {
	test('archives the assistant: the list shows it archived; a second delete is 404', async () => {
		const id = AGENT_2;
		const first = await api.call('DELETE', `/agent/${id}`);
		expect(first.status).toBe(200);
		expect(first.body).toEqual({ message: 'Agent deleted successfully!' });
		const list = await api.get('/agent/all?limit=100&offset=0');
		const row = list.body.data.agents.find((a: any) => a.id === id);
		expect(row.is_archived).toBe(true);
		expect((await api.call('DELETE', `/agent/${id}`)).status).toBe(404);
		expect((await api.call('DELETE', '/agent/not-a-uuid')).status).toBe(400);
	});
});
