/**
 * One assistant edit run over many items with Continue On Fail: the bodies PATCH /agent/v1
 * received, in order (the node edits one item after another), and each item's output. For
 * the test of each edit operation, where a class of inputs goes through in one run.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { AGENT } from './fixtures';
import { jsonOf, mockApi, runNode } from './harness';
import { ok, params } from './assistantEdits';

export interface EditRun {
	/** The bodies sent, without the fields every edit sends (operation, agent_id). */
	sent: IDataObject[];
	/** The API operation of every body sent. */
	operations: string[];
	/** Each item's output json: the service's answer, or {error, description}. */
	out: IDataObject[];
}

/** Runs `operation` with `parameters` (expressions may read `$json`) over `items`. */
export async function editEach(
	operation: string,
	parameters: Record<string, unknown>,
	items: IDataObject[],
): Promise<EditRun> {
	const sent: IDataObject[] = [];
	const operations: string[] = [];
	const interceptor = mockApi()
		.persist()
		.matchHeader('content-type', 'application/json')
		.patch('/agent/v1');
	interceptor.reply((_uri, body) => {
		const { operation: apiOperation, agent_id, ...rest } = body as IDataObject;
		if (agent_id !== AGENT) return [400, { detail: `unexpected agent_id ${String(agent_id)}` }];
		operations.push(String(apiOperation));
		sent.push(rest);
		return [200, ok];
	});
	const { output, error } = await runNode({
		type: 'voiceAgentAssistant',
		continueOnFail: true,
		parameters: params(operation, parameters),
		items: items.map((json) => ({ json })),
	});
	// This run's answers only: the next run records into its own lists.
	nock.removeInterceptor(interceptor);
	if (error) throw error;
	return { sent, operations, out: jsonOf(output) };
}

/** The output of an item refused before any request: its message, naming the item. */
export const refused = (message: string, field: string, i: number) => ({
	error: `${message} [item ${i}]`,
	description: `Fix "${field}" in input item ${i} and run again. No request was sent for this item.`,
});

export { ok };

/**
 * The checks shared by edits of the same shape (attach/remove, one text field): each test
 * file names its edit, its field and its API operation; the inputs and exact values are here.
 */

/** The Phone Number field read from each item's `id`. */
const numberFromJson = { numberId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } };

/** Any number ID, from the list or typed, over many items: `apiOperation` with its number_id. */
export const numberIdsGoThrough = (operation: string, apiOperation: string) =>
	fc.assert(
		fc.asyncProperty(
			fc.array(fc.record({ id: fc.uuid(), mode: fc.constantFrom('list', 'id') }), {
				minLength: 1,
				maxLength: 10,
			}),
			async (numbers) => {
				const run = await editEach(operation, numberFromJson, numbers);
				expect(run.operations).toEqual(numbers.map(() => apiOperation));
				expect(run.sent).toEqual(numbers.map((n) => ({ number_id: n.id })));
				expect(run.out).toEqual(numbers.map(() => ok));
			},
		),
		{ numRuns: 3, seed: 20260101 },
	);

/** A phone number, then nothing, as the number ID: both refused before any request. */
export async function numberRefusals(operation: string) {
	const run = await editEach(operation, numberFromJson, [{ id: '+14155550100' }, { id: '' }]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Phone Number: "+14155550100" is not a valid ID (UUID expected)', 'Phone Number', 0),
		refused('Phone Number: is required', 'Phone Number', 1),
	]);
}

/** The knowledge base of the attach/remove tests (Clinic FAQ). */
export const KB_ID = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';

/** The ways the Knowledge Base field holds KB_ID: picked, typed, or saved as plain text before it had a list. */
export const KB_ID_WAYS: Array<[string, unknown]> = [
	['picked from the list', { __rl: true, mode: 'list', value: KB_ID }],
	['typed', { __rl: true, mode: 'id', value: ` ${KB_ID} ` }],
	['saved as plain text', ` ${KB_ID} `],
];

/** One item with `knowledgeBaseId`: `apiOperation` with kb_id KB_ID. */
export async function kbIdGoesThrough(
	operation: string,
	apiOperation: string,
	knowledgeBaseId: unknown,
) {
	const run = await editEach(operation, { knowledgeBaseId }, [{}]);
	expect([run.operations, run.sent, run.out]).toEqual([[apiOperation], [{ kb_id: KB_ID }], [ok]]);
}

/** No knowledge base ID, then a name instead of one: both refused before any request. */
export async function kbIdRefusals(operation: string) {
	const run = await editEach(operation, { knowledgeBaseId: '={{ $json.kb }}' }, [
		{},
		{ kb: 'Clinic FAQ' },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Knowledge Base: is required', 'Knowledge Base', 0),
		refused('Knowledge Base: "Clinic FAQ" is not a valid ID (UUID expected)', 'Knowledge Base', 1),
	]);
}

/** Any text that is not blank, in `field` over many items: `apiOperation` with it trimmed in `apiField`. */
export const textsGoThrough = (
	operation: string,
	field: string,
	apiOperation: string,
	apiField: string,
) =>
	fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() !== ''),
				{ minLength: 1, maxLength: 10 },
			),
			async (texts) => {
				const run = await editEach(
					operation,
					{ [field]: '={{ $json.text }}' },
					texts.map((text) => ({ text })),
				);
				expect(run.operations).toEqual(texts.map(() => apiOperation));
				expect(run.sent).toEqual(texts.map((text) => ({ [apiField]: text.trim() })));
				expect(run.out).toEqual(texts.map(() => ok));
			},
		),
		{ numRuns: 4, seed: 20260101 },
	);

/** Blank text, an object and a list in `field` (labelled `label`): refused before any request. */
export async function textRefusals(operation: string, field: string, label: string) {
	const run = await editEach(operation, { [field]: '={{ $json.text }}' }, [
		{ text: '  ' },
		{ text: { a: 1 } },
		{ text: [1, 2] },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused(`${label}: is required`, label, 0),
		refused(`${label}: an object is not text`, label, 1),
		refused(`${label}: a list is not text`, label, 2),
	]);
}
