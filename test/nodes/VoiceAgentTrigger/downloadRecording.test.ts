/** The polling trigger's Download Recording: the emitted call carries its recording. */
import nock from 'nock';

import { API_KEY, BASE_URL, expectAllMocksUsed, initBinaryData } from '../../helpers/harness';
import { PollHarness } from '../../helpers/poll';
import { recordingHost, REC_HOST, wavReply } from '../../helpers/recording';

beforeAll(async () => {
	nock.disableNetConnect();
	await initBinaryData();
});
expectAllMocksUsed();

describe('Voice Agent Trigger › Download Recording', () => {
	test('the emitted call carries its recording; a failed download keeps the call, with recording_error', async () => {
		const row = (n: number, url: string) => ({
			id: `7d0f6a3e-2b1c-4d5e-8f90-00000000000${n}`,
			status: 'completed',
			created_at: new Date(Date.now() - 60000).toISOString(),
			call_attempt_time: new Date(Date.now() - 60000).toISOString(),
			call_duration: 10,
			transcript: '[]',
			audio_recording: url,
			call_type: 'outbound',
			voicemail_detected: false,
		});
		// Fetch Test Event reads the window until a page proves its end (an empty page here).
		const history = (calls: object[]) =>
			nock(BASE_URL)
				.get('/calling/history')
				.query((q) => q.offset === '0')
				.reply(200, { calls })
				.get('/calling/history')
				.query((q) => q.offset !== '0')
				.reply(200, { calls: [] });
		history([row(1, `${REC_HOST}/one.wav`)]);
		const host = recordingHost(wavReply);
		const h = new PollHarness({
			type: 'voiceAgentTrigger',
			parameters: { options: { downloadRecording: true } },
		});
		const out = await h.poll('manual');
		expect(out?.[0][0].json.call_id).toBe(row(1, '').id);
		expect(out?.[0][0].json.recording_url).toBe(`${REC_HOST}/one.wav`);
		expect(out?.[0][0].binary?.data).toMatchObject({ mimeType: 'audio/wav' });
		expect(JSON.stringify(host.seen)).not.toContain(API_KEY);

		history([row(2, `${REC_HOST}/two.wav`)]);
		nock(REC_HOST).get('/two.wav').reply(503, 'busy');
		const again = await h.poll('manual');
		expect(again?.[0][0].binary).toBeUndefined();
		expect(again?.[0][0].json.recording_error).toBe('The recording host answered HTTP 503');
	});
});
