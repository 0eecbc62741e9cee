// @ts-check
'use strict';

const crypto = require('node:crypto');
const http = require('node:http');

const { listenOnPort } = require('../../lib/ports');

/**
 * Recordings live on their own origin, like files in a storage bucket: a second listener on
 * 127.0.0.1 with its own port, so a client can prove it never sends the API key there.
 * A recording URL is signed and expires 24 hours after the call ended (sandbox clock):
 *
 *   {recordingOrigin}/recordings/{call_id}.wav?Expires={epoch s}&Signature={hex}
 *
 * An expired URL answers 403 with an XML error, an unknown or altered one 404/403, as a
 * bucket does. Voice previews are served from the same origin and never expire.
 * Every request received is recorded (method, path, headers) for tests to inspect.
 */

const RECORDING_TTL_MS = 24 * 3600 * 1000;

/** Seconds of audio in the stand-in WAV: proportional-ish to the call, but small (1..3 s). */
const wavSeconds = (/** @type {number} */ callSeconds) =>
	Math.max(1, Math.min(3, Math.round((callSeconds / 20) * 10) / 10));

/**
 * A valid WAV (8 kHz, 8-bit mono) holding a tone: 440 Hz, or `hz`.
 * @param {number} seconds @param {number} [hz]
 */
function toneWav(seconds, hz = 440) {
	const rate = 8000;
	const samples = Math.round(rate * seconds);
	const b = Buffer.alloc(44 + samples);
	b.write('RIFF', 0);
	b.writeUInt32LE(36 + samples, 4);
	b.write('WAVEfmt ', 8);
	b.writeUInt32LE(16, 16);
	b.writeUInt16LE(1, 20); // PCM
	b.writeUInt16LE(1, 22); // mono
	b.writeUInt32LE(rate, 24);
	b.writeUInt32LE(rate, 28); // bytes per second
	b.writeUInt16LE(1, 32);
	b.writeUInt16LE(8, 34);
	b.write('data', 36);
	b.writeUInt32LE(samples, 40);
	for (let i = 0; i < samples; i++) {
		b[44 + i] = Math.round(128 + 60 * Math.sin((2 * Math.PI * hz * i) / rate));
	}
	return b;
}

/** The WAV of a call's recording. @param {any} call */
const recordingWav = (call) => toneWav(wavSeconds(call.call_duration));

/** @param {string} secret @param {string} path @param {number} expires */
const sign = (secret, path, expires) =>
	crypto.createHmac('sha256', secret).update(`${path}\n${expires}`).digest('hex').slice(0, 32);

/** The signed URL of a call's recording, or null when it has none. @param {any} call @param {{origin: string, secret: string}} where */
function recordingUrl(call, where) {
	if (!call.has_recording || !where.origin) return null;
	const path = `/recordings/${call.id}.wav`;
	const expires = Math.ceil((call.ended_at + RECORDING_TTL_MS) / 1000);
	return `${where.origin}${path}?Expires=${expires}&Signature=${sign(where.secret, path, expires)}`;
}

/** @param {any} voice @param {string} origin */
const voicePreviewUrl = (voice, origin) => `${origin}/voices/${voice.id}/preview.wav`;

/** A storage-style XML error. @param {import('node:http').ServerResponse} res @param {number} status @param {string} code @param {string} message */
function xmlError(res, status, code, message) {
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`;
	res.writeHead(status, {
		'content-type': 'application/xml',
		'content-length': Buffer.byteLength(body),
	});
	res.end(body);
}

/**
 * Starts the recording origin.
 * @param {{port?: number, store: import('./store').Store, secret: string}} opts
 */
async function startRecordingServer(opts) {
	const { store } = opts;
	/** @type {Array<{at: string, method: string, path: string, headers: Record<string, unknown>}>} */
	const requests = [];
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		requests.push({
			at: new Date(store.now()).toISOString(),
			method: req.method ?? 'GET',
			path: url.pathname + url.search,
			headers: { ...req.headers },
		});
		req.resume();
		if (req.method !== 'GET' && req.method !== 'HEAD')
			return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed.');
		store.sync();
		/** @param {Buffer} wav @param {string} filename */
		const send = (wav, filename) => {
			res.writeHead(200, {
				'content-type': 'audio/wav',
				'content-length': wav.length,
				'content-disposition': `attachment; filename="${filename}"`,
				'cache-control': 'private, max-age=0',
			});
			res.end(req.method === 'HEAD' ? undefined : wav);
		};
		const voice = /^\/voices\/([0-9a-f-]{36})\/preview\.wav$/.exec(url.pathname);
		if (voice) {
			const v = store.voices.get(voice[1]);
			if (!v) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
			return send(toneWav(1, v.gender === 'male' ? 220 : 330), `${v.id}.wav`);
		}
		const rec = /^\/recordings\/([0-9a-f-]{36})\.wav$/.exec(url.pathname);
		const call = rec ? store.callsById.get(rec[1]) : undefined;
		const expires = Number(url.searchParams.get('Expires'));
		const signature = url.searchParams.get('Signature') ?? '';
		if (!rec || !call?.has_recording)
			return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
		if (!Number.isInteger(expires) || signature !== sign(opts.secret, url.pathname, expires))
			return xmlError(
				res,
				403,
				'SignatureDoesNotMatch',
				'The request signature we calculated does not match the signature you provided.',
			);
		if (store.now() >= call.ended_at + RECORDING_TTL_MS)
			return xmlError(res, 403, 'AccessDenied', 'Request has expired');
		return send(recordingWav(call), `${call.id}.wav`);
	});
	server.keepAliveTimeout = 5000;
	const listening = await listenOnPort(server, {
		port: opts.port,
		what: "the sandbox's recording server",
	});
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		origin: `http://127.0.0.1:${address.port}`,
		port: address.port,
		requests,
		close() {
			return new Promise((resolve) => {
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			}).then(() => listening.release());
		},
	};
}

module.exports = {
	RECORDING_TTL_MS,
	toneWav,
	recordingWav,
	recordingUrl,
	voicePreviewUrl,
	startRecordingServer,
};
