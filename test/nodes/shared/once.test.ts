/**
 * Guarantees that hold under every n8n node setting and every answer: nothing acts twice
 * under n8n's own Retry On Fail, the key never follows a redirect, answers of the wrong shape
 * become clear errors.
 */
import nock from 'nock';

import { VoiceAgentApi } from '../../credentials/VoiceAgentApi.credentials';
import { VoiceAgentWorkspace } from '../../nodes/VoiceAgentWorkspace/VoiceAgentWorkspace.node';
import { API_KEY, BASE_URL, registerNodeType, runNode } from '../helpers/harness';
import { CALL } from '../helpers/fixtures';
import { sheetStart } from '../helpers/startParams';

registerNodeType('voiceAgentWorkspace', () => new VoiceAgentWorkspace());

const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const startParams = sheetStart();
// Fresh items for every run: n8n remembers what was sent per input item object.
const rows = () =>
	['+14155551001', '+14155551002', '+14155551003'].map((phone, n) => ({
		json: { name: `Row ${n}`, phone },
	}));

/** Records every start; the third number answers 500 (the call may have been placed). */
function startService() {
	const dialled: string[] = [];
	nock(BASE_URL)
		.post('/calling/outbound/individual')
		.times(100)
		.reply((_uri, body) => {
			const number = String((body as { mobile_number: string }).mobile_number);
			dialled.push(number);
			if (number.endsWith('3')) return [500, { detail: 'upstream failed' }];
			return [200, { message: 'ok', data: { call_id: CALL, call_status: 'registered' } }];
		});
	return dialled;
}

describe("n8n's Retry On Fail re-runs the whole node", () => {
	test('without Continue On Fail: every number is dialled once, the error stays', async () => {
		const dialled = startService();
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: rows(),
			settings: RETRY,
		});
		expect(dialled.sort()).toEqual(['+14155551001', '+14155551002', '+14155551003']);
		expect(error?.message).toBe('upstream failed');
		expect(String(error?.description)).toContain('it was not sent again');
	});

	test('with Continue On Fail (first item failing): still once per number', async () => {
		const dialled = startService();
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: rows().reverse(),
			settings: RETRY,
			continueOnFail: true,
		});
		expect(dialled.sort()).toEqual(['+14155551001', '+14155551002', '+14155551003']);
		expect(output.map((o) => [o.pairedItem, o.json.error ?? o.json.call_id])).toEqual([
			[{ item: 0 }, 'upstream failed'],
			[{ item: 1 }, CALL],
			[{ item: 2 }, CALL],
		]);
	});

	test('a 429 proves nothing was placed, so the retry may send the row again', async () => {
		let calls = 0;
		nock(BASE_URL)
			.post('/calling/outbound/individual')
			.times(20)
			.reply(() => {
				calls++;
				return calls <= 8
					? [429, { detail: 'slow down' }, { 'Retry-After': '0' }]
					: [200, { message: 'ok', data: { call_id: CALL } }];
			});
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: [rows()[0]],
			settings: RETRY,
		});
		expect(error).toBeUndefined();
		expect(calls).toBe(9);
		expect(output[0].json.call_id).toBe(CALL);
	});

	test('API Key → Regenerate answered 500 is sent once', async () => {
		let sent = 0;
		nock(BASE_URL)
			.patch('/workspace/api-key')
			.times(5)
			.reply(() => {
				sent++;
				return [500, { detail: 'boom' }];
			});
		const { error } = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'apiKey', operation: 'regenerate', confirm: true },
			settings: RETRY,
		});
		expect(sent).toBe(1);
		expect(error?.message).toBe('boom');
	});
});

describe('the same items through two nodes, or a new execution', () => {
	test('each Start node dials once for the same items; a rerun with new items dials again', async () => {
		const dialled = startService();
		const items = rows().slice(0, 2);
		await runNode({ type: 'voiceAgentCalling', parameters: startParams, items, nodeName: 'Call' });
		await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items,
			nodeName: 'Follow-up',
		});
		await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: rows().slice(0, 2),
		});
		expect(dialled).toEqual([
			'+14155551001',
			'+14155551002',
			'+14155551001',
			'+14155551002',
			'+14155551001',
			'+14155551002',
		]);
	});
});

describe('redirects are answered, never followed', () => {
	const elsewhere = () =>
		nock('https://elsewhere.example')
			.persist()
			.get(/.*/)
			.reply(200, { data: { stolen: true } })
			.post(/.*/)
			.reply(200, { data: { stolen: true } })
			.patch(/.*/)
			.reply(200, { new_api_key: 'from-elsewhere' });

	test.each([301, 302, 303, 307, 308])('%i on a read carries no key anywhere', async (status) => {
		const other = elsewhere();
		nock(BASE_URL)
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(status, '', { Location: 'https://elsewhere.example/steal' });
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error?.message).toBe(
			`The service answered GET /calling/call-details with a redirect (HTTP ${status}) to https://elsewhere.example`,
		);
		expect(other.isDone()).toBe(false);
		nock.cleanAll();
	});

	test('a 307 on Start re-posts nothing, a 308 on Regenerate outputs no foreign key', async () => {
		const other = elsewhere();
		nock(BASE_URL)
			.post('/calling/outbound/individual')
			.reply(307, '', { Location: 'https://elsewhere.example/calls' })
			.patch('/workspace/api-key')
			.reply(308, '', { Location: 'https://elsewhere.example/key' });
		const start = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: [rows()[0]],
		});
		expect(start.error?.message).toContain('with a redirect (HTTP 307)');
		const regen = await runNode({
			type: 'voiceAgentWorkspace',
			parameters: { resource: 'apiKey', operation: 'regenerate', confirm: true },
		});
		expect(regen.error?.message).toContain('with a redirect (HTTP 308)');
		expect(regen.output).toEqual([]);
		expect(other.isDone()).toBe(false);
	});
});

describe('answers of the wrong shape', () => {
	test.each([
		['text', 'Bad gateway page', 'should be a JSON object but is text'],
		['a list', [], 'should be a JSON object but is a list'],
	])('%s where an object belongs is a clear error', async (_what, body, problem) => {
		nock(BASE_URL)
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, body as object);
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error?.message).toBe(
			`Unexpected answer from the service: GET /calling/call-details ${problem}`,
		);
	});
});

describe('a start accepted with an odd answer', () => {
	test('fails its row with "may have been placed" and is never re-sent by Retry On Fail', async () => {
		let sent = 0;
		nock(BASE_URL)
			.post('/calling/outbound/individual')
			.times(5)
			.reply(() => {
				sent++;
				return [200, { message: 'ok', data: 'queued' }];
			});
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: startParams,
			items: [rows()[0]],
			settings: RETRY,
		});
		expect(sent).toBe(1);
		expect(error?.message).toBe(
			'Unexpected answer from the service: POST /calling/outbound/individual: data should be an object but is text',
		);
		expect(String(error?.description)).toContain('The call may have been placed');
	});
});

describe('the key in an echoed error body', () => {
	test('is removed before the message is cut, so no part of it leaks', async () => {
		const text = `${'x'.repeat(490)}${API_KEY} tail`;
		nock(BASE_URL).get('/calling/call-details').query({ id: CALL }).reply(400, text);
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error?.message).toBe(`${'x'.repeat(490)}*** tail`);
		expect(JSON.stringify(error)).not.toContain(API_KEY.slice(0, 8));
	});
});

describe('the credential adds the key only for its own origin', () => {
	const credential = new VoiceAgentApi();
	const data = { apiKey: API_KEY, baseUrl: BASE_URL };

	test('an absolute url to another origin beside a safe baseURL is refused', async () => {
		await expect(
			credential.authenticate(data, { url: 'https://elsewhere.example/x', baseURL: BASE_URL }),
		).rejects.toThrow(
			'Voice Agent API credential refused: the API key is only sent to https://api.test.local',
		);
	});

	test('the credential test request (relative url) gets the key and no redirects', async () => {
		const out = await credential.authenticate(data, { url: '/workspace/users', baseURL: BASE_URL });
		expect(out.headers).toEqual({ 'X-API-KEY': API_KEY });
		expect(out.disableFollowRedirect).toBe(true);
	});

	test.each([
		['https://api.test.local/ca/api/v0?x=1', 'the Base URL must not contain "?" or "#"'],
		['https://api.test.local/ca/api/v0#frag', 'the Base URL must not contain "?" or "#"'],
		[
			'https://api.test.local/ca/../api/v0',
			'the Base URL must not contain "." or ".." path segments or backslashes',
		],
		[
			'https://user:pw@api.test.local/ca/api/v0',
			'the Base URL must not contain a user name or password',
		],
	])('Base URL %s is refused', async (baseUrl, reason) => {
		await expect(
			credential.authenticate({ apiKey: API_KEY, baseUrl }, { url: `${BASE_URL}/x` }),
		).rejects.toThrow(`Voice Agent API credential refused: ${reason}`);
	});

	test('surrounding spaces and a trailing slash are normalised away', async () => {
		nock(BASE_URL)
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { data: { call_id: CALL } });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
			credentials: { apiKey: API_KEY, baseUrl: `  ${BASE_URL}/  ` },
		});
		expect(error).toBeUndefined();
		expect(output[0].json.call_id).toBe(CALL);
	});
});
