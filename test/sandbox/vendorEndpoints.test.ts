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
useSandbox((started) => ({ sb, api } = started));

const CAMPAIGN_6 = 'e5e5e5e5-0000-4000-8000-000000000006';

describe('GET /agent/{agent_id}', () => {
	test('answers {agents: {...}} in the documented shape', async () => {
		const res = await api.get(`/agent/${AGENT_1}`);
		expect(res.status).toBe(200);
		expect(res.body.agents).toMatchObject({
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
				intro_message: expect.stringContaining('Hi @{{callee_name}}'),
				custom_variables: ['clinic', 'date', 'time'],
			},
			knowledge_base_id: KB_1,
			knowledge_base_name: 'Clinic FAQ',
			whitelisted_domains: ['https://clinic.example.com'],
			created_at: expect.stringMatching(/Z$/),
			updated_at: expect.stringMatching(/Z$/),
			event_subscriptions: {
				call_started: null,
				call_completed: null,
				recording_completed: null,
				platform_analysis_completed: null,
				client_analysis_completed: null,
				all_processing_completed: null,
			},
		});
		const preview = await fetch(res.body.agents.voice.voice_preview);
		expect(preview.headers.get('content-type')).toBe('audio/wav');
	});

	test('reflects edits of PATCH /agent/v1, with a new updated_at', async () => {
		const before = (await api.get(`/agent/${AGENT_1}`)).body.agents;
		sb.advance(60_000);
		await api.patch('/agent/v1', {
			operation: 'edit_prompt',
			agent_id: AGENT_1,
			agent_prompt: 'New.',
		});
		await api.patch('/agent/v1', {
			operation: 'edit_voice',
			agent_id: AGENT_1,
			voice_id: VOICE_KABIR,
			language: 'en-IN',
		});
		const after = (await api.get(`/agent/${AGENT_1}`)).body.agents;
		expect(after.agent_config.agent_prompt).toBe('New.');
		expect(after.voice).toMatchObject({ id: VOICE_KABIR, name: 'Kabir' });
		expect(after.language).toBe('en-IN');
		expect(after.updated_at).toBe('2025-06-02T08:01:00.000Z');
		expect(after.updated_at).not.toBe(before.updated_at);
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

	test('GET /agent/all still pages, and stays apart from /agent/{id}', async () => {
		const all = [];
		for (let offset = 0; ; offset += 3) {
			const page = (await api.get(`/agent/all?limit=3&offset=${offset}`)).body.agents;
			all.push(...page);
			if (page.length < 3) break;
		}
		expect(all.map((a: any) => a.id)).toEqual(
			[1, 2, 3, 4].map((n) => `a1a1a1a1-0000-4000-8000-00000000000${n}`),
		);
		expect((await api.get('/agent/all?offset=-1')).status).toBe(400);
	});
});

describe('GET /agent/voices', () => {
	test('lists the voices that speak a language, each usable by edit_voice', async () => {
		const res = await api.get('/agent/voices?language=hi-IN');
		expect(res.status).toBe(200);
		expect(res.body.voices.map((v: any) => v.name)).toEqual(['Kabir', 'Rohan']);
		expect(res.body.voices[0]).toEqual({
			id: VOICE_KABIR,
			name: 'Kabir',
			gender: 'male',
			language: 'hi-IN',
			languages: ['en-IN', 'hi-IN', 'mr-IN', 'gu-IN'],
			voice_preview: `${sb.recordingOrigin}/voices/${VOICE_KABIR}/preview.wav`,
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
	test('shows the credits, which go down by the cost of each completed call', async () => {
		const first = (await api.get('/workspace')).body.workspace;
		expect(first).toMatchObject({
			id: expect.any(String),
			name: 'Sandbox Clinic Group',
			credits_granted: 5000,
		});
		expect(first.credits + first.credits_used).toBeCloseTo(5000, 4);
		const start = await api.post('/calling/outbound/individual', callBody());
		sb.advance(120_000);
		const cost = sb.call(start.body.data.call_id)!.call_cost!;
		expect(cost).toBeGreaterThan(0);
		const after = (await api.get('/workspace')).body.workspace;
		expect(after.credits).toBeCloseTo(first.credits - cost, 4);
		expect((await api.get('/workspace', { key: 'wrong' })).status).toBe(401);
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
