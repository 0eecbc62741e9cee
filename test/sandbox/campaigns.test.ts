import { createHash } from 'node:crypto';

import { multipartBody, type FormPart } from '../../nodes/shared/http/multipart';
import type { CallView, Sandbox } from '../../sandbox';
import { AGENT_1, AGENT_2, FROM, NUMBER_1, UNKNOWN_UUID, parseCsv, type Client } from './helpers';
import { useSandbox } from '../helpers/sandbox';

/**
 * Campaigns in the sandbox (FACTS "Campaigns"): the standard flow (save, start, v2 start), the
 * large flow in both documented variants and both step orders, the calls they run on the
 * sandbox clock, history by bulk_list_id, terminate, and the control endpoints.
 */

let sb: Sandbox;
let api: Client;
const sandbox = useSandbox((started) => ({ sb, api } = started));

const POOL = 'c9c9c9c9-0000-4000-8000-000000000001';
const POOL_NUMBER = '+14155550101';
const USER_2 = 'd4d4d4d4-0000-4000-8000-000000000002';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MINUTE = 60_000;
// The sandbox clock starts 2025-06-02T08:00:00Z, 13:30 in Asia/Kolkata.
const START_IST = '02/06/2025, 14:00'; // 08:30Z, 30 minutes ahead
const END_IST = '02/06/2025, 20:00'; // 14:30Z
const START_UTC = '2025-06-02T08:30:00.000Z';
const END_UTC = '2025-06-02T14:30:00.000Z';

/** Four rows: quoting, a doubled quote, unicode; the last number is bad. */
const CSV = [
	'Name,Mobile Number,Clinic',
	'Ana Lima,+14155556001,"Sunrise Dental, Main St"',
	'"Bo ""Bobby"" Chen",+14155556013,City Eye Care',
	'Zoë Ümit,+14155556099,"Ünïcode Clinic\nFloor 2"',
	'Bad Row,12345,X',
].join('\r\n');
const MAP = { callee_name: 'Name', clinic: 'Clinic' };
const CONTACTS = [
	{ callee_name: 'Ana Lima', clinic: 'Sunrise Dental, Main St' },
	{ callee_name: 'Bo "Bobby" Chen', clinic: 'City Eye Care' },
	{ callee_name: 'Zoë Ümit', clinic: 'Ünïcode Clinic\nFloor 2' },
];
const NUMBERS = ['+14155556001', '+14155556013', '+14155556099'];
const CALL_CONFIG = { call_retry_config: { retry_count: 0 } };

type Fields = Record<string, string | undefined>;

/** A form: the CSV as file part `file`, then the fields (undefined ones left out). */
function form(fields: Fields, csv: string | Buffer = CSV): FormPart[] {
	const parts: FormPart[] = [
		{
			name: 'file',
			filename: 'contacts.csv',
			contentType: 'text/csv',
			data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'),
		},
	];
	for (const [name, value] of Object.entries(fields))
		if (value !== undefined) parts.push({ name, value });
	return parts;
}

const saveFields = (over: Fields = {}): Fields => ({
	variables_map: JSON.stringify(MAP),
	agent_id: AGENT_1,
	campaign_name: 'June recall',
	call_config: JSON.stringify(CALL_CONFIG),
	country_code: '+1',
	campaign_start_time: START_IST,
	campaign_end_time: END_IST,
	...over,
});

async function post(path: string, parts: FormPart[], key: string | null = sb.apiKey) {
	const { body, contentType } = multipartBody(parts);
	const headers: Record<string, string> = { 'Content-Type': contentType };
	if (key !== null) headers['X-API-KEY'] = key;
	const res = await fetch(sb.url + path, { method: 'POST', headers, body });
	return { status: res.status, body: (await res.json()) as any };
}

const save = (over: Fields = {}, csv: string | Buffer = CSV) =>
	post('/campaign/save', form(saveFields(over), csv));

async function saved(over: Fields = {}, csv: string | Buffer = CSV): Promise<string> {
	const res = await save(over, csv);
	expect(res.status).toBe(200);
	return res.body.list_id;
}

async function campaign(id: string) {
	const res = await api.get('/campaign/all?limit=1000');
	return res.body.campaigns.find((c: any) => c.id === id);
}

async function history(listId: string) {
	const day = (n: number) => new Date(sb.now() + n * 86_400_000).toISOString();
	const q = `start_date=${day(-1)}&end_date=${day(1)}&limit=100`;
	return (await api.get(`/calling/history?${q}&bulk_list_id=${listId}`)).body.calls;
}

const control = async (method: string, path: string, body?: unknown) => {
	const res = await fetch(sb.origin + path, {
		method,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as any };
};

const callsOf = (listId: string): CallView[] =>
	sb.store.calls.filter((c: any) => c.bulk_list_id === listId).map((c: any) => sb.call(c.id)!);

/** A CSV of n contacts whose numbers end in 00..99 in turn (so outcomes vary). */
function bigCsv(n: number, bad = 0) {
	const lines = ['Name,Mobile Number'];
	for (let i = 0; i < n; i++)
		lines.push(`Person ${i},+1415${String(5000000 + i).padStart(7, '0')}`);
	for (let i = 0; i < bad; i++) lines.push(`Nobody ${i},`);
	return lines.join('\n') + '\n';
}

describe('standard flow: save, start, the calls on the clock', () => {
	test('end to end: save -> scheduled -> ongoing -> completed, calls with bulk_list_id and the row variables', async () => {
		const res = await save();
		expect(res).toEqual({
			status: 200,
			body: {
				message: 'Contacts imported successfully!',
				list_id: expect.stringMatching(UUID),
				custom_args_values: CONTACTS,
				total_rows: 4,
				successful_rows: 3,
				failed_rows: 1,
			},
		});
		const id = res.body.list_id;
		const created = new Date(sb.now()).toISOString();
		expect(await campaign(id)).toEqual({
			id,
			name: 'June recall',
			campaign_status: 'draft',
			created_at: created,
			updated_at: created,
			campaign_start_time: START_UTC,
			campaign_end_time: END_UTC,
			total_count: 3,
			registered_count: 0,
			completed_count: 0,
		});
		expect(await history(id)).toEqual([]);

		const start = await api.post('/campaign/start', {
			agent_id: AGENT_1,
			list_id: id,
			from_numbers: [FROM],
		});
		expect(start).toMatchObject({
			status: 200,
			body: { status: 'campaign registered successfully!', has_ongoing_calls: false },
		});
		expect(Object.keys(start.body)).toEqual(['status', 'has_ongoing_calls']);
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'scheduled',
			total_count: 3,
			registered_count: 3,
			completed_count: 0,
		});
		const queued = callsOf(id);
		expect(queued.map((c) => [c.to_number, c.name, c.status, c.call_sub_status])).toEqual([
			[NUMBERS[0], 'Ana Lima', 'registered', 'QUEUED'],
			[NUMBERS[1], 'Bo "Bobby" Chen', 'registered', 'QUEUED'],
			[NUMBERS[2], 'Zoë Ümit', 'registered', 'QUEUED'],
		]);
		expect(queued.map((c) => c.custom_args_values)).toEqual(CONTACTS);
		expect(queued.every((c) => c.bulk_list_id === id && c.from_numbers[0] === FROM)).toBe(true);

		sb.advance(30 * MINUTE - 1); // not yet
		expect((await campaign(id)).campaign_status).toBe('scheduled');
		expect(callsOf(id).every((c) => c.status === 'registered')).toBe(true);
		sb.advance(1);
		expect((await campaign(id)).campaign_status).toBe('ongoing');
		expect(callsOf(id).map((c) => c.status)).toEqual(['ongoing', 'ongoing', 'ongoing']);

		sb.advance(10 * MINUTE);
		const done = callsOf(id);
		expect(done.map((c) => [c.status, c.voicemail_detected])).toEqual([
			['completed', false],
			['failed', false], // ..13 never picks up; retry_count 0
			['completed', true], // ..99 voicemail
		]);
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'completed',
			total_count: 3,
			registered_count: 0,
			completed_count: 2,
		});
		// The transcript speaks the row's variables.
		expect(JSON.parse(done[0].transcript)[0].bot).toContain('Ana Lima');

		const rows = await history(id);
		expect(rows.map((r: any) => r.id).sort()).toEqual(done.map((c) => c.id).sort());
		expect(rows.map((r: any) => r.to_number).sort()).toEqual([...NUMBERS].sort());
	});

	test('webhook payloads carry bulk_list_id and the row variables', async () => {
		const edit = await api.patch('/agent/v1', {
			operation: 'edit_event_subscriptions',
			agent_id: AGENT_1,
			event_subscriptions: [
				{ event_type: ['call_completed'], callback_url: 'https://hooks.example.com/voice' },
			],
		});
		expect(edit.status).toBe(200);
		const id = await saved();
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] });
		sb.advance(40 * MINUTE);
		const events = sb.deliveries.filter((d) => d.event_type === 'call_completed');
		expect(events).toHaveLength(3);
		expect(events.map((d) => [d.body.bulk_list_id, d.body.custom_args_values])).toEqual(
			expect.arrayContaining(CONTACTS.map((v) => [id, v])),
		);
	});

	test("a bad week's calls that never ring stay registered when their campaign releases them", async () => {
		sb.setWeek({ mix: 'never_ends=1', neverEnds: 'registered' });
		const id = await saved();
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] });
		sb.advance(40 * MINUTE);
		expect(sb.rings().map((r) => [r.status, r.rings.length])).toEqual([
			['registered', 0],
			['registered', 0],
			['registered', 0],
		]);
	});

	test('300 contacts at speed 20: at most 50 calls at once, all done within a minute of the start', async () => {
		await sandbox.restart({ speed: 20 });
		const id = await saved({ variables_map: '{"callee_name":"Name"}' }, bigCsv(300, 7));
		let live = 0;
		let most = 0;
		const final = ['completed', 'failed', 'error', 'cancelled'];
		sb.store.listeners.push((change: any) => {
			if (change.call.bulk_list_id !== id) return;
			if (change.to === 'ongoing' && change.from !== 'ongoing' && change.from !== 'retry') live++;
			if (final.includes(change.to) && change.from !== null && change.from !== 'registered') live--;
			most = Math.max(most, live);
		});
		expect(
			(await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] }))
				.status,
		).toBe(200);
		expect(await campaign(id)).toMatchObject({ total_count: 300, registered_count: 300 });
		sb.advance(30 * MINUTE);
		expect(callsOf(id).filter((c) => c.status === 'ongoing')).toHaveLength(50);
		sb.advance(60_000);
		expect(most).toBe(50);
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'completed',
			registered_count: 0,
			completed_count: callsOf(id).filter((c) => c.status === 'completed').length,
		});
		expect(callsOf(id)).toHaveLength(300);
	});

	test('real clock (as end-to-end suites run it): past the start time, the calls run by themselves to the end', async () => {
		await sandbox.restart({ clock: 'real', speed: 100 });
		const utc = (ms: number) => {
			const iso = new Date(ms).toISOString();
			return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}, ${iso.slice(11, 16)}`;
		};
		const id = await saved(
			{
				variables_map: '{"callee_name":"Name"}',
				call_config: JSON.stringify({ call_time: { timezone: 'UTC' } }),
				campaign_start_time: utc(sb.now() + 2 * MINUTE),
				campaign_end_time: utc(sb.now() + 60 * MINUTE),
			},
			bigCsv(120),
		);
		const final = ['completed', 'failed', 'error'];
		const ours = () => sb.store.calls.filter((c: any) => c.bulk_list_id === id);
		const ended = new Promise<void>((resolve) =>
			sb.store.listeners.push(() => {
				const calls = ours();
				if (calls.length === 120 && calls.every((c: any) => final.includes(c.status))) resolve();
			}),
		);
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] });
		expect((await campaign(id)).campaign_status).toBe('scheduled');
		expect((await control('POST', '/__sandbox/advance', { ms: 3 * MINUTE })).status).toBe(200);
		await ended;
		expect(await campaign(id)).toMatchObject({ campaign_status: 'completed', registered_count: 0 });
		expect(await history(id)).toHaveLength(100); // one page of the 120
	});

	test('from_numbers: phone numbers or number ids, calls spread over them in turn', async () => {
		const id = await saved();
		await api.post('/campaign/start', {
			agent_id: AGENT_1,
			list_id: id,
			from_numbers: [NUMBER_1, POOL_NUMBER],
		});
		expect(callsOf(id).map((c) => c.from_numbers)).toEqual([[FROM], [POOL_NUMBER], [FROM]]);
		expect(sb.campaigns()[0].started).toMatchObject({
			via: 'POST /campaign/start',
			from_numbers: [NUMBER_1, POOL_NUMBER],
			numbers: [FROM, POOL_NUMBER],
		});
	});

	test('v2 start with a number pool and completion e-mails', async () => {
		const id = await saved();
		const res = await api.post('/campaign/v2/start', {
			agent_id: AGENT_1,
			list_id: id,
			number_pool_id: POOL,
			email_completion_user_ids: [USER_2],
		});
		expect(res.body).toEqual({
			status: 'campaign registered successfully!',
			has_ongoing_calls: false,
		});
		expect(callsOf(id).map((c) => c.from_numbers)).toEqual([
			[POOL_NUMBER],
			[POOL_NUMBER],
			[POOL_NUMBER],
		]);
		expect(sb.campaigns()[0].started).toMatchObject({
			via: 'POST /campaign/v2/start',
			number_pool_id: POOL,
			email_completion_user_ids: [USER_2],
		});
		const again = await api.post('/campaign/v2/start', {
			agent_id: AGENT_1,
			list_id: id,
			number_pool_id: POOL,
		});
		expect(again).toMatchObject({ status: 400, body: { detail: 'Campaign already started.' } });
	});

	test.each([
		['unknown campaign', { list_id: UNKNOWN_UUID }, 404, 'Campaign not found.'],
		['unknown agent', { agent_id: UNKNOWN_UUID }, 400, 'Invalid agent_id.'],
		['agent not a UUID', { agent_id: 'agent-1' }, 400, 'Invalid agent_id.'],
		['no from_numbers', { from_numbers: undefined }, 400, "'from_numbers' is required"],
		['empty from_numbers', { from_numbers: [] }, 400, /non-empty list/],
		[
			'a number not of the workspace',
			{ from_numbers: ['+14155559999'] },
			400,
			/"\+14155559999" is not a number of this workspace/,
		],
		[
			'an unknown number id',
			{ from_numbers: [UNKNOWN_UUID] },
			400,
			/is not a number of this workspace/,
		],
		[
			'callback_url (left the schema)',
			{ callback_url: 'https://example.com/cb' },
			400,
			/'callback_url' is not accepted/,
		],
		['a pool on the v1 start', { number_pool_id: POOL }, 400, "Unknown field 'number_pool_id'"],
	])('start: %s', async (_name, over, status, detail) => {
		const id = await saved();
		const body: Record<string, unknown> = {
			agent_id: AGENT_1,
			list_id: id,
			from_numbers: [FROM],
			...over,
		};
		for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
		const res = await api.post('/campaign/start', body);
		expect(res.status).toBe(status);
		expect(Object.keys(res.body)).toEqual(['detail']);
		expect(res.body.detail).toEqual(
			typeof detail === 'string' ? detail : expect.stringMatching(detail),
		);
		expect(callsOf(id)).toEqual([]);
	});

	test.each([
		['unknown pool', { number_pool_id: UNKNOWN_UUID }, 'Number pool not found.'],
		['pool not a UUID', { number_pool_id: 'pool-1' }, 'Number pool not found.'],
		[
			'an unknown user',
			{ email_completion_user_ids: [UNKNOWN_UUID] },
			/is not a user of this workspace/,
		],
		['from_numbers on v2', { from_numbers: [FROM] }, "Unknown field 'from_numbers'"],
	])('v2 start: %s is 400', async (_name, over, detail) => {
		const id = await saved();
		const res = await api.post('/campaign/v2/start', {
			agent_id: AGENT_1,
			list_id: id,
			number_pool_id: POOL,
			...over,
		});
		expect(res.status).toBe(400);
		expect(res.body.detail).toEqual(
			typeof detail === 'string' ? detail : expect.stringMatching(detail),
		);
	});

	test('too few credits: 402, nothing registered; enough again: it starts', async () => {
		const id = await saved();
		sb.setCredits(0.5);
		const body = { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] };
		expect(await api.post('/campaign/start', body)).toMatchObject({
			status: 402,
			body: { detail: 'Insufficient credits.' },
		});
		expect((await campaign(id)).campaign_status).toBe('draft');
		// 3 US contacts, 15 s each at 1 credit a minute.
		expect(sb.campaigns()[0].required_credits).toBe(0.75);
		expect((await control('POST', '/__sandbox/credits', { credits: 0.75 })).body).toEqual({
			credits: 0.75,
		});
		expect((await api.post('/campaign/start', body)).status).toBe(200);
	});

	test('the schema vocabulary: pending -> registered -> running -> completed (option, method, control)', async () => {
		await sandbox.restart({ campaignStatuses: 'schema' });
		const id = await saved();
		const status = async () => (await campaign(id)).campaign_status;
		expect(await status()).toBe('pending');
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] });
		expect(await status()).toBe('registered');
		sb.advance(30 * MINUTE);
		expect(await status()).toBe('running');
		sb.setCampaignStatuses('page');
		expect(await status()).toBe('ongoing');
		expect(await control('POST', '/__sandbox/campaign-statuses', { vocabulary: 'schema' })).toEqual(
			{
				status: 200,
				body: { vocabulary: 'schema' },
			},
		);
		sb.advance(10 * MINUTE);
		expect(await status()).toBe('completed');
		expect(
			(await control('POST', '/__sandbox/campaign-statuses', { vocabulary: 'enum' })).status,
		).toBe(400);
	});
});

describe('the clock a client sees', () => {
	test('answers carry the sandbox clock as their Date header, the clock of created_at', async () => {
		const id = await saved();
		const at = sb.now();
		sb.advance(61 * MINUTE);
		const res = await api.get('/campaign/all?limit=1000');
		const row = res.body.campaigns.find((c: any) => c.id === id);
		expect(row.created_at).toBe(new Date(at).toISOString());
		// HTTP dates have whole seconds.
		expect(res.headers.get('date')).toBe(new Date(sb.now()).toUTCString());
	});
});

describe('save: the file and the fields', () => {
	test('LF or CRLF, with or without BOM: the same rows', async () => {
		const lf = CSV.replace(/\r\n/g, '\n');
		const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV, 'utf8')]);
		for (const file of [CSV, lf, bom, `${lf}\n\n`]) {
			const res = await save({}, file);
			expect(res.body).toMatchObject({
				custom_args_values: CONTACTS,
				total_rows: 4,
				successful_rows: 3,
				failed_rows: 1,
			});
		}
	});

	test('bad rows are counted and never called, with or without remove_invalid_rows; numbers are cleaned', async () => {
		const csv = [
			'Mobile Number,Name',
			'+1 (415) 555-6001,Spaces and dashes',
			',Missing number',
			'4155556002,No country code',
			'+1415abc,Letters',
			'+14155556003,Too,many fields',
			'+14155556004',
			'+919812340001,Indian number',
		].join('\n');
		for (const remove of [undefined, 'false', 'true']) {
			const res = await save(
				{
					variables_map: '{"callee_name":"Name","mobile_number":"Mobile Number"}',
					remove_invalid_rows: remove,
				},
				csv,
			);
			expect(res.body).toMatchObject({
				custom_args_values: [
					{ callee_name: 'Spaces and dashes', mobile_number: '+14155556001' },
					{ callee_name: 'Indian number', mobile_number: '+919812340001' },
				],
				total_rows: 7,
				successful_rows: 2,
				failed_rows: 5,
			});
		}
		const seen = sb.campaigns();
		expect(seen.map((c) => c.remove_invalid_rows)).toEqual([false, false, true]);
		expect(seen[0].rows!.map((r: any) => [r.row, r.valid, r.reason])).toEqual([
			[1, true, null],
			[2, false, 'missing mobile number'],
			[3, false, 'invalid mobile number'],
			[4, false, 'invalid mobile number'],
			[5, false, '3 fields where the header has 2'],
			[6, false, '1 fields where the header has 2'],
			[7, true, null],
		]);
		await api.post('/campaign/start', {
			agent_id: AGENT_1,
			list_id: seen[0].id,
			from_numbers: [FROM],
		});
		expect(callsOf(seen[0].id).map((c) => c.to_number)).toEqual(['+14155556001', '+919812340001']);
	});

	test('GET /__sandbox/campaigns: the fields as sent, the file by size and SHA-256, the rows read', async () => {
		const id = await saved({ transliterate_callee_name: 'true' });
		const bytes = Buffer.from(CSV, 'utf8');
		const res = await control('GET', '/__sandbox/campaigns');
		expect(res.status).toBe(200);
		const [c] = res.body.campaigns;
		expect(c).toMatchObject({
			id,
			flow: 'standard',
			endpoint: 'POST /campaign/save',
			name: 'June recall',
			fields: { ...saveFields(), transliterate_callee_name: 'true' },
			file: {
				field: 'file',
				filename: 'contacts.csv',
				content_type: 'text/csv',
				bytes: bytes.length,
				sha256: createHash('sha256').update(bytes).digest('hex'),
				text: CSV,
			},
			agent_id: AGENT_1,
			country_code: '+1',
			variables_map: MAP,
			remove_invalid_rows: false,
			transliterate_callee_name: true,
			call_config: CALL_CONFIG,
			time_zone: 'Asia/Kolkata',
			campaign_start_time: '2025-06-02T08:30:00.000+00:00',
			header: ['Name', 'Mobile Number', 'Clinic'],
			total_rows: 4,
			successful_rows: 3,
			failed_rows: 1,
			started: null,
			campaign_status: 'draft',
			calls: {},
		});
		expect(c.rows[0]).toEqual({
			row: 1,
			mobile_number: NUMBERS[0],
			variables: CONTACTS[0],
			valid: true,
			reason: null,
		});
		const lean = await control('GET', '/__sandbox/campaigns?rows=false');
		expect(lean.body.campaigns[0].rows).toBeUndefined();
	});

	test.each([
		['an unterminated quote', 'Name,Mobile Number\n"Ana,+14155556001\n', 'Invalid file format.'],
		['a quote inside a field', 'Name,Mobile Number\nA"na,+14155556001\n', 'Invalid file format.'],
		[
			'text after a closing quote',
			'Name,Mobile Number\n"Ana"x,+14155556001\n',
			'Invalid file format.',
		],
		['bytes that are not UTF-8', Buffer.from([0x4e, 0xff, 0x0a]), 'Invalid file format.'],
		['an empty file', '', 'Invalid file format.'],
		[
			'no Mobile Number column',
			'Name,Phone\nAna,+14155556001\n',
			"The file has no 'Mobile Number' column.",
		],
		[
			'a column named twice',
			'Name,Mobile Number,Name\nA,+14155556001,B\n',
			/column 'Name' appears twice/,
		],
		[
			'a mapped column that is not there',
			'Mobile Number,Nom\n+14155556001,Ana\n',
			"Column 'Name' of variables_map is not in the file.",
		],
	])('the file with %s is 400', async (_name, csv, detail) => {
		const res = await save({}, csv);
		expect(res.status).toBe(400);
		expect(res.body).toEqual({
			detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
		});
		expect(sb.campaigns()).toEqual([]);
	});

	test.each([
		['variables_map', undefined, "'variables_map' is required"],
		['agent_id', undefined, "'agent_id' is required"],
		['campaign_name', '  ', "'campaign_name' is required"],
		['call_config', undefined, "'call_config' is required"],
		['country_code', undefined, "'country_code' is required"],
		['campaign_start_time', undefined, "'campaign_start_time' is required"],
		['campaign_end_time', undefined, "'campaign_end_time' is required"],
		['agent_id', UNKNOWN_UUID, 'Invalid agent_id.'],
		['variables_map', '["Name"]', /'variables_map' must be a JSON object/],
		['variables_map', '{"callee_name": 3}', /'variables_map' must be a JSON object/],
		['call_config', '{call_retry_config}', /'call_config' must be a JSON object/],
		['call_config', '[]', /'call_config' must be a JSON object/],
		[
			'call_config',
			'{"call_time":{"timezone":"Mars/Olympus"}}',
			/timezone must be an IANA time zone/,
		],
		['call_config', '{"max_call_length":"long"}', /max_call_length must be an integer/],
		['country_code', '91', /'country_code' must be a country calling code such as \+91/],
		['remove_invalid_rows', 'maybe', /'remove_invalid_rows' must be true or false/],
		['sms', 'yes', "Unknown field 'sms'"],
		['constructor', 'x', "Unknown field 'constructor'"],
	])('%s = %j is 400', async (field, value, detail) => {
		const res = await save({ [field]: value });
		expect(res.status).toBe(400);
		expect(res.body).toEqual({
			detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
		});
	});

	test('the file as a plain field, a field twice: 400', async () => {
		const asText = form(saveFields()).slice(1);
		expect((await post('/campaign/save', [{ name: 'file', value: CSV }, ...asText])).body).toEqual({
			detail: "'file' must be a file (a part with a filename)",
		});
		expect(
			(await post('/campaign/save', [...form(saveFields()), { name: 'country_code', value: '+1' }]))
				.body,
		).toEqual({ detail: "'country_code' is sent more than once" });
		const json = await api.post('/campaign/save', saveFields());
		expect(json).toEqual({
			status: 400,
			headers: expect.anything(),
			body: { detail: 'Content-Type must be multipart/form-data' },
		});
	});

	test.each([
		['ISO format', '2025-06-02 14:00', 'campaign_start_time', /DD\/MM\/YYYY, HH:MM/],
		['no comma', '02/06/2025 14:00', 'campaign_start_time', /DD\/MM\/YYYY, HH:MM/],
		['one-digit day', '2/06/2025, 14:00', 'campaign_start_time', /DD\/MM\/YYYY, HH:MM/],
		['February 31st', '31/02/2025, 14:00', 'campaign_start_time', /DD\/MM\/YYYY, HH:MM/],
		['hour 24', '02/06/2025, 24:00', 'campaign_start_time', /DD\/MM\/YYYY, HH:MM/],
		['month first', '06/02/2025, 14:00', 'campaign_start_time', /must be in the future/],
		[
			'now (13:30 in Kolkata)',
			'02/06/2025, 13:30',
			'campaign_start_time',
			"'campaign_start_time' must be in the future (time zone Asia/Kolkata)",
		],
		[
			'an end before the start',
			'02/06/2025, 13:59',
			'campaign_end_time',
			"'campaign_end_time' must be after 'campaign_start_time'",
		],
		[
			'an end equal to the start',
			START_IST,
			'campaign_end_time',
			"'campaign_end_time' must be after 'campaign_start_time'",
		],
	])('%s is 400', async (_name, value, field, detail) => {
		const res = await save({ [field]: value });
		expect(res.status).toBe(400);
		expect(res.body.detail).toEqual(
			typeof detail === 'string' ? detail : expect.stringMatching(detail),
		);
	});

	test('times are read in call_config.call_time.timezone (Asia/Kolkata when absent)', async () => {
		const id = await saved({
			call_config: JSON.stringify({ call_time: { timezone: 'America/New_York' } }),
			campaign_start_time: '02/06/2025, 04:01', // 08:01Z
			campaign_end_time: '03/06/2025, 04:01',
		});
		expect(await campaign(id)).toMatchObject({
			campaign_start_time: '2025-06-02T08:01:00.000Z',
			campaign_end_time: '2025-06-03T08:01:00.000Z',
		});
		// 04:01 in Kolkata is already past.
		expect((await save({ campaign_start_time: '02/06/2025, 04:01' })).body.detail).toMatch(
			/in the future/,
		);
	});

	test('the call window of call_config holds the calls until it opens', async () => {
		const id = await saved({
			call_config: JSON.stringify({
				call_time: { call_start_time: '09:00', call_end_time: '17:00', timezone: 'UTC' },
			}),
			campaign_start_time: '02/06/2025, 08:10',
			campaign_end_time: '02/06/2025, 18:00',
		});
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] });
		sb.advance(30 * MINUTE); // 08:30Z: started, window closed
		expect(callsOf(id).map((c) => c.status)).toEqual(['registered', 'registered', 'registered']);
		sb.advance(30 * MINUTE); // 09:00Z
		expect(callsOf(id).map((c) => c.status)).toEqual(['ongoing', 'ongoing', 'ongoing']);
	});
});

describe('terminate a created campaign', () => {
	test('campaign_id = list_id cancels its calls not started; mobile_numbers narrows within it', async () => {
		const id = await saved();
		const other = await saved({ campaign_name: 'Other' });
		const terminate = (body: unknown) => api.patch('/campaign/terminate', body);
		// Saved, not started: nothing to cancel.
		expect(await terminate({ campaign_id: id })).toMatchObject({
			status: 400,
			body: { detail: 'No terminable calls found' },
		});
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] });
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: other, from_numbers: [FROM] });
		expect(await terminate({ campaign_id: id, mobile_numbers: [NUMBERS[1]] })).toMatchObject({
			status: 200,
			body: { message: 'Calls terminated successfully!' },
		});
		expect(callsOf(id).map((c) => c.status)).toEqual(['registered', 'cancelled', 'registered']);
		expect((await terminate({ campaign_id: id })).status).toBe(200);
		expect(callsOf(id).map((c) => c.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
		expect(callsOf(other).map((c) => c.status)).toEqual(['registered', 'registered', 'registered']);
		expect(await terminate({ campaign_id: id })).toMatchObject({
			status: 400,
			body: { detail: 'No terminable calls found' },
		});
		sb.advance(40 * MINUTE);
		expect(callsOf(id).map((c) => c.attempts)).toEqual([0, 0, 0]);
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'completed',
			registered_count: 0,
			completed_count: 0,
		});
		expect((await campaign(other)).completed_count).toBe(2);
	});

	test('while it runs: calls under way go on, the ones still waiting their turn are cancelled', async () => {
		await sandbox.restart({ speed: 20 });
		const id = await saved({ variables_map: '{"callee_name":"Name"}' }, bigCsv(120));
		await api.post('/campaign/start', { agent_id: AGENT_1, list_id: id, from_numbers: [FROM] });
		sb.advance(30 * MINUTE);
		expect((await api.patch('/campaign/terminate', { campaign_id: id })).status).toBe(200);
		const calls = callsOf(id);
		expect(calls.filter((c) => c.status === 'ongoing')).toHaveLength(50);
		expect(calls.filter((c) => c.status === 'cancelled')).toHaveLength(70);
		sb.advance(MINUTE);
		expect(callsOf(id).filter((c) => c.attempts > 0)).toHaveLength(50);
		expect((await campaign(id)).campaign_status).toBe('completed');
	});
});

describe('large flow', () => {
	const uploadFields = (over: Fields = {}): Fields => ({
		variables_map: '{"mobile_number":"Mobile Number","callee_name":"Name"}',
		agent_id: AGENT_2,
		country_code: '+1',
		campaign_name: 'Big list',
		...over,
	});
	const upload = (over: Fields = {}, csv: string = bigCsv(60, 2)) =>
		post('/campaign/upload-csv', form(uploadFields(over), csv));
	const status = (id: string) => api.get(`/campaign/upload-status/${id}`);
	const balance = (id: string) => api.post(`/campaign/check-balance/${id}`);
	const makeCalls = (body: Record<string, unknown>) => api.post('/campaign/make-call-async', body);
	// 62 rows: 1 s queued, then 2 s + 1 ms a row of verification (speed 1).
	const PROCESSING_AT = 1000;
	const VERIFIED_AT = 1000 + 2000 + 62;
	/** A list uploaded with the run's times and no call config, verified: its id. */
	const verifiedUpload = async () => {
		const id = (
			await upload({
				campaign_start_time: START_IST,
				campaign_end_time: END_IST,
				call_config: '{}',
			})
		).body.bulk_list_id;
		sb.advance(VERIFIED_AT);
		return id;
	};

	test('page variant, the page order: upload, poll, check-balance, make-call-async (times at upload)', async () => {
		const up = await upload({
			campaign_start_time: START_IST,
			campaign_end_time: END_IST,
			call_config: JSON.stringify(CALL_CONFIG),
		});
		expect(up).toEqual({
			status: 200,
			body: {
				bulk_list_id: expect.stringMatching(UUID),
				status: 'uploaded',
				message: 'CSV upload accepted for processing',
			},
		});
		const id = up.body.bulk_list_id;
		expect((await status(id)).body).toEqual({
			bulk_list_id: id,
			status: 'uploaded',
			total_rows: 62,
			processed_rows: 0,
			successful_rows: 0,
			failed_rows: 0,
		});
		const body = { agent_id: AGENT_2, bulk_list_id: id, from_numbers: [FROM] };
		expect(await makeCalls(body)).toMatchObject({
			status: 400,
			body: { detail: 'Bulk list is not ready to start.' },
		});
		sb.advance(PROCESSING_AT + 1031); // half-way through
		expect((await status(id)).body).toEqual({
			bulk_list_id: id,
			status: 'processing',
			total_rows: 62,
			processed_rows: 31,
			successful_rows: 31,
			failed_rows: 0,
		});
		sb.advance(VERIFIED_AT - PROCESSING_AT - 1031);
		expect((await status(id)).body).toEqual({
			bulk_list_id: id,
			status: 'completed',
			total_rows: 62,
			processed_rows: 62,
			successful_rows: 60,
			failed_rows: 2,
		});
		expect(await campaign(id)).toMatchObject({
			name: 'Big list',
			campaign_status: 'draft',
			total_count: 60,
		});
		const check = await balance(id);
		expect(check.body).toEqual({
			bulk_list_id: id,
			required_credits: 15,
			available_credits: sb.credits(),
			sufficient_balance: true,
		});
		expect(await makeCalls(body)).toEqual({
			status: 200,
			headers: expect.anything(),
			body: { bulk_list_id: id, status: 'scheduled', message: 'Large campaign calls queued' },
		});
		expect(await makeCalls(body)).toMatchObject({
			status: 400,
			body: { detail: 'Bulk list already started.' },
		});
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'scheduled',
			registered_count: 60,
		});
		const calls = callsOf(id);
		expect(calls[0]).toMatchObject({
			to_number: '+14155000000',
			name: 'Person 0',
			custom_args_values: { mobile_number: '+14155000000', callee_name: 'Person 0' },
			from_numbers: [FROM],
		});
		sb.advance(2 * 3_600_000);
		expect(await campaign(id)).toMatchObject({ campaign_status: 'completed', registered_count: 0 });
		expect(await history(id)).toHaveLength(60);
	});

	test('schema variant, the schema order: upload, poll, make-call-async (times there), check-balance', async () => {
		await sandbox.restart({ largeFlow: 'schema' });
		const up = await upload();
		const id = up.body.bulk_list_id;
		expect(up).toEqual({
			status: 200,
			body: {
				bulk_list_id: expect.stringMatching(UUID),
				status: 'verifying',
				campaign_name: 'Big list',
				total_callees: 62,
				invalidated_rows_count: 0,
				invalidated_rows_csv_url: null,
			},
		});
		// No times yet: not listed as a campaign.
		expect(await campaign(id)).toBeUndefined();
		sb.advance(VERIFIED_AT);
		const polled = await status(id);
		expect(polled.body).toEqual({
			bulk_list_id: id,
			status: 'draft',
			campaign_name: 'Big list',
			total_callees: 62,
			invalidated_rows_count: 2,
			invalidated_rows_csv_url: `${sb.origin}/__sandbox/campaigns/${id}/invalid-rows.csv`,
		});
		const report = await fetch(polled.body.invalidated_rows_csv_url);
		expect(parseCsv(await report.text())).toEqual([
			['Name', 'Mobile Number'],
			['Nobody 0', ''],
			['Nobody 1', ''],
		]);

		const body = {
			bulk_list_id: id,
			agent_id: AGENT_2,
			country_code: '+1',
			campaign_start_time: '02/06/2025, 08:30',
			campaign_end_time: '02/06/2025, 18:00',
			call_config: {
				call_retry_config: {
					retry_count: 0,
					retry_busy: 30,
					retry_not_picked: 30,
					retry_failed: 30,
				},
				call_time: {
					call_start_time: '00:00',
					call_end_time: '23:59',
					timezone: 'UTC',
					scheduled_at: null,
				},
			},
			number_pool_id: POOL,
			concurrency_percentage: 40,
			email_completion_user_ids: null,
		};
		expect(await makeCalls(body)).toEqual({
			status: 200,
			headers: expect.anything(),
			body: { message: 'Campaign calls scheduled', bulk_list_id: id, status: 'scheduled' },
		});
		expect((await status(id)).body.status).toBe('scheduled');
		expect(await balance(id)).toMatchObject({
			status: 200,
			body: { status: 'scheduled', bulk_list_id: id, message: expect.any(String) },
		});
		expect(Object.keys((await balance(id)).body)).toEqual(['status', 'bulk_list_id', 'message']);
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'scheduled',
			campaign_start_time: '2025-06-02T08:30:00.000Z',
			campaign_end_time: '2025-06-02T18:00:00.000Z',
		});
		expect(sb.campaigns()[0].started).toMatchObject({
			via: 'POST /campaign/make-call-async',
			number_pool_id: POOL,
			concurrency_percentage: 40,
			body,
		});
		sb.advance(30 * MINUTE);
		expect((await campaign(id)).campaign_status).toBe('ongoing');
		expect(callsOf(id).every((c) => c.from_numbers[0] === POOL_NUMBER)).toBe(true);
	});

	test('either variant in either order: check-balance first on the schema variant, make-call-async first on the page one', async () => {
		sb.setLargeFlow('schema');
		const first = await verifiedUpload();
		expect((await balance(first)).body).toEqual({
			status: 'draft',
			bulk_list_id: first,
			message: 'Sufficient balance to run the campaign.',
		});
		expect(
			(await makeCalls({ agent_id: AGENT_2, bulk_list_id: first, from_numbers: [FROM] })).status,
		).toBe(200);

		expect(await control('POST', '/__sandbox/large-flow', { variant: 'page' })).toEqual({
			status: 200,
			body: { variant: 'page' },
		});
		const second = (await upload()).body.bulk_list_id;
		sb.advance(VERIFIED_AT);
		const start = {
			agent_id: AGENT_2,
			bulk_list_id: second,
			from_numbers: [NUMBER_1],
			country_code: '+1',
			campaign_start_time: START_IST,
			campaign_end_time: END_IST,
			call_config: CALL_CONFIG,
		};
		expect((await makeCalls(start)).body.message).toBe('Large campaign calls queued');
		expect((await balance(second)).body).toMatchObject({
			bulk_list_id: second,
			sufficient_balance: true,
		});
		expect(callsOf(second)).toHaveLength(60);
		expect((await control('POST', '/__sandbox/large-flow', { variant: 'v3' })).status).toBe(400);
	});

	test('too few credits: scheduled, then insufficient_balance until a check-balance finds enough', async () => {
		await sandbox.restart({ largeFlow: 'schema' });
		const id = await verifiedUpload();
		sb.setCredits(10);
		expect((await balance(id)).body.status).toBe('insufficient_balance');
		expect(
			(await makeCalls({ agent_id: AGENT_2, bulk_list_id: id, from_numbers: [FROM] })).body.status,
		).toBe('scheduled');
		expect((await status(id)).body.status).toBe('insufficient_balance');
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'insufficient_balance',
			registered_count: 0,
		});
		expect(callsOf(id)).toEqual([]);
		sb.setLargeFlow('page');
		expect((await balance(id)).body).toEqual({
			bulk_list_id: id,
			required_credits: 15,
			available_credits: 10,
			sufficient_balance: false,
		});
		sb.setCredits(15);
		expect((await balance(id)).body.sufficient_balance).toBe(true);
		expect(await campaign(id)).toMatchObject({
			campaign_status: 'scheduled',
			registered_count: 60,
		});
	});

	test.each([
		[
			'both callers',
			{ number_pool_id: POOL },
			422,
			"Send exactly one of 'from_numbers' and 'number_pool_id'",
		],
		[
			'no caller',
			{ from_numbers: undefined },
			422,
			"Send exactly one of 'from_numbers' and 'number_pool_id'",
		],
		['no agent_id', { agent_id: undefined }, 422, "'agent_id' is required"],
		['call_config as text', { call_config: '{}' }, 422, "'call_config' must be an object"],
		[
			'concurrency 101',
			{ concurrency_percentage: 101 },
			422,
			/'concurrency_percentage' must be an integer from 0 to 100/,
		],
		[
			'callback_url',
			{ callback_url: 'https://example.com' },
			422,
			/'callback_url' is not accepted/,
		],
		['an unknown list', { bulk_list_id: UNKNOWN_UUID }, 400, 'Bulk list not found.'],
		[
			'an unknown pool',
			{ from_numbers: undefined, number_pool_id: UNKNOWN_UUID },
			400,
			'Number pool not found.',
		],
		['a past start', { campaign_start_time: '01/06/2025, 10:00' }, 400, /must be in the future/],
	])('make-call-async: %s', async (_name, over, code, detail) => {
		const id = (await upload()).body.bulk_list_id;
		sb.advance(VERIFIED_AT);
		const body: Record<string, unknown> = {
			bulk_list_id: id,
			agent_id: AGENT_2,
			from_numbers: [FROM],
			campaign_start_time: START_IST,
			campaign_end_time: END_IST,
			call_config: {},
			...over,
		};
		for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
		const res = await makeCalls(body);
		expect(res.status).toBe(code);
		expect(res.body).toEqual({
			detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
		});
		expect(callsOf(id)).toEqual([]);
	});

	test('make-call-async without times here or at upload is 422', async () => {
		const id = (await upload()).body.bulk_list_id;
		sb.advance(VERIFIED_AT);
		expect(
			await makeCalls({ bulk_list_id: id, agent_id: AGENT_2, from_numbers: [FROM] }),
		).toMatchObject({
			status: 422,
			body: { detail: "'campaign_start_time' is required (here or at upload)" },
		});
	});

	test('upload errors are 400 "Invalid CSV file or variable mapping."; unknown lists 404', async () => {
		for (const csv of ['Name,Phone\nA,+14155556001\n', 'Name,Mobile Number\n"A,+1\n']) {
			expect((await upload({}, csv)).body).toEqual({
				detail: 'Invalid CSV file or variable mapping.',
			});
		}
		expect((await upload({ variables_map: '{"callee_name":"Nom"}' })).body).toEqual({
			detail: 'Invalid CSV file or variable mapping.',
		});
		expect((await upload({ agent_id: undefined })).body).toEqual({
			detail: "'agent_id' is required",
		});
		expect((await upload({ campaign_start_time: START_IST })).body).toEqual({
			detail: "Send both 'campaign_start_time' and 'campaign_end_time', or neither",
		});
		expect(await status(UNKNOWN_UUID)).toMatchObject({
			status: 404,
			body: { detail: 'Bulk list not found.' },
		});
		expect(await balance(UNKNOWN_UUID)).toMatchObject({
			status: 404,
			body: { detail: 'Bulk list not found.' },
		});
		// A standard list is not a large one.
		const standard = await saved();
		expect((await status(standard)).status).toBe(404);
	});
});

test('every campaign endpoint answers 401 {detail: "Invalid credentials"} without the key', async () => {
	const id = await saved();
	const parts = form(saveFields());
	const answers = [
		await post('/campaign/save', parts, null),
		await post('/campaign/upload-csv', parts, 'wrong-key'),
		await api.post(
			'/campaign/start',
			{ agent_id: AGENT_1, list_id: id, from_numbers: [FROM] },
			{ key: null },
		),
		await api.post(
			'/campaign/v2/start',
			{ agent_id: AGENT_1, list_id: id, number_pool_id: POOL },
			{ key: null },
		),
		await api.get(`/campaign/upload-status/${id}`, { key: null }),
		await api.post(`/campaign/check-balance/${id}`, undefined, { key: null }),
		await api.post('/campaign/make-call-async', { bulk_list_id: id }, { key: null }),
	];
	for (const res of answers) {
		expect(res.status).toBe(401);
		expect(res.body).toEqual({ detail: 'Invalid credentials' });
	}
	expect(sb.campaigns()).toHaveLength(1);
	expect(callsOf(id)).toEqual([]);
});

test('reset forgets the created campaigns', async () => {
	const id = await saved();
	sb.reset();
	expect(sb.campaigns()).toEqual([]);
	expect(await campaign(id)).toBeUndefined();
});
