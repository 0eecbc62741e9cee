/**
 * One row's verdict (start/body.ts) from the row as read once (start/row.ts): whatever fields
 * of a row fail, the row reports the first the verdict reaches, in its order (the number, the
 * list, Call Settings, the callee's zone, the variables, then the body's fields), and a listed
 * number is skipped whatever else of its row fails. A row whose fields all hold is called with
 * exactly its body, and each field was resolved once.
 */
import fc from 'fast-check';

import { startVerdict } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/body';
import { readStartRow } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/row';
import { AGENT } from '../../../../helpers/fixtures';
import { broken, startContext } from '../../../../helpers/startContext';

/** The fields a row's verdict reads, in the order it reaches them. */
const ORDER = [
	'defaultCountryCode',
	'mobileNumber',
	'callConfig',
	'calleeTimeZone',
	'variablesMode',
	'name',
	'assistant',
	'version',
	'fromNumber',
	'voiceId',
] as const;

const NUMBER = '+14155550101';
const NOW = Date.UTC(2026, 0, 5, 12);

async function verdictOf(fails: readonly string[], listed: boolean) {
	const { ctx, reads } = startContext(Object.fromEntries(fails.map((f) => [f, broken(f)])));
	const row = readStartRow(ctx, 0);
	const verdict = await startVerdict(row, NOW, new Set(listed ? [NUMBER] : []));
	return { verdict, reads };
}

describe('startVerdict', () => {
	it('calls a row whose fields hold, with exactly its body, each field read once', async () => {
		const { verdict, reads } = await verdictOf([], false);
		expect(verdict).toEqual({
			verdict: 'call',
			number: NUMBER,
			value: {
				body: { name: 'Ann', mobile_number: NUMBER, agent_id: AGENT, from_number: '+14155550000' },
				warnings: [],
			},
		});
		expect([...reads.values()].every((n) => n === 1)).toBe(true);
		expect(reads.get('callConfig @0')).toBe(1);
	});

	it('reports the first failing field the verdict reaches; a listed number is skipped', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.subarray([...ORDER], { minLength: 1 }),
				fc.boolean(),
				async (fails, listed) => {
					const { verdict } = await verdictOf(fails, listed);
					const first = ORDER.find((f) => fails.includes(f)) as string;
					const numberRead =
						!fails.includes('defaultCountryCode') && !fails.includes('mobileNumber');
					if (listed && numberRead) {
						expect(verdict).toEqual({
							verdict: 'skip',
							number: NUMBER,
							code: 'do_not_call',
							sentence: `Do Not Call: ${NUMBER} is on the list, so it is not called`,
						});
					} else {
						expect(verdict).toEqual({
							verdict: 'refuse',
							error: new Error(`broken ${first}`),
							...(numberRead ? { number: NUMBER } : {}),
						});
					}
				},
			),
			{ numRuns: 100 },
		);
	});
});
