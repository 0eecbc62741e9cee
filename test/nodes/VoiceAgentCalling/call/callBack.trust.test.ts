/**
 * Call › Call Back, "trust every call": never a second call-back of one call, never a call past
 * Max Attempts, and every item not called output as skipped with a reason code and a sentence.
 * A service that pages and filters its history as the reference says (by assistant and
 * created_at, newest first), with parent_call_id on reads or without it (FACTS does not say
 * which): every request is logged in order and compared whole.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import nock from 'nock';

import * as doNotCall from '../../../../nodes/shared/dialling/callee/doNotCall';
import {
	callBackApi,
	callBackBody,
	callBackParams,
	found,
	MAX_ATTEMPTS_SKIP,
	strictNock,
} from '../../../helpers/callBack';
import { BASE_URL, jsonOf, runNode } from '../../../helpers/harness';
import { AGENT, CALL } from '../../../helpers/fixtures';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const TO = '+14155550123';
const OTHER_TO = '+14155550999';
const FROM = '+14155550100';
const SOURCE_AT = '2026-11-25T11:00:00+00:00';
const id = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const placedId = (n: number) => `11111111-2222-4333-8444-${String(n).padStart(12, '0')}`;

/** A call's details (no parent key unless given). */
const detailsOf = (callId: string, extra: IDataObject = {}): IDataObject => ({
	id: callId,
	call_direction: 'outbound',
	call_status: 'completed',
	from_number: FROM,
	to_number: TO,
	callee_name: 'Ada',
	agent_id: AGENT,
	initiation_time: SOURCE_AT,
	...extra,
});

/** A history row of the assistant (no parent key unless given). */
const row = (callId: string, createdAt: string, extra: IDataObject = {}): IDataObject => ({
	id: callId,
	to_number: TO,
	name: 'Ada',
	status: 'failed',
	created_at: createdAt,
	agent: { id: AGENT },
	...extra,
});

const minutesAfter = (iso: string, minutes: number) =>
	new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace('Z', '+00:00');

interface Service {
	details?: Record<string, IDataObject>;
	rows?: IDataObject[];
	/** parent_call_id in lower case on reads of a call placed with it in any case. */
	showParent?: boolean;
	/** The history does not list the calls placed yet (a lagging index). */
	lag?: boolean;
}

/**
 * The service: history filtered by assistant and created_at, newest first, paged by offset
 * and limit (its answer echoes the limit); details by id in any case; each start a new call,
 * added to the history. Every request in order, and the bodies of the starts.
 */
function service({ details: given = {}, rows = [], showParent = false, lag = false }: Service) {
	const details = { ...given };
	const calls = [...rows];
	const { log, bodies, scope, onDetails, onHistory } = callBackApi();
	onDetails((callId) => {
		log.push(`details ${callId}`);
		return found(details[callId.toLowerCase()]);
	});
	onHistory((qs) => {
		log.push(`history ${qs.agent_id} ${qs.start_date} ${qs.end_date} ${qs.offset}`);
		const from = Date.parse(qs.start_date);
		const until = Date.parse(qs.end_date);
		const matched = calls
			.filter((c) => (c.agent as IDataObject).id === qs.agent_id)
			.filter((c) => {
				const at = Date.parse(c.created_at as string);
				return at >= from && at <= until;
			})
			.sort((a, b) => Date.parse(b.created_at as string) - Date.parse(a.created_at as string));
		const offset = Number(qs.offset);
		const limit = Number(qs.limit);
		const page = matched.slice(offset, offset + limit);
		return [200, { calls: page, limit, offset, count: page.length, total: matched.length }];
	});
	scope.get(/^\/ca\/api\/v0\/agent\/[^/]+$/).reply((uri) => {
		log.push('agent');
		const agentId = uri.split('/').pop();
		return [
			200,
			{ agents: { id: agentId, agent_config: { agent_prompt: 'Hi', intro_message: '' } } },
		];
	});
	scope.post('/calling/outbound/individual').reply((_uri, sent) => {
		const b = sent as IDataObject;
		bodies.push(b);
		const callId = placedId(bodies.length);
		log.push(`start ${b.mobile_number}`);
		const parent = typeof b.parent_call_id === 'string' ? b.parent_call_id.toLowerCase() : null;
		const shown = showParent ? { parent_call_id: parent } : {};
		const at = new Date(Date.now()).toISOString().replace('Z', '+00:00');
		if (!lag) {
			calls.push(
				row(callId, at, {
					to_number: b.mobile_number,
					status: 'registered',
					agent: { id: b.agent_id },
					...shown,
				}),
			);
		}
		details[callId] = detailsOf(callId, {
			to_number: b.mobile_number,
			agent_id: b.agent_id,
			initiation_time: at,
			...shown,
		});
		return [
			200,
			{
				status: 'success',
				message: 'Call initiated successfully',
				data: { call_id: callId, call_status: 'registered', agent_id: b.agent_id },
			},
		];
	});
	return { log, bodies };
}

/** The body Call Back sends for the source CALL. */
const body = (extra: IDataObject = {}) => callBackBody(TO, FROM, extra);

const run = (parameters: IDataObject, items: INodeExecutionData[] = [{ json: {} }], extra = {}) =>
	runNode({
		type: 'voiceAgentCalling',
		parameters: callBackParams({ callId: CALL, when: 'now', ...parameters }),
		items: items.map((item) => ({ ...item, json: structuredClone(item.json) })),
		...extra,
	});

/** The one history read of a search from the source's time (a minute's margin) to now's. */
const search = (offset = 0, agent = AGENT) =>
	`history ${agent} 2026-11-25T10:59:00.000Z 2026-11-25T12:01:00.000Z ${offset}`;
/** With Look Back (7 days) before the source, where its earlier attempts are counted. */
const counting = (offset = 0, agent = AGENT) =>
	`history ${agent} 2026-11-18T10:59:00.000Z 2026-11-25T12:01:00.000Z ${offset}`;

strictNock(NOW);

const told = { [CALL]: detailsOf(CALL, { parent_call_id: null }) };
const untold = { [CALL]: detailsOf(CALL) };

/** The output of an item whose source item 0 of this execution already called back. */
const provenByItem0 = (mobile: string) => ({
	skipped: 'already_called_back',
	mobile_number: mobile,
	skip_reason: `Already called back: item 0 of this execution placed call ${placedId(1)} back for this call, so no second call-back is placed`,
	call_back_id: placedId(1),
	recognised_by: 'this_execution',
	parent_call_id: CALL,
	attempt: 2,
	already_called_back: true,
});

describe('Do Not Call from the first item, built once per execution (issue 11)', () => {
	const csv = (text: string): INodeExecutionData['binary'] => ({
		data: {
			data: Buffer.from(text, 'utf8').toString('base64'),
			mimeType: 'text/csv',
			fileName: 'optout.csv',
		},
	});
	const source = (callId: string, to: string): IDataObject => ({
		call_id: callId,
		to_number: to,
		from_number: FROM,
		callee_name: 'Ada',
		assistant: { id: AGENT },
		parent_call_id: null,
		custom_variables: {},
	});

	test('From Binary CSV: read from the first item only; the second item, without a file, is checked against it', async () => {
		const { log } = service({ details: { [id(2)]: detailsOf(id(2)) } });
		const { output, error } = await run(
			{ callId: '={{ $json.call_id }}', duplicateProtection: false, doNotCall: 'binary' },
			[
				{ json: source(id(1), TO), binary: csv(`phone\n${TO}\n`) },
				{ json: source(id(2), OTHER_TO) },
				{ json: source(id(3), TO) },
			],
		);
		expect(error).toBeUndefined();
		// Its status read for the item called back alone: a listed number costs no request.
		expect(log).toEqual([`details ${id(2)}`, 'agent', `start ${OTHER_TO}`]);
		expect(jsonOf(output).map((o) => o.skipped ?? o.call_id)).toEqual([
			'do_not_call',
			placedId(1),
			'do_not_call',
		]);
		expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('the list is built once for all the items of a run, not once per item', async () => {
		service({ details: Object.fromEntries([1, 2, 3, 4].map((n) => [id(n), detailsOf(id(n))])) });
		const build = jest.spyOn(doNotCall, 'buildDoNotCall');
		const { error } = await run(
			{
				callId: '={{ $json.call_id }}',
				duplicateProtection: false,
				doNotCall: 'numbers',
				doNotCallNumbers: `${TO}, +14155550777`,
			},
			[1, 2, 3, 4].map((n) => ({ json: source(id(n), OTHER_TO) })),
		);
		expect(error).toBeUndefined();
		expect(build).toHaveBeenCalledTimes(1);
	});
});

describe('an Overrides › Phone Number call-back is searched on every number it could be on (issue 13)', () => {
	test('a call-back placed on the source number, then a run with a Phone Number override: presumed, not placed again', async () => {
		const { log, bodies } = service({
			details: { ...untold, [placedId(9)]: detailsOf(placedId(9)) },
			rows: [row(CALL, SOURCE_AT), row(placedId(9), minutesAfter(SOURCE_AT, 5))],
		});
		const { output, error } = await run({ overrides: { phoneNumber: OTHER_TO } });
		expect(error).toBeUndefined();
		expect(bodies).toEqual([]);
		expect(log).toEqual([`details ${CALL}`, counting(), `details ${placedId(9)}`]);
		expect(jsonOf(output)[0]).toMatchObject({
			skipped: 'presumed_called_back',
			// The number this run would call (the override); the call found reached the source's.
			mobile_number: OTHER_TO,
			call_back_id: placedId(9),
		});
	});

	test('placed on the override, then run again with it: found (the override number is searched too)', async () => {
		const { bodies } = service({ details: untold, rows: [row(CALL, SOURCE_AT)] });
		await run({ overrides: { phoneNumber: OTHER_TO } });
		const again = await run({ overrides: { phoneNumber: OTHER_TO } });
		expect(bodies).toEqual([body({ mobile_number: OTHER_TO })]);
		expect(jsonOf(again.output)[0]).toMatchObject({ skipped: 'presumed_called_back' });
	});
});

describe('ids compared case-insensitively, sent in lower case (issue 14)', () => {
	const UPPER = CALL.toUpperCase();

	test('a Call ID typed in upper case: read and sent in lower case', async () => {
		const { log, bodies } = service({ details: told, rows: [row(CALL, SOURCE_AT)] });
		const { error } = await run({ callId: UPPER });
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, search(), 'agent', `start ${TO}`]);
		expect(bodies).toEqual([body()]);
	});

	test('re-run with the id in upper case, the service showing the parent in lower case: no second call-back', async () => {
		const { bodies } = service({ details: told, rows: [row(CALL, SOURCE_AT)], showParent: true });
		await run({ callId: UPPER });
		const again = await run({ callId: UPPER });
		expect(bodies).toHaveLength(1);
		expect(jsonOf(again.output)).toEqual([
			{
				skipped: 'already_called_back',
				mobile_number: '+14155550123',
				skip_reason: `Already called back: call ${placedId(1)} names this call as its parent_call_id, so no second call-back is placed`,
				call_back_id: placedId(1),
				recognised_by: 'parent_call_id',
				parent_call_id: CALL,
				attempt: 2,
				already_called_back: true,
			},
		]);
	});

	test('the item is the source call with its id in upper case: taken as that call, its own row never its call-back', async () => {
		const { bodies, log } = service({ details: untold, rows: [row(CALL, SOURCE_AT)] });
		const item = {
			call_id: UPPER,
			to_number: TO,
			from_number: FROM,
			callee_name: 'Ada',
			assistant: { id: AGENT },
			created_at: SOURCE_AT,
			custom_variables: {},
		};
		const { error } = await run({ callId: '={{ $json.call_id }}' }, [{ json: item }]);
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, counting(), 'agent', `start ${TO}`]);
		expect(bodies).toEqual([body()]);
	});
});

describe("the search runs from the source call's own time to now, every page (issue 15)", () => {
	/** 1,050 other calls of the assistant (to other numbers) after the call-back. */
	const busy = (at: string, parent: boolean) =>
		Array.from({ length: 1050 }, (_, n) =>
			row(id(1000 + n), minutesAfter(at, 1 + n / 100), {
				to_number: `+1415556${String(n).padStart(4, '0')}`,
				...(parent ? { parent_call_id: null } : {}),
			}),
		);

	test('with 1,050 other calls since, the call-back naming the source is found on page 11: not placed again', async () => {
		const callBack = row(placedId(9), minutesAfter(SOURCE_AT, 0.5), { parent_call_id: CALL });
		const { log, bodies } = service({
			details: told,
			rows: [row(CALL, SOURCE_AT, { parent_call_id: null }), callBack, ...busy(SOURCE_AT, true)],
		});
		const { output, error } = await run({});
		expect(error).toBeUndefined();
		expect(bodies).toEqual([]);
		// Cost: one page per 100 calls of the window, up to the page that holds the proof.
		expect(log).toEqual([
			`details ${CALL}`,
			...Array.from({ length: 11 }, (_, page) => search(page * 100)),
		]);
		expect(jsonOf(output)[0]).toMatchObject({
			skipped: 'already_called_back',
			mobile_number: '+14155550123',
			call_back_id: placedId(9),
		});
	});

	test('a source older than Look Back: searched from its own time, its call-back found', async () => {
		const at = '2026-11-10T09:00:00+00:00';
		const { log, bodies } = service({
			details: { [CALL]: detailsOf(CALL, { parent_call_id: null, initiation_time: at }) },
			rows: [
				row(CALL, at, { parent_call_id: null }),
				row(placedId(9), minutesAfter(at, 30), { parent_call_id: CALL }),
			],
		});
		const { output } = await run({ lookBackDays: 7 });
		expect(bodies).toEqual([]);
		expect(log).toEqual([
			`details ${CALL}`,
			`history ${AGENT} 2026-11-10T08:59:00.000Z 2026-11-25T12:01:00.000Z 0`,
		]);
		expect(jsonOf(output)[0]).toMatchObject({ skipped: 'already_called_back' });
	});

	test("the item lacks the call's time: read from its details", async () => {
		const { log } = service({ details: told, rows: [row(CALL, SOURCE_AT)] });
		const item = {
			call_id: CALL,
			to_number: TO,
			from_number: FROM,
			callee_name: 'Ada',
			assistant: { id: AGENT },
			parent_call_id: null,
			custom_variables: {},
		};
		const { error } = await run({ callId: '={{ $json.call_id }}' }, [{ json: item }]);
		expect(error).toBeUndefined();
		expect(log).toEqual([`details ${CALL}`, search(), 'agent', `start ${TO}`]);
	});
});

describe('Max Attempts counted where the service shows no parent_call_id (issue 16)', () => {
	const earlier = [
		row(CALL, SOURCE_AT),
		row(id(1), '2026-11-25T10:00:00+00:00'),
		row(id(2), '2026-11-24T10:00:00+00:00'),
	];

	test('with Duplicate Protection off too: the third call to the number is not called back', async () => {
		const { log, bodies } = service({ details: untold, rows: earlier });
		const { output, error } = await run({ duplicateProtection: false });
		expect(error).toBeUndefined();
		expect(bodies).toEqual([]);
		// Only up to the source: no search for a call-back.
		expect(log).toEqual([
			`details ${CALL}`,
			`history ${AGENT} 2026-11-18T10:59:00.000Z 2026-11-25T11:01:00.000Z 0`,
		]);
		expect(jsonOf(output)).toEqual([MAX_ATTEMPTS_SKIP]);
	});

	test('history rows with a formatted to_number count: compared after cleaning', async () => {
		const formatted = earlier.map((r, n) =>
			n === 0 ? r : { ...r, to_number: n === 1 ? '+1 (415) 555-0123' : '+1 415.555.0123' },
		);
		const { bodies, output } = await (async () => {
			const s = service({ details: untold, rows: formatted });
			return { ...(await run({})), bodies: s.bodies };
		})();
		expect(bodies).toEqual([]);
		expect(jsonOf(output)[0]).toMatchObject({ skipped: 'max_attempts', attempt: 4 });
	});
});

describe('a call-back is never presumed silently (issue 17)', () => {
	test("an unrelated later call to the number: skipped as presumed, with the call's id and a sentence", async () => {
		const { bodies, output } = await (async () => {
			const s = service({
				details: { ...untold, [id(7)]: detailsOf(id(7)) },
				rows: [row(CALL, SOURCE_AT), row(id(7), minutesAfter(SOURCE_AT, 30))],
			});
			return { ...(await run({})), bodies: s.bodies };
		})();
		expect(bodies).toEqual([]);
		const out = jsonOf(output)[0];
		expect(out).toMatchObject({
			skipped: 'presumed_called_back',
			mobile_number: '+14155550123',
			call_back_id: id(7),
			recognised_by: 'number_and_time',
			already_called_back: true,
		});
		expect(out.skip_reason).toMatch(
			/^Presumed already called back: call a0000000-.* no parent_call_id/,
		);
		// Not the other call's record.
		expect(out).not.toHaveProperty('call_id');
	});

	test('where reads show parent_call_id, an unrelated later call (null parent) is no call-back: placed', async () => {
		const { bodies } = service({
			details: told,
			rows: [
				row(CALL, SOURCE_AT, { parent_call_id: null }),
				row(id(7), minutesAfter(SOURCE_AT, 30), { parent_call_id: null }),
			],
		});
		const { error } = await run({});
		expect(error).toBeUndefined();
		expect(bodies).toEqual([body()]);
	});

	test('two items of one source in one execution: the second is proven called back by the first (the history not showing it yet)', async () => {
		// The service's history lags: the new call is not listed yet.
		const { log, bodies } = service({ details: untold, rows: [row(CALL, SOURCE_AT)], lag: true });
		const { output, error } = await run({}, [{ json: {} }, { json: {} }]);
		expect(error).toBeUndefined();
		expect(bodies).toEqual([body()]);
		expect(log).toEqual([`details ${CALL}`, counting(), 'agent', `start ${TO}`, `details ${CALL}`]);
		expect(jsonOf(output)[1]).toEqual(provenByItem0('+14155550123'));
	});
});

describe("n8n's Retry On Fail re-runs the node: what one try placed still counts in the next", () => {
	const source = (callId: string) => ({ json: { call_id: callId } });
	const parentless = (callId: string, extra: IDataObject = {}) =>
		detailsOf(callId, { parent_call_id: null, ...extra });

	test('an item naming the same source in a later try is proven called back by the first try (the history not showing it yet)', async () => {
		// Item 1's source is not found in the first try only: n8n retries the whole node, and item
		// 2 runs in the second try alone. Registered first, so it answers before the service.
		let log: string[] = [];
		nock(BASE_URL)
			.get('/calling/call-details')
			.query((q) => q.id === id(5))
			.reply(() => {
				log.push(`details ${id(5)} 404`);
				return [404, { detail: 'Call not found' }];
			});
		const s = service({
			details: {
				[CALL]: parentless(CALL),
				[id(5)]: parentless(id(5), { to_number: OTHER_TO }),
			},
			rows: [row(CALL, SOURCE_AT, { parent_call_id: null })],
			lag: true,
		});
		log = s.log;
		const { output, error } = await run(
			{ callId: '={{ $json.call_id }}' },
			[source(CALL), source(id(5)), source(CALL)],
			{ settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 } },
		);
		expect(error).toBeUndefined();
		expect(s.bodies).toEqual([body(), body({ mobile_number: OTHER_TO, parent_call_id: id(5) })]);
		expect(log).toEqual([
			// The first try: item 0 placed, item 1 failed.
			`details ${CALL}`,
			search(),
			'agent',
			`start ${TO}`,
			`details ${id(5)} 404`,
			// The second: item 0 replayed (nothing read), item 1 placed, item 2 proven called back.
			`details ${id(5)}`,
			search(),
			'agent',
			`start ${OTHER_TO}`,
			`details ${CALL}`,
		]);
		expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(jsonOf(output).map((o) => o.call_id ?? o.skipped)).toEqual([
			placedId(1),
			placedId(2),
			'already_called_back',
		]);
		expect(jsonOf(output)[2]).toEqual(provenByItem0(TO));
	});
});

describe('a call-back of this execution whose start failed (Continue On Fail)', () => {
	/** The service, its first start answered `status` (registered first, so it answers first). */
	function failingFirstStart(status: number) {
		let log: string[] = [];
		nock(BASE_URL)
			.post('/calling/outbound/individual')
			.reply(() => {
				log.push(`start ${TO} ${status}`);
				return [status, { detail: status === 500 ? 'upstream failed' : 'Invalid number' }];
			});
		const s = service({ details: told, rows: [row(CALL, SOURCE_AT)], lag: true });
		log = s.log;
		return s;
	}

	test('answered 500 (it may have been placed): the next item of the source is presumed called back, nothing sent again', async () => {
		const s = failingFirstStart(500);
		const { output, error } = await run({}, [{ json: {} }, { json: {} }], { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(s.bodies).toEqual([]);
		expect(s.log).toEqual([
			`details ${CALL}`,
			search(),
			'agent',
			`start ${TO} 500`,
			`details ${CALL}`,
		]);
		expect(jsonOf(output)).toEqual([
			{
				error: 'upstream failed',
				description:
					'The service failed while handling the request. Try again later. The request may have been carried out before the failure, so it was not repeated automatically (a call is never placed twice). Check the call history before trying again.',
				httpCode: '500',
			},
			{
				skipped: 'presumed_called_back',
				mobile_number: TO,
				skip_reason:
					'Presumed already called back: item 0 of this execution sent a call-back of this call and got no answer that says whether it was placed, so none is sent again: check the call history',
				call_back_id: null,
				recognised_by: 'this_execution',
				parent_call_id: CALL,
				attempt: 2,
				already_called_back: true,
			},
		]);
	});

	test('refused with a 400 (nothing placed): the next item of the source is called back', async () => {
		const s = failingFirstStart(400);
		const { output, error } = await run({}, [{ json: {} }, { json: {} }], { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(s.bodies).toEqual([body()]);
		expect(s.log).toEqual([
			`details ${CALL}`,
			search(),
			'agent',
			`start ${TO} 400`,
			`details ${CALL}`,
			// The run read the window already: the second item reads only its own tail.
			`history ${AGENT} 2026-11-25T11:59:00.000Z 2026-11-25T12:01:00.000Z 0`,
			`start ${TO}`,
		]);
		expect(jsonOf(output).map((o) => o.error ?? o.call_id)).toEqual([
			'Invalid number',
			placedId(1),
		]);
	});
});

describe('Max Attempts and Look Back within their bounds (issue 20)', () => {
	test.each([
		[{ maxAttempts: 21 }, 'Max Attempts: 21 is not a whole number from 1 to 20 [item 0]'],
		[{ maxAttempts: 0 }, 'Max Attempts: 0 is not a whole number from 1 to 20 [item 0]'],
		[{ lookBackDays: 91 }, 'Look Back (Days): 91 is not a whole number from 1 to 90 [item 0]'],
	])('%j: refused before any request', async (parameters, message) => {
		const { log } = service({ details: told });
		const { error } = await run(parameters);
		expect(error?.message).toBe(message);
		expect(log).toEqual([]);
	});
});
