/**
 * Call › Call Back never places a second call-back of one call and never a call past Max
 * Attempts, whatever happens around it: the node run again on the same items (a re-run),
 * n8n's Retry On Fail re-running it (after a start that failed, placed or not), Continue On
 * Fail, two items naming one source, the Call ID in upper or lower case, a Phone Number
 * override. Against the sandbox under both readings of parent_call_id on reads (FACTS does
 * not say which the service gives): 'shown' and 'hidden'.
 *
 * A chain of k calls to one callee is made first (each naming the previous as its parent, as
 * Call Back would), its last call is the source. Where no parent_call_id is shown, a call-back
 * is recognised by the callee's numbers (the source's and the override), so under 'hidden'
 * the override stays the same across the runs of a scenario, as a workflow's field does; under
 * 'shown' it may change from run to run.
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { FaultRule, Sandbox } from '../../../../sandbox';
import { initBinaryData, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';
import { callBody, type Client } from '../../../sandbox/helpers';
import { SKIP_CODES } from '../../../../nodes/shared/dialling/callee/verdict';

const CALLEE = '+14155557300';
const OVERRIDE = '+14155557301';
const VARIABLES = JSON.stringify(callBody().custom_args_values);

type Fault = 'none' | 'fail-after-placing' | 'fail-before-placing';

interface Run {
	upper: boolean;
	items: 1 | 2;
	override: boolean;
	retryOnFail: boolean;
	continueOnFail: boolean;
	fault: Fault;
}

interface Scenario {
	chain: number;
	maxAttempts: number;
	override: boolean;
	runs: Run[];
}

const runArb = fc.record({
	upper: fc.boolean(),
	items: fc.constantFrom(1 as const, 2 as const),
	override: fc.boolean(),
	retryOnFail: fc.boolean(),
	continueOnFail: fc.boolean(),
	fault: fc.constantFrom<Fault>('none', 'none', 'fail-after-placing', 'fail-before-placing'),
});

const scenarioArb = fc.record({
	chain: fc.integer({ min: 1, max: 4 }),
	maxAttempts: fc.integer({ min: 1, max: 4 }),
	override: fc.boolean(),
	runs: fc.array(runArb, { minLength: 2, maxLength: 3 }),
});

const FAULTS: Record<Fault, FaultRule[] | null> = {
	none: null,
	'fail-after-placing': [
		{ endpoint: 'POST /calling/outbound/individual', action: '500-after', times: 1 },
	],
	'fail-before-placing': [{ endpoint: 'POST /calling/outbound/individual', action: 500, times: 1 }],
};

function properties(reading: 'hidden' | 'shown') {
	let sb: Sandbox;
	let api: Client;
	useSandbox((started) => ({ sb, api } = started), { parentCallId: reading });
	beforeAll(async () => await initBinaryData());
	beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => sb.now()));
	afterEach(() => jest.restoreAllMocks());

	/** k calls to the callee, each naming the one before; the last is the source. */
	async function chainOf(k: number): Promise<string> {
		let parent: string | undefined;
		for (let n = 0; n < k; n++) {
			const answer = await api.post(
				'/calling/outbound/individual',
				callBody({ mobile_number: CALLEE, parent_call_id: parent }),
			);
			expect(answer.status).toBe(200);
			parent = answer.body.data.call_id as string;
			sb.advance(3 * 60_000);
		}
		return parent!;
	}

	async function runOnce(source: string, s: Scenario, r: Run) {
		sb.setFaults(FAULTS[r.fault]);
		const override = reading === 'shown' ? r.override : s.override;
		const callId = r.upper ? source.toUpperCase() : source;
		const items: INodeExecutionData[] = Array.from({ length: r.items }, () => ({
			json: { call_id: callId } as IDataObject,
		}));
		const result = await runNode({
			type: 'voiceAgentCalling',
			credentials: sandboxCredentials(sb),
			continueOnFail: r.continueOnFail,
			settings: r.retryOnFail ? { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 } : {},
			parameters: {
				resource: 'call',
				operation: 'callBack',
				callId: '={{ $json.call_id }}',
				when: 'now',
				maxAttempts: s.maxAttempts,
				overrides: {
					variables: VARIABLES,
					...(override ? { phoneNumber: OVERRIDE } : {}),
				},
			},
			items,
		});
		sb.setFaults(null);
		sb.advance(2 * 60_000);
		return result;
	}

	test(`at most one call-back per source, none past Max Attempts (parent_call_id ${reading})`, async () => {
		await fc.assert(
			fc.asyncProperty(scenarioArb, async (s) => {
				sb.reset();
				sb.setFaults(null);
				const source = await chainOf(s.chain);
				const before = sb.ledger.length;
				const outputs: IDataObject[] = [];
				for (const r of s.runs) {
					const { output, error } = await runOnce(source, s, r);
					if (!error) {
						// One output per item, paired; a skipped one says why in one code and a sentence.
						expect(output).toHaveLength(r.items);
						output.forEach((o, n) => expect(o.pairedItem).toEqual({ item: n }));
					}
					outputs.push(...output.map((o) => o.json));
				}
				const callBacks = sb.ledger
					.slice(before)
					.filter((e) => e.parent_call_id?.toLowerCase() === source);
				expect(sb.ledger.slice(before)).toEqual(callBacks);
				expect(callBacks.length).toBeLessThanOrEqual(1);
				if (s.chain >= s.maxAttempts) expect(callBacks).toEqual([]);
				for (const out of outputs) {
					if (out.error) continue;
					if (out.skipped !== undefined) {
						expect(SKIP_CODES).toContain(out.skipped);
						expect(typeof out.skip_reason).toBe('string');
						expect(out.parent_call_id).toBe(source);
					} else {
						expect(out).toMatchObject({ parent_call_id: source, attempt: s.chain + 1 });
						expect(out.attempt).toBeLessThanOrEqual(s.maxAttempts);
					}
				}
				// Nothing in the way (no fault): the call-back is placed once.
				if (s.chain < s.maxAttempts && s.runs.every((r) => r.fault === 'none')) {
					expect(callBacks).toHaveLength(1);
				}
			}),
			{ numRuns: 40 },
		);
	});
}

describe('Call › Call Back, the service showing parent_call_id on reads', () =>
	properties('shown'));
describe('Call › Call Back, the service showing no parent_call_id', () => properties('hidden'));
