/** Call › Export History: the request, the ZIP as binary data, hostile input and answers. */
import nock from 'nock';

import {
	API_KEY,
	BASE_URL,
	expectAllMocksUsed,
	mockApi,
	recordAll,
	runNode,
} from '../../../helpers/harness';
import { AGENT, CALL } from '../../../helpers/fixtures';
import { dayAfter, withDates } from '../../../helpers/historyDates';

const NOW = Date.parse('2026-11-27T10:00:00Z');
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

const ZIP = Buffer.from('PK\u0003\u0004fake-zip-bytes');

expectAllMocksUsed();
afterEach(() => {
	nock.emitter.removeAllListeners('no match');
});

describe('Call › Export History', () => {
	const A2 = '11111111-2222-4333-8444-555555555555';

	test('queued export: JSON message, repeated agent_id, every filter', async () => {
		const scope = mockApi()
			.post('/calling/history/download')
			.query(
				(q) =>
					JSON.stringify(q) ===
					JSON.stringify({
						start_date: '2026-11-01T00:00:00+00:00',
						end_date: dayAfter(NOW),
						agent_id: [AGENT, A2],
						status: 'completed',
						call_type: 'outbound',
						bulk_list_id: 'list-1',
						voicemail: 'false',
						from_number: '+14155550000',
						to_number: '+14155550100',
						call_id: CALL,
						include_analysis: 'true',
						limit: '500',
						offset: '10',
					}),
			)
			.reply(200, { message: 'Export queued; an e-mail will follow' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: {
				resource: 'call',
				operation: 'exportHistory',
				filters: {
					startDate: '2026-11-01T00:00:00',
					agentIds: [AGENT, A2],
					status: 'completed',
					callType: 'outbound',
					bulkListId: 'list-1',
					voicemail: 'false',
					fromNumber: '+14155550000',
					toNumber: '+14155550100',
					callId: CALL,
				},
				options: { includeAnalysis: true, maxRecords: 500, skipRecords: 10 },
			},
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([
			{ json: { message: 'Export queued; an e-mail will follow' }, pairedItem: { item: 0 } },
		]);
		scope.done();
	});

	test('file delivery: a ZIP answer becomes binary data', async () => {
		const zip = Buffer.from('PK\u0003\u0004fake-zip-bytes');
		const scope = nock(BASE_URL)
			.matchHeader('x-api-key', API_KEY)
			.matchHeader('accept', /^application\/zip/)
			.post('/calling/history/download')
			.query(withDates({}, NOW))
			.reply(200, zip, { 'Content-Type': 'application/zip' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: {
				resource: 'call',
				operation: 'exportHistory',
				delivery: 'file',
				binaryPropertyName: 'export',
			},
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({
			fileName: 'call-history.zip',
			mimeType: 'application/zip',
			fileSize: zip.length,
		});
		expect(output[0].binary?.export).toMatchObject({
			fileName: 'call-history.zip',
			mimeType: 'application/zip',
			data: zip.toString('base64'),
		});
		scope.done();
	});
});

describe('Export History', () => {
	const exportParams = (extra: object = {}) => ({
		resource: 'call',
		operation: 'exportHistory',
		delivery: 'file',
		binaryPropertyName: 'data',
		...extra,
	});

	test('Voicemail ={{ true }} sends voicemail=true; numbers from text are whole numbers', async () => {
		const scope = nock(BASE_URL)
			.post('/calling/history/download')
			.query(
				withDates({ voicemail: 'true', include_analysis: 'false', limit: '20', offset: '5' }, NOW),
			)
			.reply(200, { message: 'queued' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: exportParams({
				delivery: 'email',
				filters: { voicemail: '={{ true }}' },
				options: { includeAnalysis: 'false', maxRecords: '20', skipRecords: 5 },
			}),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ message: 'queued' });
		scope.done();
	});

	test.each([
		[{ filters: { voicemail: 'yes' } }, 'Filters › Voicemail: "yes" is not true or false [item 0]'],
		[
			{ filters: { callType: 'outgoing' } },
			'Filters › Call Type: "outgoing" is not one of "inbound", "outbound", "webcall" [item 0]',
		],
		[{ filters: { callId: '={{ {} }}' } }, 'Filters › Call ID: an object is not text [item 0]'],
		[
			{ filters: { agentIds: '={{ 42 }}' } },
			'Filters › Assistant Names or IDs: is not a list of assistant IDs [item 0]',
		],
		[
			{ filters: { status: '={{ ["completed"] }}' } },
			'Filters › Status: a list is not text [item 0]',
		],
		[
			{ options: { maxRecords: '0x10' } },
			'Options › Max Records: "0x10" is not a whole number of at least 1 [item 0]',
		],
		[
			{ options: { skipRecords: 1.5 } },
			'Options › Skip Records: 1.5 is not a whole number of at least 0 [item 0]',
		],
		[
			{ options: { maxFileSizeMb: 0 } },
			'Options › Max File Size (MB): 0 is not a whole number from 1 to 1024 [item 0]',
		],
	])(
		'a filter of the wrong type fails the item instead of being dropped: %j',
		async (extra, message) => {
			const seen = recordAll();
			const { error } = await runNode({
				type: 'voiceAgentCalling',
				parameters: exportParams(extra),
			});
			expect(error?.message).toBe(message);
			expect(seen).toEqual([]);
		},
	);

	test('a 200 HTML page is not saved as call-history.zip', async () => {
		nock(BASE_URL)
			.post('/calling/history/download')
			.query(withDates({}, NOW))
			.reply(200, '<!DOCTYPE html><html>Sign in</html>', { 'Content-Type': 'text/html' });
		const { error, output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: exportParams(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe(
			'Unexpected answer from the service: The export answer should be a ZIP file or a JSON message but is 35 bytes of text/html, an HTML page',
		);
	});

	test('a JSON list where the message belongs is a shape error', async () => {
		nock(BASE_URL).post('/calling/history/download').query(withDates({}, NOW)).reply(200, [1, 2]);
		const { error } = await runNode({ type: 'voiceAgentCalling', parameters: exportParams() });
		expect(error?.message).toBe(
			'Unexpected answer from the service: The export answer should be an object but is a list',
		);
	});

	test('an announced size over the limit is refused before reading the body', async () => {
		nock(BASE_URL)
			.post('/calling/history/download')
			.query(withDates({}, NOW))
			.reply(200, ZIP, {
				'Content-Type': 'application/zip',
				'Content-Length': String(3 * 1024 * 1024),
			});
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: exportParams({ options: { maxFileSizeMb: 2 } }),
		});
		expect(error?.message).toBe(
			'The answer to POST /calling/history/download is larger than the limit of 2097152 bytes (3145728 bytes announced)',
		);
	});

	test('a streamed answer without a length is cut off at the limit', async () => {
		const big = Buffer.concat([ZIP, Buffer.alloc(1024 * 1024 + 10)]);
		nock(BASE_URL)
			.post('/calling/history/download')
			.query(withDates({}, NOW))
			.reply(
				200,
				() => require('node:stream').Readable.from([big.subarray(0, 600000), big.subarray(600000)]),
				{
					'Content-Type': 'application/zip',
				},
			);
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: exportParams({ options: { maxFileSizeMb: 1 } }),
		});
		expect(error?.message).toBe(
			'The answer to POST /calling/history/download is larger than the limit of 1048576 bytes (more than 1048576 bytes received)',
		);
	});

	test('a ZIP within the limit becomes binary data; the export is queued once under Retry On Fail', async () => {
		let sent = 0;
		nock(BASE_URL)
			.post('/calling/history/download')
			.query(withDates({}, NOW))
			.times(3)
			.reply(() => {
				sent++;
				return [500, { detail: 'export failed' }];
			});
		const failed = await runNode({
			type: 'voiceAgentCalling',
			parameters: exportParams(),
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		});
		expect(sent).toBe(1);
		expect(failed.error?.message).toBe('export failed');
		nock.cleanAll();
		nock(BASE_URL)
			.matchHeader('x-api-key', API_KEY)
			.post('/calling/history/download')
			.query(withDates({}, NOW))
			.reply(200, ZIP, { 'Content-Type': 'application/octet-stream' });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: exportParams(),
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({
			fileName: 'call-history.zip',
			mimeType: 'application/zip',
			fileSize: ZIP.length,
		});
		expect(output[0].binary?.data.data).toBe(ZIP.toString('base64'));
	});
});
