/**
 * Missing Prompt Variables: before anyone is called, Start reads each assistant of the batch
 * once and refuses (by default) a row that gives no value for a @{{variable}} the assistant's
 * prompt or intro uses; Call and Warn calls it with a warning; a multi_node assistant cannot
 * be checked (a warning, never a refusal). Holds with Continue On Fail, concurrency, Dry Run,
 * Retry On Fail and as an AI agent tool.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { VoiceAgentCalling } from '../../../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { asTool, BASE_URL, jsonOf, recordAll, runNode } from '../../../../helpers/harness';
import { AGENT } from '../../../../helpers/fixtures';
import { sheetStart } from '../../../../helpers/startParams';
import { unordered } from '../../../../helpers/unordered';

const OTHER_AGENT = 'b2b2b2b2-0000-4000-8000-000000000002';
const PROMPT =
	'You are Maya from @{{clinic}}. Remind @{{callee_name}} of the appointment on @{{date}} at @{{time}}.';
const USES = '@{{clinic}}, @{{callee_name}}, @{{date}}, @{{time}}';

/** The assistant as the vendor reference shows it (flat). */
const flat = (prompt: string | null, intro = 'Hi @{{callee_name}}!') => ({
	id: AGENT,
	agent_config: { agent_prompt: prompt, intro_message: intro, custom_variables: [] },
});
/** A multi_node assistant as the live service answers (versioned, no prompt). */
const multiNode = {
	id: AGENT,
	orchestration_mode: 'multi_node',
	active_agent_version_id: 'v1',
	version_details: { v1: { version_id: 'v1', agent_config: { agent_prompt: null } } },
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
	nock.cleanAll();
	nock.emitter.removeAllListeners('no match');
});

/**
 * The service: every request in order as "GET /agent/<id>" or "POST <number>", the bodies
 * of the starts, and numbers that answer 500.
 */
function service(agents: Record<string, unknown> = { [AGENT]: flat(PROMPT) }, failing = '') {
	const log: string[] = [];
	const bodies: IDataObject[] = [];
	const unmatched = recordAll();
	nock(BASE_URL)
		.persist()
		.get(/^\/ca\/api\/v0\/agent\/[^/]+$/)
		.reply((uri) => {
			const id = uri.split('/').pop() as string;
			log.push(`GET /agent/${id}`);
			return agents[id] ? [200, { agents: agents[id] }] : [404, { detail: 'Agent not found' }];
		});
	nock(BASE_URL)
		.persist()
		.post('/calling/outbound/individual')
		.reply((_uri, body) => {
			const b = body as IDataObject;
			log.push(`POST ${String(b.mobile_number)}`);
			bodies.push(b);
			if (failing && b.mobile_number === failing) return [500, { detail: 'upstream failed' }];
			const n = String(b.mobile_number).slice(-1);
			return [
				200,
				{
					message: 'Call initiated successfully',
					data: { call_id: `00000000-0000-4000-8000-00000000000${n}`, call_status: 'registered' },
				},
			];
		});
	return { log, bodies, unmatched };
}

/** Rows of a sheet: every column but name and phone goes to the assistant as a variable. */
const params = (settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
	sheetStart(
		{ missingVariables: 'refuse', ...settings },
		{ variablesMode: 'row', variablesExclude: 'name, phone', ...extra },
	);
const row = (n: number, json: IDataObject = {}): INodeExecutionData => ({
	json: { name: `Row ${n}`, phone: `+1415555100${n}`, ...json },
});
const full = { clinic: 'Sunrise Clinic', date: 'June 6', time: '10:30' };
const NOBODY = 'Nobody was called: the batch stops before any call when a row lacks a variable';
const FIX =
	'Give each a value (a column of the sheet with Custom Variables: All Input Fields, or a Key/Value pair), or set Missing Prompt Variables to Call and Warn.';
const summary = (output: INodeExecutionData[]) =>
	output.map((o) => [o.pairedItem, o.json.error ?? o.json.call_id, o.json.warnings]);

describe('Refuse (the default): nobody is called when a row lacks a variable', () => {
	test('one read of the assistant for the whole batch; every bad row named; no call', async () => {
		const { log, unmatched } = service();
		const refused = await runNode({
			type: 'voiceAgentCalling',
			// The setting unset (as a new node stores it): its default refuses.
			parameters: params({ missingVariables: undefined }),
			items: [
				row(0, { city: 'Pune' }),
				row(1, full),
				row(2, { clinic: 'Sunrise Clinic', time: '10:30' }),
			],
		});
		expect(refused.output).toEqual([]);
		expect(refused.error?.message).toBe(
			'Custom Variables: 2 rows give no value for variables their assistant uses: item 0 lacks @{{clinic}}, @{{date}}, @{{time}}; item 2 lacks @{{date}} [item 0]',
		);
		expect(refused.error?.description).toBe(
			`${NOBODY} (with Continue On Fail, the other rows are called). The assistant's prompt and intro use ${USES}. ${FIX}`,
		);
		expect(log).toEqual([`GET /agent/${AGENT}`]);
		expect(unmatched).toEqual([]);
	});

	test('many bad rows: the first five named with what each lacks, then how many more', async () => {
		const { log, unmatched } = service();
		const refused = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => row(n, n === 2 ? full : { ...full, time: '' })),
		});
		expect(refused.error?.message).toBe(
			'Custom Variables: 7 rows give no value for variables their assistant uses: item 0 lacks @{{time}}; item 2 lacks @{{time}}; item 3 lacks @{{time}}; item 4 lacks @{{time}}; item 5 lacks @{{time}}; and 2 more rows [item 0]',
		);
		expect(log).toEqual([`GET /agent/${AGENT}`]);
		expect(unmatched).toEqual([]);
	});

	test('one bad row keeps its own words, and says that nobody was called', async () => {
		const { log, unmatched } = service();
		const refused = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: [row(1, full), row(2, { ...full, date: ' ' })],
		});
		expect(refused.error?.message).toBe(
			`Custom Variables: the assistant uses @{{date}} but this row gives no value for it (its prompt and intro use ${USES}) [item 1]`,
		);
		expect(refused.error?.description).toBe(`${NOBODY}. ${FIX}`);
		expect(log).toEqual([`GET /agent/${AGENT}`]);
		expect(unmatched).toEqual([]);
	});

	test('Continue On Fail with 2 at a time: the bad rows fail, the others are dialled, one read', async () => {
		const { log, bodies } = service();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			parameters: params({ maxConcurrent: 2 }),
			items: [
				row(1, full),
				row(2, { ...full, time: ' ' }),
				row(3, full),
				row(4, { date: 'June 7', time: '09:15' }),
				row(5, full),
			],
		});
		expect(error).toBeUndefined();
		const refusal = (missing: string, them: string) =>
			`Custom Variables: the assistant uses ${missing} but this row gives no value for ${them} (its prompt and intro use ${USES})`;
		expect(summary(output)).toEqual([
			[{ item: 0 }, '00000000-0000-4000-8000-000000000001', undefined],
			[{ item: 1 }, `${refusal('@{{time}}', 'it')} [item 1]`, undefined],
			[{ item: 2 }, '00000000-0000-4000-8000-000000000003', undefined],
			[{ item: 3 }, `${refusal('@{{clinic}}', 'it')} [item 3]`, undefined],
			[{ item: 4 }, '00000000-0000-4000-8000-000000000005', undefined],
		]);
		// Each refused row's own item says what happened to it alone.
		expect([output[1].json.description, output[3].json.description]).toEqual([
			`This row was not called. ${FIX}`,
			`This row was not called. ${FIX}`,
		]);
		expect(log[0]).toBe(`GET /agent/${AGENT}`);
		expect(log.slice(1).sort()).toEqual([
			'POST +14155551001',
			'POST +14155551003',
			'POST +14155551005',
		]);
		expect(bodies.find((b) => b.mobile_number === '+14155551001')).toEqual({
			name: 'Row 1',
			mobile_number: '+14155551001',
			agent_id: AGENT,
			from_number: '+14155550000',
			custom_args_values: full,
		});
	});

	test('callee_name and mobile_number come from the call: only a blank Callee Name lacks one', async () => {
		const { log } = service({ [AGENT]: flat('Call @{{callee_name}} at @{{mobile_number}}.', '') });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			parameters: params(),
			items: [row(1), row(2, { name: '' })],
		});
		expect(summary(output)).toEqual([
			[{ item: 0 }, '00000000-0000-4000-8000-000000000001', undefined],
			[
				{ item: 1 },
				'Custom Variables: the assistant uses @{{callee_name}} but this row gives no value for it (its prompt and intro use @{{callee_name}}, @{{mobile_number}}) [item 1]',
				undefined,
			],
		]);
		expect(log).toEqual([`GET /agent/${AGENT}`, 'POST +14155551001']);
	});

	test('a placeholder of the intro message counts too', async () => {
		const { log } = service({ [AGENT]: flat('Be kind.', 'Hello from @{{clinic}}') });
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: [row(1)],
		});
		expect(error?.message).toBe(
			'Custom Variables: the assistant uses @{{clinic}} but this row gives no value for it (its prompt and intro use @{{clinic}}) [item 0]',
		);
		expect(log).toEqual([`GET /agent/${AGENT}`]);
	});

	test('two assistants in one batch: each read once, each row checked against its own', async () => {
		const { log } = service({
			[AGENT]: flat(PROMPT),
			[OTHER_AGENT]: flat('Ask @{{callee_name}} about @{{product}}.'),
		});
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			parameters: params(
				{},
				{ assistant: { __rl: true, mode: 'id', value: '={{ $json.agent }}' } },
			),
			items: [
				row(1, { agent: AGENT, ...full }),
				row(2, { agent: OTHER_AGENT, product: 'Solar' }),
				row(3, { agent: OTHER_AGENT, ...full }),
				row(4, { agent: AGENT, ...full }),
			],
		});
		// The row's "agent" column is sent as a variable too: not about this check.
		expect(output.map((o) => o.json.error ?? o.json.call_id)).toEqual([
			'00000000-0000-4000-8000-000000000001',
			'00000000-0000-4000-8000-000000000002',
			'Custom Variables: the assistant uses @{{product}} but this row gives no value for it (its prompt and intro use @{{callee_name}}, @{{product}}) [item 2]',
			'00000000-0000-4000-8000-000000000004',
		]);
		expect(log.filter((l) => l.startsWith('GET')).sort()).toEqual(
			[`GET /agent/${AGENT}`, `GET /agent/${OTHER_AGENT}`].sort(),
		);
	});
});

describe('Call and Warn, multi_node, Ignore', () => {
	test('Call and Warn: every row is dialled; a row lacking variables says so on its output', async () => {
		const { log } = service();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ missingVariables: 'warn' }),
			items: [row(1, full), row(2, { clinic: 'Sunrise Clinic' })],
		});
		expect(error).toBeUndefined();
		expect(summary(output)).toEqual([
			[{ item: 0 }, '00000000-0000-4000-8000-000000000001', undefined],
			[
				{ item: 1 },
				'00000000-0000-4000-8000-000000000002',
				[
					`Missing prompt variables: the assistant uses @{{date}}, @{{time}} but this row gives no value for them (its prompt and intro use ${USES})`,
				],
			],
		]);
		// The assistant is read before any dial; the two rows leave together.
		expect(log[0]).toBe(`GET /agent/${AGENT}`);
		expect(unordered(log.slice(1))).toEqual(['POST +14155551001', 'POST +14155551002']);
	});

	test('a multi_node assistant cannot be checked: the rows are called, with a notice', async () => {
		const { log } = service({ [AGENT]: multiNode });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: [row(1)],
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)[0].warnings).toEqual([
			'Prompt variables not checked: multi_node assistant: its prompts live in its nodes and cannot be read through the API, so the variables it uses were not checked.',
		]);
		expect(log).toEqual([`GET /agent/${AGENT}`, 'POST +14155551001']);
	});

	test('Ignore: the assistant is not read', async () => {
		const { log, unmatched } = service();
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ missingVariables: 'ignore' }),
			items: [row(1)],
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)[0].warnings).toBeUndefined();
		expect(log).toEqual(['POST +14155551001']);
		expect(unmatched).toEqual([]);
	});
});

describe('Dry Run shows the check', () => {
	test('each row: the variables used and those missing; Refuse still refuses', async () => {
		const { log } = service();
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			parameters: params({ dryRun: true }),
			items: [row(1, full), row(2, { city: 'Pune' })],
		});
		expect(jsonOf(output)).toEqual([
			{
				dry_run: true,
				body: {
					name: 'Row 1',
					mobile_number: '+14155551001',
					agent_id: AGENT,
					from_number: '+14155550000',
					custom_args_values: full,
				},
				prompt_variables: { uses: ['clinic', 'callee_name', 'date', 'time'], missing: [] },
			},
			{
				error: `Custom Variables: the assistant uses @{{clinic}}, @{{date}}, @{{time}} but this row gives no value for them (its prompt and intro use ${USES}) [item 1]`,
				description: expect.stringContaining('Missing Prompt Variables to Call and Warn'),
			},
		]);
		expect(log).toEqual([`GET /agent/${AGENT}`]);
	});

	test('Call and Warn: the warning and the missing names on the row', async () => {
		service();
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params({ dryRun: true, missingVariables: 'warn' }),
			items: [row(2, { city: 'Pune' })],
		});
		expect(jsonOf(output)[0]).toMatchObject({
			dry_run: true,
			warnings: [
				`Missing prompt variables: the assistant uses @{{clinic}}, @{{date}}, @{{time}} but this row gives no value for them (its prompt and intro use ${USES})`,
			],
			prompt_variables: {
				uses: ['clinic', 'callee_name', 'date', 'time'],
				missing: ['clinic', 'date', 'time'],
			},
		});
	});
});

describe('the read of the assistant fails: nobody is called', () => {
	test('404: the run fails before dialling', async () => {
		const { log } = service({});
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: params(),
			items: [row(1, full), row(2, full)],
		});
		expect(error?.message).toBe('Agent not found');
		expect(error?.description).toMatch(
			/^The assistant is read before anyone is called, to check the variables its prompt uses \(Missing Prompt Variables\)\. Nobody was called: the batch stops before any call when an assistant cannot be read\./,
		);
		expect(log).toEqual([`GET /agent/${AGENT}`]);
	});

	test('with Continue On Fail every row of that assistant fails, explained once', async () => {
		const { log } = service({});
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			parameters: params({ missingVariables: 'warn' }),
			items: [row(1, full), row(2, full)],
		});
		expect(output.map((o) => o.json.error)).toEqual(['Agent not found', 'Agent not found']);
		for (const o of output) {
			expect(String(o.json.description)).toMatch(
				/^The assistant is read before anyone is called, to check the variables its prompt uses \(Missing Prompt Variables\)\. The rows of this assistant were not called\./,
			);
			expect(String(o.json.description).match(/were not called/g)).toHaveLength(1);
		}
		expect(log).toEqual([`GET /agent/${AGENT}`]);
	});
});

describe('with n8n around it', () => {
	test('as an AI agent tool: refused the same way, nobody called', async () => {
		const { log } = service();
		const { error } = await runNode({
			type: 'voiceAgentCallingTool',
			nodeType: asTool(new VoiceAgentCalling()),
			parameters: params(),
			items: [row(1, { city: 'Pune' })],
		});
		expect(error?.message).toContain('Custom Variables: the assistant uses @{{clinic}}');
		expect(log).toEqual([`GET /agent/${AGENT}`]);
	});

	test('Retry On Fail: the check runs in every try, and no number is dialled twice', async () => {
		const { log } = service(undefined, '+14155551003');
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
			parameters: params(),
			items: [row(1, full), row(2, { city: 'Pune' }), row(3, full)],
		});
		// Row 2 is refused in every try before anyone is called.
		expect(output).toEqual([]);
		expect(error?.message).toContain('[item 1]');
		expect(log).toEqual([`GET /agent/${AGENT}`, `GET /agent/${AGENT}`, `GET /agent/${AGENT}`]);
	});

	test('Retry On Fail after a failed call: each number dialled once', async () => {
		const { log } = service(undefined, '+14155551003');
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
			parameters: params(),
			items: [row(1, full), row(2, full), row(3, full)],
		});
		expect(error?.message).toBe('upstream failed');
		expect(log.filter((l) => l.startsWith('POST')).sort()).toEqual([
			'POST +14155551001',
			'POST +14155551002',
			'POST +14155551003',
		]);
		expect(log.filter((l) => l.startsWith('GET'))).toEqual([
			`GET /agent/${AGENT}`,
			`GET /agent/${AGENT}`,
			`GET /agent/${AGENT}`,
		]);
	});
});
