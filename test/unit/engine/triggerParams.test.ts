/** A trigger's reader: its parameters without an item index, read as item 0. */
import type { INode } from 'n8n-workflow';

import { readTrigger, triggerFields } from '../../../nodes/shared/engine/triggerParams';
import { AGENT } from '../../helpers/fixtures';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentCalling' } as INode;

test('a trigger reads its parameters without an item index, as item 0', () => {
	const asked: unknown[] = [];
	const f = triggerFields({
		getNode: () => node,
		getNodeParameter: (name, fallback, options) => {
			asked.push([name, options]);
			return name === 'assistant' ? AGENT : fallback;
		},
	});
	expect(f.locator('assistant', 'Assistant')).toBe(AGENT);
	expect(asked).toEqual([['assistant', { extractValue: true }]]);
	expect(f.itemIndex).toBe(0);
	expect(f.text('missing', 'Secret', 'none')).toBe('none');
});

test("readTrigger gives a reader's error again naming only the field, for the trigger", () => {
	const ctx = { getNode: () => node, getNodeParameter: () => 'abc' };
	let error: unknown;
	try {
		readTrigger(ctx, (f) => f.uuid('assistant', 'Assistant'));
	} catch (e) {
		error = e;
	}
	expect(error).toMatchObject({
		message: 'Assistant: "abc" is not a valid ID (UUID expected)',
		description: 'Fix this field of the trigger; no request was sent.',
	});
	expect(readTrigger(ctx, (f) => f.text('anything', 'Anything'))).toBe('abc');
});
