/**
 * Call Back's Do Not Call list (doNotCall.ts): read from the first input item, once per run,
 * for every item alike; its numbers carry their country code (a call back has no Default
 * Country Code), so an entry without one stops the node.
 */
import { doNotCallOfRun } from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/doNotCall';
import { doNotCallFields } from '../../../../../nodes/shared/dialling/callee/doNotCallField';
import { Run } from '../../../../../nodes/shared/engine/run';
import { probe } from '../../../../helpers/probe';

/** Each item's list (sorted numbers; 'none' for None) and whether it is the run's one Set. */
async function lists(parameters: Record<string, string>) {
	let run: Run | undefined;
	let first: Set<string> | undefined;
	return probe(
		async (ctx) => {
			run ??= new Run(ctx);
			const list = await run.get(doNotCallOfRun);
			first ??= list;
			return list ? { numbers: [...list].sort(), same: list === first } : 'none';
		},
		{
			properties: doNotCallFields,
			parameters: { doNotCall: 'numbers', ...parameters },
			items: [{ dnc: '+14155550100, +44 20 7946 0958' }, { dnc: '+14155550199' }],
		},
	);
}

test("the first item's list, read once for every item", async () => {
	const { values, error } = await lists({ doNotCallNumbers: '={{ $json.dnc }}' });
	expect(error).toBeUndefined();
	const list = { numbers: ['+14155550100', '+442079460958'], same: true };
	expect(values).toEqual([list, list]);
});

test('None: no list for any item', async () => {
	expect((await lists({ doNotCall: 'none' })).values).toEqual(['none', 'none']);
});

test('an entry without its country code stops the node: there is none to complete it', async () => {
	const { error } = await lists({ doNotCallNumbers: '+14155550100, 415 555 0101' });
	expect(error?.message).toBe(
		'Do Not Call: 1 entry is not a phone number (fix or remove it; nobody was called): Do Not Call Numbers › entry 2 "415 555 0101": is not a phone number in international format with country code, e.g. +14155550100 [item 0]',
	);
});
