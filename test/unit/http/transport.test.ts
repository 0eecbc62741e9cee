/**
 * Every request goes through nodes/shared/http/transport.ts: the key only to the credential's Base
 * URL, never along a redirect and into no error; answers of the wrong shape are clear errors.
 */
import nock from 'nock';

import { API_KEY, BASE_URL, mockApi, runNode } from '../../helpers/harness';
import { CALL } from '../../helpers/fixtures';
import { sheetStart, threeRows } from '../../helpers/startParams';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const startParams = sheetStart();
const rows = threeRows;

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

describe('credential', () => {
	test('the key is never sent to a plain-http host that is not local', async () => {
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			credentials: { apiKey: API_KEY, baseUrl: 'http://api.example.com/ca/api/v0' },
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error?.message).toBe(
			'Voice Agent API credential: the API key is only sent over https (plain http is allowed for localhost only), but the Base URL is http://api.example.com',
		);
	});

	test('an http loopback base URL is allowed (the local sandbox)', async () => {
		const scope = nock('http://127.0.0.1:4010/ca/api/v0')
			.matchHeader('x-api-key', API_KEY)
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { status: 'success', data: { id: CALL } });
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			credentials: { apiKey: API_KEY, baseUrl: 'http://127.0.0.1:4010/ca/api/v0/' },
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error).toBeUndefined();
		scope.done();
	});

	test('the key appears in no error, even when the service echoes it', async () => {
		const scope = mockApi()
			.get('/calling/call-details')
			.query(true)
			.reply(401, { error: { code: '401 Unauthorized', message: `Invalid key ${API_KEY}` } });
		const { error, run } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error?.message).toBe('Invalid key ***');
		expect(JSON.stringify(run)).not.toContain(API_KEY);
		scope.done();
	});
});
