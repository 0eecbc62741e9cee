/** The headers a user gives for a receiver: real names, each once in any case, one-line values. */
import type { INode } from 'n8n-workflow';

import { readHeaders } from '../../../nodes/shared/assistants/headers';
import { fields } from '../../../nodes/shared/engine/params';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentAssistant' } as INode;

/** The entries of a Headers field as n8n hands them over, read for item 1. */
const entries = (header: Array<{ name?: unknown; value?: unknown }>) =>
	fields(
		{
			getNode: () => node,
			getNodeParameter: (name, _i, fallback) => (name === 'h' ? header : fallback),
		},
		1,
	).entries('h', 'Header');

test('the entries become one object of header names and values', () => {
	expect(
		readHeaders(
			entries([
				{ name: ' X-Token ', value: 'abc' },
				{ name: 'X-Empty', value: '' },
			]),
		),
	).toEqual({ 'X-Token': 'abc', 'X-Empty': '' });
	expect(readHeaders(entries([]))).toEqual({});
});

test('a bad name, a name given twice or a value over two lines is refused by its entry', () => {
	expect(() => readHeaders(entries([{ name: 'Bad Name', value: 'x' }]))).toThrow(
		'Header 1 › Name: "Bad Name" is not a header name [item 1]',
	);
	expect(() =>
		readHeaders(
			entries([
				{ name: 'X-A', value: '1' },
				{ name: 'x-a', value: '2' },
			]),
		),
	).toThrow('Header 2 › Name: "x-a" is given twice [item 1]');
	expect(() => readHeaders(entries([{ name: 'X-A', value: 'one\r\ntwo' }]))).toThrow(
		'Header 1 › Value: must be on one line [item 1]',
	);
});
