/**
 * The parameter vocabulary's locator and ID readers, and the HTTP helpers the transport and
 * the recording download share (one header reader, one network-error table).
 */
import type { INode } from 'n8n-workflow';

import { describeNetworkFailure } from '../../nodes/shared/errors';
import { header, isStream, NETWORK_FAILURES, networkCode } from '../../nodes/shared/http';
import {
	fields,
	param,
	readLocator,
	toLocatorText,
	type ParamSource,
} from '../../nodes/shared/params';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentCalling' } as INode;
const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/** A context whose parameters are `values`; extractValue gives a locator's value, as n8n does. */
function source(values: Record<string, unknown>): ParamSource & { asked: unknown[] } {
	const asked: unknown[] = [];
	return {
		asked,
		getNode: () => node,
		getNodeParameter: (name, _i, fallback, options) => {
			asked.push([name, options]);
			const value = name in values ? values[name] : fallback;
			const extract = (options as { extractValue?: boolean } | undefined)?.extractValue;
			return extract && value && typeof value === 'object' && '__rl' in value
				? (value as unknown as { value: unknown }).value
				: value;
		},
	};
}

describe('locators', () => {
	test('a locator object, plain text and padded text all give the trimmed value', () => {
		expect(
			toLocatorText(node, 'Assistant', { __rl: true, mode: 'list', value: ` ${ID} ` }, 0),
		).toBe(ID);
		expect(toLocatorText(node, 'Assistant', ` ${ID}`, 0)).toBe(ID);
		expect(toLocatorText(node, 'Assistant', undefined, 0)).toBe('');
	});

	test('a locator holding a list is refused, naming the field and the item', () => {
		expect(() => toLocatorText(node, 'Filters › Assistant', { __rl: true, value: [1] }, 2)).toThrow(
			'Filters › Assistant: a list is not text [item 2]',
		);
	});

	test('readLocator asks n8n for the extracted value; a collection member is read by Fields.locator', () => {
		const ctx = source({
			assistant: { __rl: true, mode: 'id', value: ID },
			filters: { agentId: { __rl: true, mode: 'list', value: ID } },
		});
		expect(readLocator(ctx, 'assistant', 0, 'Assistant')).toBe(ID);
		expect(ctx.asked[0]).toEqual(['assistant', { extractValue: true }]);
		expect(fields(ctx, 0).collection('filters', 'Filters').locator('agentId', 'Assistant')).toBe(
			ID,
		);
		expect(param(ctx, 'missing', 0, 'fallback')).toBe('fallback');
	});
});

describe('Fields.uuid and requiredText', () => {
	test('an ID is trimmed; an empty one or a non-UUID is refused by its label', () => {
		const f = fields(source({ callId: ` ${ID} `, empty: '  ', bad: 'abc' }), 4);
		expect(f.uuid('callId', 'Call ID')).toBe(ID);
		expect(() => f.uuid('empty', 'Call ID')).toThrow('Call ID: is required [item 4]');
		expect(() => f.uuid('bad', 'Call ID')).toThrow(
			'Call ID: "abc" is not a valid ID (UUID expected) [item 4]',
		);
		expect(() => f.requiredText('empty', 'Recording URL')).toThrow(
			'Recording URL: is required [item 4]',
		);
	});
});

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
