/** Call › Start's v2 callers against the sandbox: a number pool, a voice override. */
import type { Sandbox } from '../../../../../sandbox';
import { fixtures } from '../../../../../sandbox';
import { locator } from '../../../../helpers/fixtures';
import { runNode } from '../../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../../helpers/sandbox';
import { sheetStart } from '../../../../helpers/startParams';

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

// The number of the seeded pool (the fixtures carry the fields the reference added in 2026-06).
const POOLED = fixtures.NUMBERS.find((n) => 'number_pool_id' in n) as unknown as {
	number: string;
	number_pool_id: string;
};

test('a pool and a voice go to the v2 path; the call is made from a number of the pool', async () => {
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		credentials: sandboxCredentials(sb),
		items: [{ json: { name: 'Ada', phone: '+14155550142' } }],
		parameters: sheetStart(
			{},
			{
				assistant: locator(fixtures.AGENTS[0].id),
				fromNumber: locator(POOLED.number_pool_id, 'pool'),
				voiceId: locator(fixtures.VOICES[0].id),
			},
		),
	});
	expect(error).toBeUndefined();
	expect(sb.store.ledger).toEqual([
		{
			call_id: output[0].json.call_id,
			mobile_number: '+14155550142',
			from_number: POOLED.number,
			agent_id: fixtures.AGENTS[0].id,
			at: expect.any(String),
			v2: true,
			number_pool_id: POOLED.number_pool_id,
			voice_id: fixtures.VOICES[0].id,
		},
	]);
});
