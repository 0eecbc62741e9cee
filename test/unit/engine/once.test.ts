import type { IExecuteFunctions } from 'n8n-workflow';

import {
	markNotSent,
	mayHaveActed,
	REPLAY_NOTE,
	sendOnce,
	sentByOthers,
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

describe('sentByOthers: what the other items sent, read from the ledger', () => {
	const failed = async () => {
		throw new Error('upstream failed');
	};

	test('the other items’ outcomes of `what` about `about`, in input order, a later try’s context too', async () => {
		const items = [{ json: {} }, { json: {} }, { json: {} }, { json: {} }];
		const ctx = context(items);
		await sendOnce(ctx, 3, 'callBack', async () => ({ call_id: 'c3' }), 'source-1');
		await expect(sendOnce(ctx, 1, 'callBack', failed, 'source-1')).rejects.toThrow();
		// Another source, another `what`, no `about`: not these.
		await sendOnce(ctx, 0, 'callBack', async () => ({ call_id: 'c0' }), 'source-2');
		await sendOnce(ctx, 0, 'start', async () => ({ call_id: 's0' }), 'source-1');
		await sendOnce(ctx, 2, 'callBack', async () => ({ call_id: 'c2' }));
		// A Retry On Fail try: a new context on the same items.
		const retry = context(items);
		expect(sentByOthers(retry, 0, 'callBack', 'source-1')).toEqual([
			{ item: 1, outcome: { ok: false, error: new Error('upstream failed') } },
			{ item: 3, outcome: { ok: true, value: { call_id: 'c3' } } },
		]);
		// The asking item's own is not another's.
		expect(sentByOthers(retry, 3, 'callBack', 'source-1')).toEqual([
			{ item: 1, outcome: { ok: false, error: new Error('upstream failed') } },
		]);
		expect(sentByOthers(retry, 2, 'callBack', 'source-2')).toEqual([
			{ item: 0, outcome: { ok: true, value: { call_id: 'c0' } } },
		]);
	});

	test('by any node fed the same items; nothing of new items, nor of a send proven not made', async () => {
		const items = [{ json: {} }, { json: {} }];
		await sendOnce(context(items, 'Call back'), 0, 'callBack', async () => 'a', 'source-1');
		await sendOnce(context(items, 'Call back again'), 0, 'callBack', async () => 'b', 'source-1');
		expect(sentByOthers(context(items, 'Third'), 1, 'callBack', 'source-1')).toEqual([
			{ item: 0, outcome: { ok: true, value: 'a' } },
			{ item: 0, outcome: { ok: true, value: 'b' } },
		]);
		expect(sentByOthers(context([{ json: {} }, { json: {} }]), 1, 'callBack', 'source-1')).toEqual(
			[],
		);
		const notSent = new Error('Too many requests');
		markNotSent(notSent);
		const fresh = [{ json: {} }, { json: {} }];
		await expect(
			sendOnce(
				context(fresh),
				0,
				'callBack',
				async () => {
					throw notSent;
				},
				'source-1',
			),
		).rejects.toBe(notSent);
		expect(sentByOthers(context(fresh), 1, 'callBack', 'source-1')).toEqual([]);
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
