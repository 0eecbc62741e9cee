/** Contact List › Delete: the request, the ID as one path segment, and as an AI agent's tool. */
import nock from 'nock';

import { VoiceAgentCalling } from '../../../../nodes/VoiceAgentCalling/VoiceAgentCalling.node';
import {
	asTool,
	BASE_URL,
	expectAllMocksUsed,
	mockApi,
	recordAll,
	runNode,
} from '../../../helpers/harness';

expectAllMocksUsed();
afterEach(() => {
	nock.emitter.removeAllListeners('no match');
});

describe('Contact List › Delete', () => {
	test('deletes by path-encoded id', async () => {
		const scope = mockApi()
			.delete('/calling/contact/list%2F7%20a')
			.reply(200, { message: 'Bulk list deleted successfully' });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'contactList', operation: 'delete', listId: 'list/7 a' },
		});
		expect(output).toEqual([
			{
				json: { list_id: 'list/7 a', message: 'Bulk list deleted successfully' },
				pairedItem: { item: 0 },
			},
		]);
		scope.done();
	});

	test.each([404, 405])(
		'HTTP %i says the list is missing or the operation withdrawn',
		async (code) => {
			const scope = mockApi()
				.delete('/calling/contact/list-9')
				.reply(code, { detail: 'Not Found' });
			const { output } = await runNode({
				type: 'voiceAgentCalling',
				parameters: { resource: 'contactList', operation: 'delete', listId: 'list-9' },
				continueOnFail: true,
			});
			expect(output).toEqual([
				{
					json: {
						error: 'The contact list does not exist, or the service no longer offers deleting it',
						description: `The service answered HTTP ${code} (Not Found). It withdrew this operation from its reference on 2026-05-02: check the list's ID, and delete the list in the service's dashboard.`,
						httpCode: String(code),
					},
					pairedItem: { item: 0 },
				},
			]);
			scope.done();
		},
	);
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

// Which operations need the switch, over every node: toolConsent.test.ts.
describe('AI agent tool surface', () => {
	test('Contact List → Delete as a tool is refused without the switch, for every item', async () => {
		const seen = recordAll();
		const { output } = await runNode({
			type: 'voiceAgentCallingTool',
			nodeType: asTool(new VoiceAgentCalling()),
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

	test('with the switch on, the tool deletes; as a plain node no switch is needed', async () => {
		const scope = nock(BASE_URL)
			.delete('/calling/contact/list-1')
			.times(2)
			.reply(200, { message: 'deleted' });
		for (const type of ['voiceAgentCallingTool', 'voiceAgentCalling']) {
			const { output, error } = await runNode({
				type,
				nodeType: type.endsWith('Tool') ? asTool(new VoiceAgentCalling()) : undefined,
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
