/**
 * Wait Until Ready: processing is asynchronous, so Create and Update can poll GET
 * /external/kb/{kb_id} until its status is `completed` or `failed`, up to a Max Wait. Waiting
 * uses n8n's sleep (tests replace it with a virtual clock).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { explainKbLimit, readKnowledgeBase } from '../../../shared/knowledgeBases/knowledgeBases';
import type { Fields } from '../../../shared/engine/params';
import { REQUIRED } from '../../../shared/engine/params';

const UNITS = ['seconds', 'minutes'] as const;

export const readyFields: INodeProperties[] = [
	{
		displayName: 'Wait Until Ready',
		name: 'waitUntilReady',
		type: 'boolean',
		default: false,
		description:
			'Whether to wait until the service has processed the knowledge base (status completed or failed) and output its final state',
	},
	{
		displayName: 'Max Wait',
		name: 'maxWait',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 5,
		displayOptions: { show: { waitUntilReady: [true] } },
		description: 'How long to wait at most; a knowledge base still processing then is an error',
	},
	{
		displayName: 'Max Wait Unit',
		name: 'maxWaitUnit',
		type: 'options',
		options: [
			{ name: 'Seconds', value: 'seconds' },
			{ name: 'Minutes', value: 'minutes' },
		],
		default: 'minutes',
		displayOptions: { show: { waitUntilReady: [true] } },
	},
	{
		displayName: 'Poll Interval (Seconds)',
		name: 'pollIntervalSeconds',
		type: 'number',
		typeOptions: { minValue: 5 },
		default: 30,
		displayOptions: { show: { waitUntilReady: [true] } },
		description: 'How often to read the knowledge base while it is processing',
		hint: 'The service answers at most 60 knowledge-base reads an hour per workspace',
	},
];

export interface ReadySettings {
	maxWaitMs: number;
	pollMs: number;
}

/** The wait settings, or undefined when Wait Until Ready is off. */
export function readReadySettings(f: Fields): ReadySettings | undefined {
	if (!f.boolean('waitUntilReady', 'Wait Until Ready', false)) return undefined;
	const unit = f.option('maxWaitUnit', 'Max Wait Unit', UNITS, 'minutes');
	const maxWait = f.number('maxWait', 'Max Wait', REQUIRED, {
		min: 1,
		max: unit === 'minutes' ? 1440 : 86400,
	});
	const poll = f.number('pollIntervalSeconds', 'Poll Interval (Seconds)', 30, {
		min: 5,
		max: 3600,
	});
	return { maxWaitMs: maxWait * (unit === 'minutes' ? 60000 : 1000), pollMs: poll * 1000 };
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * Polls until the knowledge base is completed (its record is returned, with waited_seconds)
 * or failed (an error naming it and what was sent); past Max Wait, an error saying it is
 * still processing and how to carry on.
 */
export async function waitUntilReady(
	ctx: IExecuteFunctions,
	i: number,
	kbId: string,
	settings: ReadySettings,
	sent: string,
): Promise<IDataObject> {
	const started = Date.now();
	for (;;) {
		let record: IDataObject;
		try {
			record = await readKnowledgeBase(ctx, kbId, i);
		} catch (error) {
			throw explainKbLimit(error, 'read');
		}
		const waited = Date.now() - started;
		const name = typeof record.kb_name === 'string' ? `"${record.kb_name}" (${kbId})` : kbId;
		if (record.status === 'completed') return { ...record, waited_seconds: seconds(waited) };
		if (record.status === 'failed') {
			throw new NodeOperationError(ctx.getNode(), `Knowledge base ${name} failed to process`, {
				itemIndex: i,
				description: `The service reports status "failed" and does not say which part failed. Sent: ${sent}. Check the files (type, size, readable text) and URLs, then edit the knowledge base with Update or create it again.`,
			});
		}
		if (waited >= settings.maxWaitMs) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Knowledge base ${name} is still ${String(record.status)} after ${seconds(waited)} s (Max Wait)`,
				{
					itemIndex: i,
					description: `The request was accepted and the service keeps processing it: do not send it again. Read it later with Knowledge Base › Get (e.g. after a Wait node), or raise Max Wait.`,
				},
			);
		}
		await sleep(Math.min(settings.pollMs, settings.maxWaitMs - waited));
	}
}
