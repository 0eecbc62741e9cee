/**
 * A call's recording on its own host (another origin than the API, as the service serves
 * them): the details answer naming it, and the host, which records the headers it received.
 */
import nock from 'nock';

import { CALL } from './fixtures';
import { API_KEY, BASE_URL } from './harness';

export const REC_HOST = 'https://recordings.storage.example';
const REC_PATH = `/rec/${CALL}.wav`;
export const REC_URL = `${REC_HOST}${REC_PATH}?Expires=1&Signature=abc`;
export const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(60, 7)]);

/** GET /calling/call-details of CALL, completed, with its recording at REC_URL. */
export const details = (extra: Record<string, unknown> = {}) =>
	nock(BASE_URL)
		.matchHeader('x-api-key', API_KEY)
		.get('/calling/call-details')
		.query({ id: CALL })
		.reply(200, {
			data: { id: CALL, call_status: 'completed', recording_url: REC_URL, ...extra },
		});

/** The recording host; records the headers it received. */
export function recordingHost(reply: (path: string) => [number, unknown, Record<string, string>?]) {
	const seen: Array<Record<string, unknown>> = [];
	const scope = nock(REC_HOST, { badheaders: ['x-api-key'] })
		.get(/.*/)
		.reply(function (path) {
			seen.push({ ...this.req.headers });
			return reply(path);
		});
	return { scope, seen };
}

/** The host's answer: WAV, with its length and file name. */
export const wavReply = (): [number, unknown, Record<string, string>] => [
	200,
	WAV,
	{
		'Content-Type': 'audio/wav',
		'Content-Length': String(WAV.length),
		'Content-Disposition': `attachment; filename="${CALL}.wav"`,
	},
];
