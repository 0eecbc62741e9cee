/**
 * Call → Start's rerun guard in n8n's engine, nock as the only backend: when n8n runs the same
 * execution again (queue mode, a worker died), rows the first attempt dialled are found in the
 * call history and not dialled again; without evidence of an earlier attempt nothing changes.
 */
import nock from 'nock';

import { API_KEY, BASE_URL, runNode } from '../../../../helpers/harness';
import { record } from '../../../../helpers/record';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart } from '../../../../helpers/startParams';
import { unordered } from '../../../../helpers/unordered';

const NOW = Date.parse('2026-11-26T09:00:00.000Z');
const FROM_ISO = '2026-11-26T08:30:00.000Z'; // NOW - 30 min (the default look back)
const TO_ISO = '2026-11-26T09:01:00.000Z'; // NOW + 1 min (the service's clock may run ahead)

const callId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const earlierId = (n: number) => `eeeeeeee-0000-4000-8000-${String(n).padStart(12, '0')}`;
const phone = (n: number) => `+1415555${String(1000 + n)}`;
const rows = (count: number) =>
	Array.from({ length: count }, (_, n) => ({ json: { name: `Row ${n}`, phone: phone(n) } }));

const params = (settings: Record<string, unknown> = {}) => sheetStart(settings);

/** A history row as the live service lists it. */
const historyRow = (id: string, to: string, name: string, minutesAgo: number) => ({
	id,
	to_number: to,
	name,
	status: 'completed',
	sub_status: 'ACCEPTED',
	transcript: '[]',
	audio_recording: null,
	created_at: new Date(NOW - minutesAgo * 60000).toISOString(),
	agent: { id: AGENT, agent_name: 'A' },
	call_duration: 12.5,
	call_type: 'outbound',
	from_numbers: ['+14155550000'],
});

function starts() {
	const log: Array<Record<string, unknown>> = [];
	nock(BASE_URL)
		.matchHeader('x-api-key', API_KEY)
		.post('/calling/outbound/individual')
		.times(1000)
		.reply(200, (_uri, body) => {
			const b = body as Record<string, unknown>;
			log.push(b);
			const n = Number(String(b.mobile_number).slice(-4)) - 1000;
			return {
				status: 'success',
				message: 'ok',
				data: { call_id: callId(n), call_status: 'registered' },
			};
		});
	return log;
}

/** The history as one page holding these calls. */
const onePage = (...calls: Array<ReturnType<typeof historyRow>>) => [
	{ offset: 0, body: { calls, limit: 100, offset: 0, count: calls.length, total: calls.length } },
];

function history(pages: Array<{ offset: number; body: object }>) {
	const asked: Array<Record<string, string>> = [];
	for (const page of pages) {
		nock(BASE_URL)
			.matchHeader('x-api-key', API_KEY)
			.get('/calling/history')
			.query((q) => {
				asked.push(q as Record<string, string>);
				return (
					q.agent_id === AGENT &&
					q.start_date === FROM_ISO &&
					q.end_date === TO_ISO &&
					q.limit === '100' &&
					q.offset === String(page.offset) &&
					Object.keys(q).length === 5
				);
			})
			.reply(200, page.body);
	}
	return asked;
}

const noise = (count: number, from: number) =>
	Array.from({ length: count }, (_, n) =>
		historyRow(
			`aaaaaaaa-0000-4000-8000-${String(from + n).padStart(12, '0')}`,
			`+4420${7000000 + from + n}`,
			'Someone',
			20,
		),
	);

beforeEach(() => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => {
	jest.restoreAllMocks();
	nock.cleanAll();
});

test.each(['webhook', 'manual'] as const)(
	'a %s execution run again: the rows its first attempt dialled are found and not dialled twice',
	async (mode) => {
		// Two pages: 100 calls of others, then 50 more with the first attempt's 5 calls among them.
		const asked = history([
			{ offset: 0, body: { calls: noise(100, 0), limit: 100, offset: 0, count: 100, total: 150 } },
			{
				offset: 100,
				body: {
					calls: [
						...noise(45, 100),
						...[0, 1, 2, 3, 4].map((n) => historyRow(earlierId(n), phone(n), `Row ${n}`, 2)),
					],
					limit: 100,
					offset: 100,
					count: 50,
					total: 150,
				},
			},
		]);
		const log = starts();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows(12),
			parameters: params({ maxConcurrent: 4 }),
			mode,
		});
		expect(error).toBeUndefined();
		expect(asked).toHaveLength(2);
		expect(unordered(log.map((b) => b.mobile_number))).toEqual(
			unordered([5, 6, 7, 8, 9, 10, 11].map(phone)),
		);
		expect(output).toHaveLength(12);
		for (let n = 0; n < 5; n++) {
			expect(output[n].pairedItem).toEqual({ item: n });
			const row = historyRow(earlierId(n), phone(n), `Row ${n}`, 2);
			expect(output[n].json).toEqual({
				...record({
					call_id: earlierId(n),
					status: 'completed',
					sub_status: 'ACCEPTED',
					outcome: 'answered',
					direction: 'outbound',
					assistant: { id: AGENT, name: 'A' },
					from_number: '+14155550000',
					to_number: phone(n),
					callee_name: `Row ${n}`,
					created_at: row.created_at,
					duration_seconds: 12.5,
					raw: row,
				}),
				already_dialled: true,
				message: `Not dialled again: call ${earlierId(n)} to this number was started at ${new Date(
					NOW - 2 * 60000,
				).toISOString()} by an earlier attempt of this batch (n8n ran it again after a worker stopped, or the same rows were run again within Earlier Attempt Look Back). To call again on purpose, set Duplicate Protection to Off.`,
			});
		}
		expect(
			output.slice(5).map((o) => [o.json.call_id, o.json.already_dialled, o.pairedItem]),
		).toEqual([5, 6, 7, 8, 9, 10, 11].map((n) => [callId(n), undefined, { item: n }]));
	},
);

test('no evidence of an earlier attempt (none of the first rows was called): every row is dialled', async () => {
	// Row 7 was called 3 minutes ago by someone else: not this batch's earlier attempt.
	history(onePage(historyRow(earlierId(7), phone(7), 'Row 7', 3)));
	const log = starts();
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(12),
		parameters: params({ maxConcurrent: 4 }),
		mode: 'trigger',
	});
	expect(error).toBeUndefined();
	expect(log).toHaveLength(12);
	expect(output.map((o) => o.json.call_id)).toEqual(
		Array.from({ length: 12 }, (_, n) => callId(n)),
	);
});

test('a number twice in the batch and called once before: one row is skipped, the other dialled', async () => {
	history(onePage(historyRow(earlierId(0), phone(0), 'row 0', 1)));
	const log = starts();
	const { output } = await runNode({
		type: 'voiceAgentCalling',
		items: [...rows(2), { json: { name: 'Row 0', phone: '+1 415 555 1000' } }],
		parameters: params(),
		mode: 'retry',
	});
	expect(unordered(log.map((b) => b.mobile_number))).toEqual(unordered([phone(1), phone(0)]));
	expect(output.map((o) => [o.json.call_id, o.json.already_dialled ?? false])).toEqual([
		[earlierId(0), true],
		[callId(1), false],
		[callId(0), false],
	]);
});

test('a follow-up call of the completed call a trigger emitted is dialled (that call is its cause, not an earlier attempt)', async () => {
	history(onePage(historyRow(earlierId(0), phone(0), 'Row 0', 5)));
	const log = starts();
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		// The polling trigger's item: the completed call record (id, to_number, name).
		items: [{ json: { id: earlierId(0), name: 'Row 0', phone: phone(0), status: 'completed' } }],
		parameters: params(),
		mode: 'trigger',
	});
	expect(error).toBeUndefined();
	expect(log.map((b) => b.mobile_number)).toEqual([phone(0)]);
	expect(output.map((o) => [o.json.call_id, o.json.already_dialled])).toEqual([
		[callId(0), undefined],
	]);
});

test('CLI runs (never on a queue worker) read no history under Automatic; Off reads none; Always reads it anywhere', async () => {
	for (const [mode, guard] of [
		['cli', undefined],
		['webhook', 'off'],
		['manual', 'off'],
	] as const) {
		const log = starts();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows(3),
			parameters: params(guard ? { rerunGuard: guard } : {}),
			mode,
		});
		// nock answers an unexpected history read with an error: none was made.
		expect(error).toBeUndefined();
		expect(log).toHaveLength(3);
		expect(output.map((o) => o.json.call_id)).toEqual([callId(0), callId(1), callId(2)]);
		nock.cleanAll();
	}
	const asked = history([
		{ offset: 0, body: { calls: [], limit: 100, offset: 0, count: 0, total: 0 } },
	]);
	const log = starts();
	const { error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(3),
		parameters: params({ rerunGuard: 'always' }),
		mode: 'cli',
	});
	expect(error).toBeUndefined();
	expect(asked).toHaveLength(1);
	expect(log).toHaveLength(3);
});

test('a manual run reads the history under Automatic (n8n 3.x runs manual executions on queue workers) and dials a batch no earlier attempt touched', async () => {
	const asked = history([
		{ offset: 0, body: { calls: noise(3, 0), limit: 100, offset: 0, count: 3, total: 3 } },
	]);
	const log = starts();
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(3),
		parameters: params(),
		mode: 'manual',
	});
	expect(error).toBeUndefined();
	expect(asked).toHaveLength(1);
	expect(log.map((b) => b.mobile_number)).toEqual([0, 1, 2].map(phone));
	expect(output.map((o) => [o.json.call_id, o.json.already_dialled])).toEqual([
		[callId(0), undefined],
		[callId(1), undefined],
		[callId(2), undefined],
	]);
});

test('a longer look back widens the window it reads', async () => {
	nock(BASE_URL)
		.get('/calling/history')
		.query({
			agent_id: AGENT,
			start_date: '2026-11-26T07:00:00.000Z',
			end_date: TO_ISO,
			limit: '100',
			offset: '0',
		})
		.reply(200, { calls: [], limit: 100, offset: 0, count: 0, total: 0 });
	const log = starts();
	const { error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(1),
		parameters: params({ rerunLookbackMinutes: 120 }),
		mode: 'webhook',
	});
	expect(error).toBeUndefined();
	expect(log).toHaveLength(1);
});

test('the check fails: nothing is dialled, and every row says why (Continue On Fail)', async () => {
	nock(BASE_URL)
		.get('/calling/history')
		.query(true)
		.reply(401, { error: { code: '401 Unauthorized', message: 'Invalid credentials' } });
	const log = starts();
	const { output } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(3),
		parameters: params(),
		mode: 'webhook',
		continueOnFail: true,
	});
	expect(log).toHaveLength(0);
	expect(output).toHaveLength(3);
	for (const [n, item] of output.entries()) {
		expect(item.pairedItem).toEqual({ item: n });
		expect(String(item.json.error)).toMatch(/Invalid credentials|Authorization failed/);
	}
});

test('Wait for Call to End: a row dialled by the earlier attempt is watched to its end, flagged', async () => {
	// The watcher sleeps on a moving clock.
	jest.restoreAllMocks();
	const asked: Array<Record<string, string>> = [];
	nock(BASE_URL)
		.get('/calling/history')
		.query((q) => (asked.push(q as Record<string, string>), true))
		.times(2)
		.reply(200, () => ({
			calls: [historyRow(earlierId(0), phone(0), 'Row 0', 1)],
			limit: 100,
			offset: 0,
			count: 1,
			total: 1,
		}));
	const log = starts();
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		items: rows(1),
		parameters: { ...params({ pollIntervalSeconds: 2 }), waitForCompletion: true },
		mode: 'webhook',
	});
	expect(error).toBeUndefined();
	expect(log).toHaveLength(0);
	// The guard's window (30 min back, 1 min ahead), then the watcher's around the call (±1 s).
	expect(asked).toHaveLength(2);
	expect(Date.parse(asked[0].end_date) - Date.parse(asked[0].start_date)).toBe(31 * 60000);
	expect(Date.parse(asked[1].end_date) - Date.parse(asked[1].start_date)).toBe(2000);
	expect(asked[1].start_date).toBe(new Date(NOW - 60000 - 1000).toISOString());
	expect(output).toHaveLength(1);
	expect(output[0].json).toMatchObject({
		already_dialled: true,
		earlier_call_id: earlierId(0),
		call_id: earlierId(0),
		status: 'completed',
		timed_out: false,
	});
});

describe('Duplicate Protection, the main field, and the old setting in its group', () => {
	/** Runs three rows in an execution of `mode`; returns how many history reads were made. */
	async function run(settings: Record<string, unknown>, mode: 'webhook' | 'manual' | 'cli') {
		const asked = history(onePage());
		const log = starts();
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows(3),
			parameters: params(settings),
			mode,
		});
		expect(error).toBeUndefined();
		expect(log).toHaveLength(3);
		const reads = asked.length;
		nock.cleanAll();
		return reads;
	}

	test.each([
		['unset: Automatic, in a queue-run execution', {}, 'webhook', 1],
		['unset: Automatic, in a manual run (on a queue worker in n8n 3.x)', {}, 'manual', 1],
		['unset: Automatic, not in a CLI run', {}, 'cli', 0],
		['Off', { duplicateProtection: 'off' }, 'webhook', 0],
		['Off, in a manual run', { duplicateProtection: 'off' }, 'manual', 0],
		['Always, also in a CLI run', { duplicateProtection: 'always' }, 'cli', 1],
		// A workflow saved with the mode in the group still runs as saved.
		['the old setting Off, main field left Automatic', { rerunGuard: 'off' }, 'webhook', 0],
		['the old setting Always', { rerunGuard: 'always' }, 'cli', 1],
		// The main field, once changed, decides.
		[
			'main field Always over the old Off',
			{ duplicateProtection: 'always', rerunGuard: 'off' },
			'cli',
			1,
		],
		[
			'main field Off over the old Always',
			{ duplicateProtection: 'off', rerunGuard: 'always' },
			'webhook',
			0,
		],
	] as const)('%s', async (_name, settings, mode, reads) => {
		expect(await run(settings, mode)).toBe(reads);
	});

	test('a bad value is refused before any request, naming the field', async () => {
		const seen: string[] = [];
		nock.emitter.on('no match', (req: { path?: string }) => seen.push(String(req.path)));
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			items: rows(1),
			parameters: params({ duplicateProtection: 'sometimes' }),
			mode: 'webhook',
		});
		nock.emitter.removeAllListeners('no match');
		expect(error?.message).toBe(
			'Duplicate Protection: "sometimes" is not one of "auto", "always", "off" [item 0]',
		);
		expect(seen).toEqual([]);
	});
});
