/**
 * Call Back places a call again only once its source call is over: the service still retries a
 * call in `retry`, and a `registered` (queued) or `ongoing` one is not over yet, so a call-back
 * would call the callee a second time. The source's status is the details' (the service's
 * latest word, whatever the item says), read once: the read Call Back makes anyway when the
 * item lacks something, else one read more, after the checks that need no request.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import {
	callBackApi,
	callBackBody,
	callBackParams,
	strictNock,
} from '../../../../helpers/callBack';
import { jsonOf, runNode } from '../../../../helpers/harness';
import { AGENT, CALL } from '../../../../helpers/fixtures';
import { record } from '../../../../helpers/record';
import { TERMINAL_STATUSES } from '../../../../../nodes/shared/calls/statuses';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const NEW_CALL = '11111111-2222-4333-8444-555555555555';
const TO = '+14155550123';
const FROM = '+14155550100';

/** The statuses of a call that is not over (FACTS), and one the service may add. */
const NOT_OVER = ['registered', 'ongoing', 'retry', 'queued'];

/** Each status in the cases the service or an item may write it. */
const anyCase = (statuses: readonly string[]) =>
	fc
		.tuple(fc.constantFrom(...statuses), fc.constantFrom('lower', 'upper', 'title', 'padded'))
		.map(([s, c]) =>
			c === 'upper'
				? s.toUpperCase()
				: c === 'title'
					? s[0].toUpperCase() + s.slice(1)
					: c === 'padded'
						? ` ${s} `
						: s,
		);

/** A call's details; `status` undefined: no call_status at all. */
const detailsOf = (status: string | undefined, extra: IDataObject = {}): IDataObject => ({
	id: CALL,
	call_direction: 'outbound',
	...(status === undefined ? {} : { call_status: status }),
	from_number: FROM,
	to_number: TO,
	callee_name: 'Ada',
	agent_id: AGENT,
	parent_call_id: null,
	initiation_time: '2026-11-25T11:00:00+00:00',
	custom_args_values: { clinic: 'Acme' },
	...extra,
});

/**
 * The source as an event or Check Calls hands it on: everything Call Back needs, so the
 * details are read only for its status. `status` undefined: the item says none.
 */
const complete = (status: string | undefined) => ({
	...record({
		call_id: CALL,
		status: status ?? null,
		direction: 'outbound',
		assistant: { id: AGENT },
		from_number: FROM,
		to_number: TO,
		callee_name: 'Ada',
		created_at: '2026-11-25T11:00:00+00:00',
		custom_variables: { clinic: 'Acme' },
	}),
	parent_call_id: null,
});

/** The service: every request in order (with its query), and the bodies of the starts. */
function service(details: IDataObject | { status: number; detail: string }) {
	const { log, bodies, scope, onDetails, onHistory } = callBackApi();
	onDetails((_id, search) => {
		log.push(`details ${search}`);
		if (typeof details.status === 'number') return [details.status, { detail: details.detail }];
		return [200, { status: 'success', data: details }];
	});
	onHistory((_query, search) => {
		log.push(`history ${search}`);
		return [200, { calls: [], limit: 100, offset: 0, count: 0, total: 0 }];
	});
	scope.get(/^\/ca\/api\/v0\/agent\/[^/]+$/).reply((uri) => {
		log.push(`agent ${uri.split('/').pop()}`);
		const config = { agent_prompt: 'Hi @{{callee_name}} from @{{clinic}}', intro_message: '' };
		return [200, { agents: { id: AGENT, agent_config: config } }];
	});
	scope.post('/calling/outbound/individual').reply((_uri, body) => {
		log.push('start');
		bodies.push(body as IDataObject);
		const data = { call_id: NEW_CALL, call_status: 'registered', agent_id: AGENT };
		return [200, { status: 'success', message: 'Call initiated successfully', data }];
	});
	return { log, bodies };
}

/** The requests of each read, as sent. */
const STATUS_READ = `details ?id=${CALL}`;
const FULL_READ = `details ?id=${CALL}&send_analysis=true`;
const HISTORY = `history ?agent_id=${AGENT}&start_date=2026-11-25T10%3A59%3A00.000Z&end_date=2026-11-25T12%3A01%3A00.000Z&limit=100&offset=0`;

const SENT = callBackBody(TO, FROM, { custom_args_values: { clinic: 'Acme' } });

const run = async (item: IDataObject, parameters: IDataObject = {}) => {
	const r = await runNode({
		type: 'voiceAgentCalling',
		parameters: callBackParams({ callId: CALL, when: 'now', ...parameters }),
		items: [{ json: structuredClone(item) }],
	});
	return { ...r, out: jsonOf(r.output) };
};

/** The sentence of a source not over, by the status the details give. */
const why = (served: string | null) => {
	const status = served === null ? null : served.trim();
	const said = status === null ? null : status.trim().toLowerCase();
	const meaning =
		said === null
			? 'the service shows no status for it, so it is not known to be over'
			: said === 'retry'
				? `its status is "${status}": the service will call again`
				: said === 'registered'
					? `its status is "${status}": it is queued or scheduled, not placed yet`
					: said === 'ongoing'
						? `its status is "${status}": it is in progress`
						: `its status is "${status}", which is not one that ends a call`;
	return `The call is not over: ${meaning}. No call-back is placed, so the callee is not called twice: call back once it has ended`;
};

const skipped = (status: string | null) => ({
	skipped: 'source_not_over',
	skip_reason: why(status),
	mobile_number: TO,
	source_status: status === null ? null : status.trim(),
	parent_call_id: CALL,
	attempt: 2,
	already_called_back: false,
});

strictNock(NOW);

describe('Call › Call Back: a source call that is not over is skipped, never placed', () => {
	/** A fresh service whose details say `status`; the run of the call as an item, or of {}. */
	async function callBackOf(
		status: string,
		itemStatus: string | undefined,
		itemIsTheCall: boolean,
	) {
		nock.cleanAll();
		const { log, bodies } = service(detailsOf(status));
		const r = await run(itemIsTheCall ? complete(itemStatus) : {});
		expect(r.error).toBeUndefined();
		return { log, bodies, r };
	}

	test('every not-over status of the details, whatever the item says: skipped, no call placed', async () => {
		await fc.assert(
			fc.asyncProperty(
				anyCase(NOT_OVER),
				fc.option(anyCase([...NOT_OVER, ...TERMINAL_STATUSES]), { nil: undefined }),
				fc.boolean(),
				async (status, itemStatus, itemIsTheCall) => {
					const { log, bodies, r } = await callBackOf(status, itemStatus, itemIsTheCall);
					// The item that is the call: one read more, for its status alone; an empty item:
					// the read Call Back makes anyway says it.
					expect(log).toEqual([itemIsTheCall ? STATUS_READ : FULL_READ]);
					expect(bodies).toEqual([]);
					expect(r.out).toEqual([skipped(status)]);
				},
			),
			{ numRuns: 60 },
		);
	});

	test('every status that ends a call, whatever the item says: placed, its details read once', async () => {
		await fc.assert(
			fc.asyncProperty(
				anyCase(TERMINAL_STATUSES),
				fc.option(anyCase([...NOT_OVER, ...TERMINAL_STATUSES]), { nil: undefined }),
				fc.boolean(),
				async (status, itemStatus, itemIsTheCall) => {
					const { log, bodies, r } = await callBackOf(status, itemStatus, itemIsTheCall);
					const read = itemIsTheCall ? STATUS_READ : FULL_READ;
					expect(log).toEqual([read, HISTORY, `agent ${AGENT}`, 'start']);
					expect(bodies).toEqual([SENT]);
					expect(r.out[0]).toMatchObject({ call_id: NEW_CALL, parent_call_id: CALL, attempt: 2 });
				},
			),
			{ numRuns: 30 },
		);
	});

	test('details without a status: the item that is the call says it; else not known to be over, skipped', async () => {
		for (const [itemStatus, placed] of [
			['completed', true],
			['failed', true],
			['retry', false],
			[undefined, false],
		] as const) {
			nock.cleanAll();
			const { log, bodies } = service(detailsOf(undefined));
			const r = await run(complete(itemStatus));
			expect(r.error).toBeUndefined();
			if (placed) {
				expect(log).toEqual([STATUS_READ, HISTORY, `agent ${AGENT}`, 'start']);
				expect(bodies).toEqual([SENT]);
			} else {
				expect(log).toEqual([STATUS_READ]);
				expect(r.out).toEqual([skipped(itemStatus ?? null)]);
			}
		}
		// An empty item tells nothing: the source is not known to be over.
		nock.cleanAll();
		const { log } = service(detailsOf(undefined));
		const r = await run({});
		expect(log).toEqual([FULL_READ]);
		expect(r.out).toEqual([skipped(null)]);
	});

	test('details that cannot be read: the item is an error, as any failed read, and nothing is placed', async () => {
		for (const [status, message] of [
			[404, 'Call not found'],
			[403, 'Not allowed'],
		] as const) {
			nock.cleanAll();
			const { log, bodies } = service({ status, detail: message });
			const r = await run(complete('completed'));
			expect(r.error?.message).toBe(message);
			expect(log).toEqual([STATUS_READ]);
			expect(bodies).toEqual([]);
		}
	});

	test('At the Requested Call-Back Time: a retrying source is skipped, not refused for its missing analysis', async () => {
		const { log } = service(detailsOf('retry'));
		const r = await run({}, { when: 'callbackAt' });
		expect(r.error).toBeUndefined();
		expect(log).toEqual([FULL_READ]);
		expect(r.out).toEqual([skipped('retry')]);
	});

	test('no read more for an item refused or skipped before: a number that cannot be called, Max Attempts', async () => {
		const { log } = service(detailsOf('completed'));
		const bad = await run({ ...complete('completed'), to_number: '12' });
		expect(bad.error?.message).toMatch(
			/^Overrides › Phone Number: the original call's number "12" /,
		);
		const last = await run({ ...complete('completed'), attempt: 3 });
		expect(last.out[0]).toMatchObject({ skipped: 'max_attempts', attempt: 4 });
		expect(log).toEqual([]);
	});
});
