/** The assistant reads Get and Get Many share: one assistant normalised, the list by Limit. */
import type { INodeProperties } from 'n8n-workflow';

import {
	listAssistants,
	readAssistant,
} from '../../../../nodes/VoiceAgentAssistant/actions/assistant/read';
import { assistantView } from '../../../../nodes/shared/assistants/versions';
import { AGENT } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { probe } from '../../../helpers/probe';

expectAllMocksUsed();

const record = {
	id: AGENT,
	agent_display_name: 'Maya',
	agent_prompt: 'Hi @{{callee_name}}, about @{{product}}.',
	language: 'en-US',
};
const row = (n: number) => ({
	id: `a0000000-0000-4000-8000-00000000000${n}`,
	agent_display_name: `A${n}`,
});
const list = (rows: unknown[]) => ({ status: 'success', data: { agents: rows } });
const properties: INodeProperties[] = [
	{ displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false },
	{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 },
];

describe('readAssistant', () => {
	test('GET /agent/{id}, its record normalised beside the raw record', async () => {
		const scope = mockApi().get(`/agent/${AGENT}`).reply(200, { agents: record });
		const { values, error } = await probe((ctx, i) => readAssistant(ctx, AGENT, i));
		expect(error).toBeUndefined();
		expect(values).toEqual([assistantView(record)]);
		expect(values[0]).toMatchObject({
			id: AGENT,
			prompt_variables: ['callee_name', 'product'],
			raw: record,
		});
		scope.done();
	});

	test('an answer without the record object is refused', async () => {
		mockApi()
			.get(`/agent/${AGENT}`)
			.reply(200, { agents: [record] });
		const { error } = await probe((ctx, i) => readAssistant(ctx, AGENT, i));
		expect(error?.message).toBe(
			'Unexpected answer from the service: agents should be an object but is a list',
		);
	});
});

describe('listAssistants', () => {
	test('a Limit: pages of pageSize, the last one only as large as needed', async () => {
		const scope = mockApi()
			.get('/agent/all')
			.query({ limit: '2', offset: '0' })
			.reply(200, list([row(1), row(2)]))
			.get('/agent/all')
			.query({ limit: '1', offset: '2' })
			.reply(200, list([row(3)]));
		const { values, error } = await probe((ctx, i) => listAssistants(ctx, i, 2, 10), {
			properties,
			parameters: { limit: 3 },
		});
		expect(error).toBeUndefined();
		expect(values).toEqual([[row(1), row(2), row(3)]]);
		scope.done();
	});

	test('Return All: until a page shorter than pageSize', async () => {
		const scope = mockApi()
			.get('/agent/all')
			.query({ limit: '2', offset: '0' })
			.reply(200, list([row(1), row(2)]))
			.get('/agent/all')
			.query({ limit: '2', offset: '2' })
			.reply(200, list([row(3)]));
		const { values } = await probe((ctx, i) => listAssistants(ctx, i, 2, 10), {
			properties,
			parameters: { returnAll: true },
		});
		expect(values).toEqual([[row(1), row(2), row(3)]]);
		scope.done();
	});

	test('a Limit above maxLimit is refused before any request', async () => {
		const { values, error } = await probe((ctx, i) => listAssistants(ctx, i, 2, 10), {
			properties,
			parameters: { limit: 11 },
		});
		expect(values).toEqual([]);
		expect(error?.message).toBe('Limit: 11 is not a whole number from 1 to 10 [item 0]');
	});
});
