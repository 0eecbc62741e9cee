import type { Sandbox } from '../../sandbox';
import {
	AGENT_1,
	AGENT_2,
	AGENT_3,
	callBody,
	LIST_1,
	parseCsv,
	unzip,
	type Client,
} from './helpers';
import { useSandbox } from '../helpers/sandbox';

const ZIP = { Accept: 'application/zip' };
const QUEUED = {
	message: 'Export queued; you will receive an e-mail with the download link when it is ready.',
};

let sb: Sandbox;
let api: Client;
// These read the history without dates: the reading where that means no bound.
useSandbox((started) => ({ sb, api } = started), { historyDates: 'current' });

/** The CSV of a ZIP export as objects keyed by column. */
async function exportRows(query: string, accept = 'application/zip') {
	const res = await api.post(`/calling/history/download${query}`, undefined, {
		headers: { Accept: accept },
	});
	expect(res.status).toBe(200);
	const files = unzip(res.body as Buffer);
	expect(Object.keys(files)).toEqual(['call-history.csv']);
	const [header, ...rows] = parseCsv(files['call-history.csv'].toString('utf8'));
	return {
		res,
		header,
		rows: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))),
	};
}

describe('POST /calling/history/download', () => {
	test('answers JSON (queued, by e-mail) unless the client prefers a ZIP', async () => {
		for (const accept of [
			undefined,
			'application/json',
			'*/*',
			'application/zip;q=0.5, application/json',
		]) {
			const res = await api.post('/calling/history/download', undefined, {
				headers: accept ? { Accept: accept } : {},
			});
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toBe('application/json');
			expect(res.body).toEqual(QUEUED);
		}
		const control = (await (await fetch(`${sb.origin}/__sandbox/exports`)).json()) as any;
		expect(control.exports).toHaveLength(4);
		expect(control.exports[0]).toMatchObject({ email: 'owner@example.com', records: 22 });
		// The "e-mailed" link serves the same ZIP.
		const zip = await fetch(control.exports[0].download_url);
		expect(Object.keys(unzip(Buffer.from(await zip.arrayBuffer())))).toEqual(['call-history.csv']);
	});

	test('a ZIP holds call-history.csv with the contract columns first and every call', async () => {
		const { res, header, rows } = await exportRows('');
		expect(res.headers.get('content-type')).toBe('application/zip');
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="call-history.zip"');
		expect(header.slice(0, 8)).toEqual([
			'id',
			'to_number',
			'name',
			'status',
			'transcript',
			'recording_url',
			'agent_id',
			'initiation_time',
		]);
		expect(header).not.toContain('platform_analysis');
		expect(rows).toHaveLength(22);
		const history = (await api.get('/calling/history?limit=100')).body.calls;
		expect(rows.map((r) => r.id)).toEqual(history.map((c: any) => c.id));
		// Transcripts hold commas and quotes: they survive CSV quoting.
		for (const [i, row] of rows.entries()) {
			expect(JSON.parse(row.transcript)).toEqual(JSON.parse(history[i].transcript));
		}
		const alice = rows.find((r) => r.name === 'Alice Moreau')!;
		expect(alice).toMatchObject({
			to_number: '+14155551001',
			status: 'completed',
			agent_id: AGENT_1,
			bulk_list_id: LIST_1,
		});
		expect(JSON.parse(alice.custom_args_values)).toEqual({
			clinic: 'Sunrise Dental',
			date: 'June 5',
			time: '10:30 AM',
		});
	});

	test('octet-stream is honoured when preferred', async () => {
		const { res } = await exportRows('', 'application/octet-stream');
		expect(res.headers.get('content-type')).toBe('application/octet-stream');
	});

	test('filters: repeated agent_id, status, contact list, voicemail, numbers, call_id, paging', async () => {
		const two = await exportRows(`?agent_id=${AGENT_1}&agent_id=${AGENT_2}`);
		expect(new Set(two.rows.map((r) => r.agent_id))).toEqual(new Set([AGENT_1, AGENT_2]));
		const three = await exportRows(`?agent_id=${AGENT_3}`);
		expect(two.rows.length + three.rows.length).toBeLessThan(22);
		expect(three.rows.every((r) => r.agent_id === AGENT_3)).toBe(true);

		expect((await exportRows('?status=failed')).rows).toHaveLength(5);
		expect((await exportRows(`?bulk_list_id=${LIST_1}`)).rows).toHaveLength(6);
		const voicemail = await exportRows('?voicemail=true');
		expect(voicemail.rows.map((r) => r.to_number.slice(-2))).toEqual(['99', '99', '99']);
		expect(
			(await exportRows('?call_type=inbound')).rows.every((r) => r.call_type === 'inbound'),
		).toBe(true);
		expect((await exportRows('?to_number=%2B14155551001')).rows.map((r) => r.name)).toEqual([
			'Alice Moreau',
		]);

		const all = (await exportRows('')).rows;
		expect((await exportRows(`?call_id=${all[3].id}`)).rows.map((r) => r.id)).toEqual([all[3].id]);
		expect((await exportRows('?limit=4&offset=2')).rows.map((r) => r.id)).toEqual(
			all.slice(2, 6).map((r) => r.id),
		);
	});

	test('include_analysis adds the analysis columns', async () => {
		const { header, rows } = await exportRows('?include_analysis=true&status=completed&limit=1');
		expect(header.slice(-2)).toEqual(['platform_analysis', 'client_analysis']);
		expect(JSON.parse(rows[0].platform_analysis)).toHaveProperty('summary');
	});

	test('a call placed now shows up in the export with its variables once completed', async () => {
		const started = await api.post('/calling/outbound/individual', callBody());
		sb.advance(120_000);
		const { rows } = await exportRows(`?call_id=${started.body.data.call_id}`);
		expect(rows[0]).toMatchObject({
			status: 'completed',
			from_number: '+14155550100',
			to_number: '+14155552000',
		});
		expect(JSON.parse(rows[0].transcript)[0]).toEqual({
			bot: 'Hi Zoe Quinn, this is Maya calling from Sunrise Dental.',
		});
	});

	test.each([
		[
			'start_date=yesterday',
			'start_date must be an ISO 8601 date-time with time zone, e.g. 2025-06-01T00:00:00Z, got "yesterday"',
		],
		['agent_id=nope', 'agent_id must be a UUID, got "nope"'],
		['voicemail=maybe', 'voicemail must be true or false, got "maybe"'],
		['include_analysis=1', 'include_analysis must be true or false, got "1"'],
		['call_type=fax', 'call_type must be one of inbound, outbound, webcall, got "fax"'],
		[
			'to_number=4155551001',
			'to_number must be a phone number with + and country code, got "4155551001"',
		],
		['call_id=7', 'call_id must be a UUID, got "7"'],
		['limit=0', 'limit must be an integer between 1 and 10000, got "0"'],
		['offset=-2', 'offset must be an integer of at least 0, got "-2"'],
	])('%s -> 400 invalid_parameter', async (query, message) => {
		const res = await api.post(`/calling/history/download?${query}`, undefined, { headers: ZIP });
		expect(res.status).toBe(400);
		expect(res.body).toEqual({ error: { code: 'invalid_parameter', message } });
	});
});
