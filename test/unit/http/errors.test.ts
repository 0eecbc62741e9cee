import {
	describeHttpFailure,
	describeNetworkFailure,
	readErrorBody,
	redact,
} from '../../../nodes/shared/http/errors';

describe('error bodies', () => {
	test('both documented shapes', () => {
		expect(
			readErrorBody({ error: { code: 'invalid_parameter', message: 'bad start_date' } }),
		).toEqual({
			code: 'invalid_parameter',
			message: 'bad start_date',
		});
		expect(readErrorBody({ detail: 'Agent not found' })).toEqual({ message: 'Agent not found' });
	});

	test('framework validation lists and raw text', () => {
		expect(
			readErrorBody({ detail: [{ loc: ['body', 'agent_id'], msg: 'field required' }] }),
		).toEqual({
			message: 'body.agent_id: field required',
		});
		expect(readErrorBody('Bad Gateway')).toEqual({ message: 'Bad Gateway' });
		expect(readErrorBody('{"detail":"x"}')).toEqual({ message: 'x' });
	});

	test.each([
		[400, 'The service rejected a field or parameter.'],
		[401, 'Check the API key in the Voice Agent API credential.'],
		[403, 'not allowed'],
		[404, 'did not find'],
		[409, 'conflicts'],
		[422, 'could not process'],
		[429, 'rate limiting'],
		[500, 'failed while handling'],
	])('status %i has advice', (status, advice) => {
		expect(describeHttpFailure(status, {}).description).toContain(advice);
	});

	test('the service text wins; a default when there is none', () => {
		expect(
			describeHttpFailure(401, {
				error: { code: '401 Unauthorized', message: 'Invalid credentials' },
			}),
		).toEqual({
			status: 401,
			code: '401 Unauthorized',
			message: 'Invalid credentials',
			description:
				'Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.',
		});
		expect(describeHttpFailure(502, undefined).message).toBe('Request failed with HTTP 502');
	});

	test('not-retried failures warn that the call may have been placed', () => {
		expect(describeHttpFailure(500, {}, true).description).toContain(
			'a call is never placed twice',
		);
		expect(describeNetworkFailure('ECONNRESET', true).description).toContain(
			'a call is never placed twice',
		);
		expect(describeNetworkFailure('ECONNREFUSED').message).toBe(
			'The connection to the service was refused',
		);
	});

	test('redact', () => {
		expect(redact('key abcd1234 leaked abcd1234', 'abcd1234')).toBe('key *** leaked ***');
	});
});
