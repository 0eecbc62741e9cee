import type { IExecuteFunctions } from 'n8n-workflow';

import {
	markNotSent,
	mayHaveActed,
	REPLAY_NOTE,
	sendOnce,
} from '../../../nodes/shared/engine/once';

/** The part of an execute context sendOnce reads: the node and the input items. */
const context = (items: Array<{ json: object }>, nodeName = 'Call') =>
	({
		getNode: () => ({ name: nodeName }),
		getInputData: () => items,
		// n8n shares one execute-data object across every invocation of an agent's tool.
		getExecuteData: () => sharedExecuteData,
	}) as unknown as IExecuteFunctions;
const sharedExecuteData = {};

describe('sendOnce', () => {
	test("an AI agent's tool: each invocation sends, a retry of one invocation does not", async () => {
		const sent: string[] = [];
		const send = (to: string) => async () => {
			sent.push(to);
			return { to };
		};
		const alice = { number: '+1415555001' };
		const bob = { number: '+1415555002' };
		// n8n wraps the same arguments object in a new item for every try of one invocation.
		await sendOnce(context([{ json: alice }]), 0, 'start', send('alice'));
		await sendOnce(context([{ json: alice }]), 0, 'start', send('alice again'));
		await sendOnce(context([{ json: bob }]), 0, 'start', send('bob'));
		expect(sent).toEqual(['alice', 'bob']);
	});

	test('a replayed failure is the same error, with a note saying it was not sent again', async () => {
		const item = { json: {} };
		const failure = Object.assign(new Error('upstream failed'), { description: 'Try later.' });
		let sends = 0;
		const send = async () => {
			sends++;
			throw failure;
		};
		await expect(sendOnce(context([item]), 0, 'start', send)).rejects.toBe(failure);
		await expect(sendOnce(context([item]), 0, 'start', send)).rejects.toBe(failure);
		expect(sends).toBe(1);
		expect(failure.description).toBe(`Try later. ${REPLAY_NOTE}`);
	});

	test('a failure that proves nothing was sent is not remembered', async () => {
		const item = { json: {} };
		const rateLimited = new Error('Too many requests');
		markNotSent(rateLimited);
		await expect(
			sendOnce(context([item]), 0, 'start', async () => {
				throw rateLimited;
			}),
		).rejects.toBe(rateLimited);
		await expect(sendOnce(context([item]), 0, 'start', async () => 'placed')).resolves.toBe(
			'placed',
		);
		// ...and once placed, it is remembered.
		await expect(sendOnce(context([item]), 0, 'start', async () => 'again')).resolves.toBe(
			'placed',
		);
	});
});

describe('mayHaveActed', () => {
	test('a 5xx or a lost answer may have acted; a 4xx, a 3xx or a proven non-send did not', () => {
		const notSent = { httpCode: undefined };
		markNotSent(notSent);
		expect(
			[{ httpCode: '500' }, { httpCode: '503' }, {}, { httpCode: '' }].map(mayHaveActed),
		).toEqual([true, true, true, true]);
		expect(
			[{ httpCode: '400' }, { httpCode: '429' }, { httpCode: '302' }, notSent].map(mayHaveActed),
		).toEqual([false, false, false, false]);
	});
});
