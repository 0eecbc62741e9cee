/** The credential's authenticate(): the key only for its own origin, over a safe Base URL. */
import nock from 'nock';

import { VoiceAgentApi } from '../../credentials/VoiceAgentApi.credentials';
import { API_KEY, BASE_URL, runNode } from '../helpers/harness';
import { CALL } from '../helpers/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

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
