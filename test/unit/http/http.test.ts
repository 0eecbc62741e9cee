/**
 * The HTTP helpers the transport and the recording download share: one header reader, one
 * stream test, one network-error table.
 */
import { describeNetworkFailure } from '../../../nodes/shared/http/errors';
import { header, isStream, NETWORK_FAILURES, networkCode } from '../../../nodes/shared/http/http';

describe('HTTP helpers', () => {
	test('header: any case, the first of repeated values, undefined when absent', () => {
		expect(header({ 'content-type': 'audio/wav' }, 'Content-Type')).toBe('audio/wav');
		expect(header({ location: ['https://a', 'https://b'] }, 'location')).toBe('https://a');
		expect(header({ other: 'x' }, 'location')).toBeUndefined();
	});

	test('isStream: only async-iterable bodies that can be destroyed', () => {
		expect(isStream(Buffer.from('x'))).toBe(false);
		expect(isStream('text')).toBe(false);
		expect(isStream({ destroy() {}, [Symbol.asyncIterator]: async function* () {} })).toBe(true);
	});

	test('networkCode finds the code however deep the request helper wrapped it', () => {
		expect(networkCode({ code: 'ECONNRESET' })).toBe('ECONNRESET');
		expect(networkCode({ httpCode: 'ENOTFOUND' })).toBe('ENOTFOUND');
		expect(networkCode({ cause: { errorResponse: { code: 'ETIMEDOUT' } } })).toBe('ETIMEDOUT');
		expect(networkCode({ code: 500 })).toBeUndefined();
	});

	test('one table of network failures, worded for the service', () => {
		expect(Object.keys(NETWORK_FAILURES).sort()).toEqual([
			'EAI_AGAIN',
			'ECONNABORTED',
			'ECONNREFUSED',
			'ECONNRESET',
			'ENOTFOUND',
			'EPIPE',
			'ETIMEDOUT',
		]);
		expect(
			['ECONNREFUSED', 'EPIPE', 'ECONNABORTED', 'EAI_AGAIN', 'EWHAT', undefined].map(
				(code) => describeNetworkFailure(code).message,
			),
		).toEqual([
			'The connection to the service was refused',
			'The connection to the service was closed before it answered',
			'The request to the service timed out',
			'The service host name could not be resolved',
			'The service could not be reached',
			'The service could not be reached',
		]);
	});
});
