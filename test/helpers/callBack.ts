/**
 * What the Call › Call Back tests share: the fake API's parts (each file writes its own
 * answers and what its log says), the body a call-back sends, the node's parameters, the
 * Max Attempts skip, and the checks around every test (no request unanswered).
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { AGENT, CALL } from './fixtures';
import { BASE_URL, recordAll } from './harness';

type Reply = [number, unknown];

/**
 * A persisted fake of the API with a log of its requests and the bodies of its starts;
 * onDetails and onHistory answer every GET of call details or history (by the id asked for,
 * or the query as an object), each with the query as sent.
 */
export function callBackApi() {
	const log: string[] = [];
	const bodies: IDataObject[] = [];
	const scope = nock(BASE_URL).persist();
	const onDetails = (answer: (id: string, search: string) => Reply) =>
		scope
			.get('/calling/call-details')
			.query(true)
			.reply((uri) => {
				const url = new URL(uri, BASE_URL);
				return answer(url.searchParams.get('id') as string, url.search);
			});
	const onHistory = (answer: (query: Record<string, string>, search: string) => Reply) =>
		scope
			.get('/calling/history')
			.query(true)
			.reply((uri) => {
				const url = new URL(uri, BASE_URL);
				return answer(Object.fromEntries(url.searchParams), url.search);
			});
	return { log, bodies, scope, onDetails, onHistory };
}

/** A details answer: the call's data, or the service's 404 when it does not know the call. */
export const found = (data: IDataObject | undefined): Reply =>
	data ? [200, { status: 'success', data }] : [404, { detail: 'Call not found' }];

/** The body a call-back of CALL sends: Ada at `to`, from `from`, then `extra`. */
export const callBackBody = (to: string, from: string, extra: IDataObject = {}): IDataObject => ({
	name: 'Ada',
	mobile_number: to,
	agent_id: AGENT,
	from_number: from,
	parent_call_id: CALL,
	...extra,
});

/** Call › Call Back's parameters: `parameters` over the resource and operation. */
export const callBackParams = (parameters: IDataObject = {}): IDataObject => ({
	resource: 'call',
	operation: 'callBack',
	...parameters,
});

/** The output of CALL (to +14155550123) when it is the third attempt of its chain. */
export const MAX_ATTEMPTS_SKIP = {
	skipped: 'max_attempts',
	mobile_number: '+14155550123',
	skip_reason:
		"Max Attempts (3) reached: this call is attempt 3 of its chain (counted as the assistant's calls to this callee within Look Back before it: the service shows no parent_call_id)",
	parent_call_id: CALL,
	attempt: 4,
	already_called_back: false,
};

/**
 * Around every test: no real network, Date.now at `nowMs`, and afterwards no request left
 * unanswered; the mocks cleared.
 */
export function strictNock(nowMs: number): void {
	let unmatched: string[] = [];
	beforeAll(() => nock.disableNetConnect());
	beforeEach(() => {
		jest.spyOn(Date, 'now').mockReturnValue(nowMs);
		unmatched = recordAll();
	});
	afterEach(() => {
		expect(unmatched).toEqual([]);
		nock.cleanAll();
		nock.emitter.removeAllListeners('no match');
		jest.restoreAllMocks();
	});
}
