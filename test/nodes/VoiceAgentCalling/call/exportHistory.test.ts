/**
 * Contact List → Delete and Export History under hostile input and hostile answers, and what an
 * AI agent may run unasked.
 */
import nock from 'nock';
import type { INodeType } from 'n8n-workflow';

import { VoiceAgentAssistant } from '../../nodes/VoiceAgentAssistant/VoiceAgentAssistant.node';
import { VoiceAgentCalling } from '../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import { API_KEY, BASE_URL, registerNodeType, runNode } from '../helpers/harness';
import { AGENT } from '../helpers/fixtures';

/** The node as n8n offers it to an AI agent: the same node under a type name ending in Tool. */
function asTool<T extends INodeType>(node: T): T {
	node.description = { ...node.description, name: `${node.description.name}Tool` };
	return node;
}

registerNodeType('voiceAgentCallingTool', () => asTool(new VoiceAgentCalling()));
registerNodeType('voiceAgentAssistant', () => new VoiceAgentAssistant());
registerNodeType('voiceAgentAssistantTool', () => asTool(new VoiceAgentAssistant()));

const ZIP = Buffer.from('PK\u0003\u0004fake-zip-bytes');

/** Every request nock sees, to any host. */
function recordAll() {
	const seen: string[] = [];
	nock.emitter.on('no match', (req: { method?: string; path?: string }) =>
		seen.push(`${req.method} ${req.path}`),
	);
	return seen;
}

afterEach(() => {
	nock.cleanAll();
	nock.emitter.removeAllListeners('no match');
});

describe('Contact List → Delete: the ID is one path segment', () => {
	test.each([
		['..', 'Contact List ID: ".." is not a valid ID [item 0]'],
		['.', 'Contact List ID: "." is not a valid ID [item 0]'],
		[' .. ', 'Contact List ID: ".." is not a valid ID [item 0]'],
		['={{ "  " }}', 'Contact List ID: is required [item 0]'],
		[
			'ab\uD800cd',
			'Contact List ID: contains broken text (an unpaired surrogate character) [item 0]',
		],
		['a\nb', 'Contact List ID: contains control characters [item 0]'],
	])('%j is refused before any request', async (listId, message) => {
		const seen = recordAll();
		const { error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'contactList', operation: 'delete', listId },
		});
		expect(error?.message).toBe(message);
		expect(seen).toEqual([]);
	});

	test('an ID from an expression that is an object is refused, not sent as [object Object]', async () => {
		const scope = nock(BASE_URL)
			.delete('/calling/contact/list-9')
			.reply(200, { message: 'deleted' });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'contactList', operation: 'delete', listId: '={{ $json.id }}' },
			items: [{ json: { id: { a: 1 } } }, { json: { id: 'list-9' } }],
			continueOnFail: true,
		});
		scope.done();
		expect(output.map((o) => o.json.error ?? o.json.list_id)).toEqual([
			'Contact List ID: an object is not text [item 0]',
			'list-9',
		]);
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
			.query({ voicemail: 'true', include_analysis: 'false', limit: '20', offset: '5' })
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
		nock(BASE_URL).post('/calling/history/download').reply(200, [1, 2]);
		const { error } = await runNode({ type: 'voiceAgentCalling', parameters: exportParams() });
		expect(error?.message).toBe(
			'Unexpected answer from the service: The export answer should be an object but is a list',
		);
	});

	test('an announced size over the limit is refused before reading the body', async () => {
		nock(BASE_URL)
			.post('/calling/history/download')
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

// Which operations need the switch, over every node: toolConsent.test.ts.
describe('AI agent tool surface', () => {
	test('Contact List → Delete as a tool is refused without the switch, for every item', async () => {
		const seen = recordAll();
		const { output } = await runNode({
			type: 'voiceAgentCallingTool',
			parameters: { resource: 'contactList', operation: 'delete', listId: 'list-1' },
			items: [{ json: {} }, { json: {} }],
			continueOnFail: true,
		});
		expect(seen).toEqual([]);
		expect(output.map((o) => [o.pairedItem, o.json.error])).toEqual([
			[
				{ item: 0 },
				'An AI agent may not run this operation (it deletes a contact list and all its contacts) unless "Allow AI Agent to Run This" is on',
			],
			[
				{ item: 1 },
				'An AI agent may not run this operation (it deletes a contact list and all its contacts) unless "Allow AI Agent to Run This" is on',
			],
		]);
	});

	test('an expression in the switch does not count as consent', async () => {
		const seen = recordAll();
		const { error } = await runNode({
			type: 'voiceAgentAssistantTool',
			parameters: {
				resource: 'assistant',
				operation: 'updateDisplayName',
				assistant: { __rl: true, mode: 'id', value: AGENT },
				displayName: 'x',
				allowAgent: '={{ true }}',
			},
		});
		expect(error?.message).toContain(
			'An AI agent may not run this operation (it changes an assistant',
		);
		expect(seen).toEqual([]);
	});

	test('with the switch on, the tool deletes; as a plain node no switch is needed', async () => {
		const scope = nock(BASE_URL)
			.delete('/calling/contact/list-1')
			.times(2)
			.reply(200, { message: 'deleted' });
		for (const type of ['voiceAgentCallingTool', 'voiceAgentCalling']) {
			const { output, error } = await runNode({
				type,
				parameters: {
					resource: 'contactList',
					operation: 'delete',
					listId: 'list-1',
					...(type.endsWith('Tool') ? { allowAgent: true } : {}),
				},
			});
			expect(error).toBeUndefined();
			expect(output[0].json).toEqual({ list_id: 'list-1', message: 'deleted' });
		}
		scope.done();
	});
});
