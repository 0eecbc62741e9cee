/**
 * Files off storage hosts: the key only to the API's own origin, redirects followed by hand
 * (https only, at most five, never from https to http), network failures in words, and an
 * error answer read only in part.
 */
import { Readable } from 'node:stream';

import nock from 'nock';
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	discard,
	fetchFile,
	smallText,
	type FetchFileOptions,
} from '../../../nodes/shared/http/files';
import { API_KEY, expectAllMocksUsed } from '../../helpers/harness';
import { probe } from '../../helpers/probe';

expectAllMocksUsed();

const API = 'https://api.test.local';
const STORE = 'https://recordings.storage.example';
const options: FetchFileOptions = {
	withKeyOn: API,
	timeout: 5000,
	itemIndex: 0,
	what: 'recording',
};

/** fetchFile in a real execute context; where it ended and the first bytes of the body. */
const fetched = (address: string, o: Partial<FetchFileOptions> = {}) =>
	probe(async (ctx: IExecuteFunctions) => {
		const { url, response } = await fetchFile(ctx, address, { ...options, ...o });
		return {
			url: url.toString(),
			status: response.statusCode,
			body: await smallText(response.body),
		};
	});

describe('fetchFile', () => {
	test("the API's origin gets the key; a storage host never does", async () => {
		const api = nock(API).matchHeader('x-api-key', API_KEY).get('/files/a.wav').reply(200, 'A');
		const store = nock(STORE, { badheaders: ['x-api-key'] })
			.get('/b.wav')
			.reply(200, 'B');
		expect((await fetched(`${API}/files/a.wav`)).values).toEqual([
			{ url: `${API}/files/a.wav`, status: 200, body: 'A' },
		]);
		expect((await fetched(`${STORE}/b.wav`)).values).toEqual([
			{ url: `${STORE}/b.wav`, status: 200, body: 'B' },
		]);
		api.done();
		store.done();
	});

	test('a redirect from the API to storage is followed, without the key past the API', async () => {
		nock(API)
			.matchHeader('x-api-key', API_KEY)
			.get('/files/a.wav')
			.reply(302, '', { Location: `${STORE}/signed/a.wav?sig=1` });
		nock(STORE, { badheaders: ['x-api-key'] })
			.get('/signed/a.wav')
			.query({ sig: '1' })
			.reply(307, '', { Location: '/final/a.wav' })
			.get('/final/a.wav')
			.reply(200, 'WAV');
		expect((await fetched(`${API}/files/a.wav`)).values).toEqual([
			{ url: `${STORE}/final/a.wav`, status: 200, body: 'WAV' },
		]);
	});

	test('an answer that is no redirect is returned as it is, error or not', async () => {
		nock(STORE).get('/gone.wav').reply(404, '<Error><Code>NoSuchKey</Code></Error>');
		expect((await fetched(`${STORE}/gone.wav`)).values).toEqual([
			{ url: `${STORE}/gone.wav`, status: 404, body: '<Error><Code>NoSuchKey</Code></Error>' },
		]);
	});

	test('five redirects are followed, a sixth is not', async () => {
		const hops = nock(STORE);
		for (let n = 0; n < 6; n++) hops.get(`/${n}`).reply(302, '', { Location: `/${n + 1}` });
		const { error } = await fetched(`${STORE}/0`);
		expect(error?.message).toBe(
			'The recording host answered with a redirect (HTTP 302) that was not followed',
		);
	});

	test.each([
		[
			`${STORE}/a`,
			'http://elsewhere.example/a',
			'The recording is not downloaded from http://elsewhere.example: only https addresses are followed',
		],
		[
			`${STORE}/a`,
			'http://127.0.0.1:9/a',
			'The recording host redirected from https to http://127.0.0.1:9, which is not followed',
		],
		[
			`${STORE}/a`,
			'',
			'The recording host answered with a redirect (HTTP 302) that was not followed',
		],
	])('%s redirected to %p is refused', async (address, location, message) => {
		nock(STORE)
			.get('/a')
			.reply(302, '', location ? { Location: location } : {});
		const { values, error } = await fetched(address);
		expect(values).toEqual([]);
		expect(error?.message).toBe(message);
	});

	test.each([
		['not a url', 'The recording URL "not a url" is not a valid URL'],
		[
			'ftp://files.example/a.wav',
			'The recording is not downloaded from ftp://files.example: only https addresses are followed',
		],
		[
			'http://files.example/a.wav',
			'The recording is not downloaded from http://files.example: only https addresses are followed',
		],
	])('the address %p is refused before any request', async (address, message) => {
		const { error } = await fetched(address);
		expect(error?.message).toBe(message);
	});

	test('plain http on this machine is allowed (a local storage host)', async () => {
		nock('http://localhost:9000').get('/a.wav').reply(200, 'L');
		expect((await fetched('http://localhost:9000/a.wav')).values).toEqual([
			{ url: 'http://localhost:9000/a.wav', status: 200, body: 'L' },
		]);
	});

	test.each([
		['ECONNREFUSED', 'the connection was refused'],
		['ECONNRESET', 'the connection was closed before it answered'],
		['ETIMEDOUT', 'it did not answer in time'],
		['ENOTFOUND', 'its host name could not be resolved'],
		['EWHATEVER', 'the request failed'],
	])('a network failure %s is said in words, naming the host', async (code, reason) => {
		nock(STORE)
			.get('/a.wav')
			.replyWithError(Object.assign(new Error(`connect ${code}`), { code }));
		const { error } = await fetched(`${STORE}/a.wav`);
		expect(error?.message).toBe(`The recording could not be downloaded from ${STORE}: ${reason}`);
	});
});

describe('smallText and discard', () => {
	test('a buffer, text or stream is read up to the limit; anything else is empty', async () => {
		expect(await smallText(Buffer.from('abcdef'), 4)).toBe('abcd');
		expect(await smallText('abcdef', 3)).toBe('abc');
		expect(await smallText({ not: 'a stream' })).toBe('');
		const stream = Readable.from([Buffer.from('abc'), 'def', Buffer.from('ghi')]);
		expect(await smallText(stream, 5)).toBe('abcde');
		expect(stream.destroyed).toBe(true);
	});

	test('discard destroys a stream and leaves anything else', () => {
		const stream = Readable.from(['x']);
		discard(stream);
		expect(stream.destroyed).toBe(true);
		expect(() => discard('text')).not.toThrow();
	});
});
