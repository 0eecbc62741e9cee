/**
 * Wait Until Ready: its settings (Max Wait in its unit, the poll interval, bounds), and the
 * wait itself on a virtual clock: reads at the interval until completed or failed, the last
 * sleep cut to what is left of Max Wait, an hourly 429 explained.
 */
jest.mock('n8n-workflow', () =>
	require('../../../helpers/virtualClock').n8nWorkflowWithVirtualSleep(),
);

import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import {
	readReadySettings,
	readyFields,
	waitUntilReady,
	type ReadySettings,
} from '../../../../nodes/VoiceAgentKnowledgeBase/actions/knowledgeBase/ready';
import { fields, type ParamSource } from '../../../../nodes/shared/engine/params';
import { expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { readsUntilCompleted } from '../../../helpers/knowledgeBases';
import { probe } from '../../../helpers/probe';
import { virtualClock } from '../../../helpers/virtualClock';

expectAllMocksUsed();
beforeEach(() => (virtualClock.sleeps.length = 0));

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const node = { name: 'Knowledge Base', type: 'x' } as INode;
const record = (status: string) => ({ kb_id: KB, kb_name: 'Clinic FAQ', status, files: [] });

describe('readReadySettings', () => {
	const source = (values: Record<string, unknown>): ParamSource => ({
		getNode: () => node,
		getNodeParameter: (name, _i, fallback) => (name in values ? values[name] : fallback),
	});
	const read = (values: Record<string, unknown>) => readReadySettings(fields(source(values), 0));

	test('off (the default): no wait', () => {
		expect(read({})).toBeUndefined();
		expect(read({ waitUntilReady: false, maxWait: 5 })).toBeUndefined();
	});

	test('the field defaults: 5 minutes, every 30 s', () => {
		const defaults = Object.fromEntries(readyFields.map((f) => [f.name, f.default]));
		expect(defaults).toEqual({
			waitUntilReady: false,
			maxWait: 5,
			maxWaitUnit: 'minutes',
			pollIntervalSeconds: 30,
		});
		expect(read({ ...defaults, waitUntilReady: true })).toEqual({
			maxWaitMs: 300_000,
			pollMs: 30_000,
		});
	});

	test('any Max Wait in its unit and any interval, in ms', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('seconds', 'minutes'),
				fc.integer({ min: 1, max: 1440 }),
				fc.integer({ min: 5, max: 3600 }),
				(unit, maxWait, poll) => {
					expect(
						read({ waitUntilReady: true, maxWaitUnit: unit, maxWait, pollIntervalSeconds: poll }),
					).toEqual({
						maxWaitMs: maxWait * (unit === 'minutes' ? 60_000 : 1000),
						pollMs: poll * 1000,
					});
				},
			),
			{ numRuns: 300, seed: 20260101 },
		);
	});

	test.each([
		[{ maxWait: 1441 }, 'Max Wait: 1441 is not a number from 1 to 1440 [item 0]'],
		[
			{ maxWaitUnit: 'seconds', maxWait: 86401 },
			'Max Wait: 86401 is not a number from 1 to 86400 [item 0]',
		],
		[
			{ maxWait: 5, pollIntervalSeconds: 4 },
			'Poll Interval (Seconds): 4 is not a number from 5 to 3600 [item 0]',
		],
		[
			{ maxWait: 5, maxWaitUnit: 'hours' },
			'Max Wait Unit: "hours" is not one of "seconds", "minutes" [item 0]',
		],
	])('%j is refused', (values, message) => {
		expect(() => read({ waitUntilReady: true, ...values })).toThrow(new Error(message));
	});
});

describe('waitUntilReady', () => {
	const wait = (settings: ReadySettings) =>
		probe((ctx, i) => waitUntilReady(ctx, i, KB, settings, '1 URL(s).'));
	const every30s = { maxWaitMs: 120_000, pollMs: 30_000 };

	test('reads at the interval until completed; the record with the seconds waited', async () => {
		const reads = readsUntilCompleted(record);
		const { values, error } = await wait(every30s);
		expect(error).toBeUndefined();
		expect(values).toEqual([{ ...record('completed'), waited_seconds: 60 }]);
		expect(virtualClock.sleeps).toEqual([30_000, 30_000]);
		reads.done();
	});

	test('failed: an error naming the knowledge base and what was sent', async () => {
		mockApi().get(`/external/kb/${KB}`).reply(200, record('failed'));
		const { error } = await wait(every30s);
		expect(error?.message).toBe(`Knowledge base "Clinic FAQ" (${KB}) failed to process`);
		expect(error?.description).toBe(
			'The service reports status "failed" and does not say which part failed. Sent: 1 URL(s).. Check the files (type, size, readable text) and URLs, then edit the knowledge base with Update or create it again.',
		);
		expect(virtualClock.sleeps).toEqual([]);
	});

	test('past Max Wait: the last sleep is what is left, then still processing', async () => {
		const reads = mockApi()
			.get(`/external/kb/${KB}`)
			.times(3)
			.reply(200, { kb_id: KB, status: 'processing' });
		const { error } = await wait({ maxWaitMs: 45_000, pollMs: 30_000 });
		expect(virtualClock.sleeps).toEqual([30_000, 15_000]);
		expect(error?.message).toBe(`Knowledge base ${KB} is still processing after 45 s (Max Wait)`);
		expect(error?.description).toBe(
			'The request was accepted and the service keeps processing it: do not send it again. Read it later with Knowledge Base › Get (e.g. after a Wait node), or raise Max Wait.',
		);
		reads.done();
	});

	test('a 429 on a read says the hourly read limit', async () => {
		// Every time: the transport retries a read's 429 before giving up.
		mockApi().persist().get(`/external/kb/${KB}`).reply(429, { detail: 'Rate limit exceeded' });
		const { error } = await wait(every30s);
		expect(error?.message).toBe('Rate limit exceeded');
		expect(error?.description).toBe(
			'The service answers at most 60 knowledge-base reads an hour per workspace, and this workspace is over it. Nothing was changed. Try again later: run the workflow from a Schedule Trigger, or put a Wait node before this one.',
		);
	});
});
