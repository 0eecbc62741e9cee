/**
 * Start's dialling (dial.ts): every row with a body is started once (its path by its body),
 * a row already decided keeps its result, the start answer is the row's output (data and
 * message), and an answer whose data is not an object is the row's error, saying the call may
 * have been placed. Each start and each failure is told as it happens.
 */
import type { IDataObject } from 'n8n-workflow';

import { Pacer } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/batch';
import {
	dialAll,
	type DialJob,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/dial';
import { callId } from '../../../../helpers/checkCalls';
import { AGENT } from '../../../../helpers/fixtures';
import { CREDENTIALS, expectAllMocksUsed, mockApi } from '../../../../helpers/harness';
import { probe } from '../../../../helpers/probe';

expectAllMocksUsed();

const body = (to: string, extra: IDataObject = {}) => ({
	agent_id: AGENT,
	to_number: to,
	...extra,
});

/** dialAll over `jobs` at item 0, one at a time: each row's result, and what it was told. */
const dial = (jobs: DialJob[]) =>
	probe(async (ctx, i) => {
		if (i > 0) return null;
		const told: string[] = [];
		const results = await dialAll(ctx, jobs, {
			concurrency: 1,
			pacer: new Pacer(0),
			credentials: CREDENTIALS,
			onStarted: (k, started) => told.push(`started ${k} ${String(started.call_id)}`),
			onFailed: (k) => told.push(`failed ${k}`),
			stop: () => false,
		});
		return {
			told,
			results: results.map((r) =>
				r === undefined
					? 'none'
					: r.ok
						? r.output
						: [r.error.message, (r.error as Error & IDataObject).description],
			),
		};
	});

test('each row started once, by its path; a decided row kept as it is', async () => {
	mockApi()
		.post('/calling/outbound/individual', body('+14155550100'))
		.reply(200, { data: { call_id: callId(1) }, message: 'Call initiated' });
	mockApi()
		.post('/calling/v2/outbound/individual', body('+14155550101', { voice_id: 'v1' }))
		.reply(200, { data: { call_id: callId(2) }, message: 'Call initiated' });
	const skipped = { ok: true as const, output: { skipped: true } };
	const { values, error } = await dial([
		{ body: body('+14155550100') },
		{ result: skipped },
		{ result: undefined },
		{ body: body('+14155550101', { voice_id: 'v1' }) },
	]);
	expect(error).toBeUndefined();
	expect(values[0]).toEqual({
		told: [`started 0 ${callId(1)}`, `started 3 ${callId(2)}`],
		results: [
			{ call_id: callId(1), message: 'Call initiated' },
			{ skipped: true },
			'none',
			{ call_id: callId(2), message: 'Call initiated' },
		],
	});
});

test('data that is not an object: the row fails, the call maybe placed; a refusal fails its row', async () => {
	mockApi()
		.post('/calling/outbound/individual', body('+14155550100'))
		.reply(200, { data: [callId(1)], message: 'Call initiated' });
	mockApi()
		.post('/calling/outbound/individual', body('+14155550101'))
		.reply(400, { detail: 'Invalid phone number' });
	const { values } = await dial([{ body: body('+14155550100') }, { body: body('+14155550101') }]);
	expect(values[0]).toEqual({
		told: ['failed 0', 'failed 1'],
		results: [
			[
				'Unexpected answer from the service: POST /calling/outbound/individual: data should be an object but is a list',
				'The answer does not have the shape the API documents. Check that the Base URL of the credential points at the voice agent API; if it does, the service may have changed. The call may have been placed: check the call history before starting this row again.',
			],
			[
				'Invalid phone number',
				'The service rejected a field or parameter. Check the values named in the message.',
			],
		],
	});
});
