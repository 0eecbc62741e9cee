/**
 * The one callee verdict of every operation that dials (Call → Start, Campaign → Create,
 * Call → Call Back): a row, with the node's settings and the run's lists, becomes
 *
 *   call    the cleaned number and what each step made of the row (zone, variables, body);
 *   skip    not called by rule: a code of SKIP_CODES and a sentence, output beside its item
 *           (`skipped`, `skip_reason`), never an error, whatever Continue On Fail says;
 *   refuse  a value it cannot be called with: a code of REFUSAL_CODES, the field and a
 *           sentence, written as the error naming the field and the item at the edge
 *           (refusalError), an error unless Continue On Fail makes it that item's output.
 *
 * The value travels through an operation's batch unchanged to the writers below (skipOutput,
 * refusalError), the same for the three; a step refuses by returning `refuse(...)`, never by
 * throwing a marked error. What differs between operations is the policy, an argument.
 *
 * The steps run in one order in all three operations: the number, the Do Not Call list, the
 * callee's zone (with the window and any later time in it), the operation's own rules (Call
 * Back's chain), the variables, then the rest of the request. A listed number is skipped
 * before any other value of its row is read, so no other value can make a listed row an error.
 * Pure: the steps are the operation's, handed in.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { fieldError } from '../../engine/validate';
import type { RefusalCode, SkipCode } from './codes';
import { DO_NOT_CALL } from './doNotCall';

export { REFUSAL_CODES, SKIP_CODES, type RefusalCode, type SkipCode } from './codes';

export interface Skip {
	code: SkipCode;
	sentence: string;
	/** What the code adds to the output (`send_from`, `call_back_id`, the chain's keys). */
	extra?: IDataObject;
	/** The field it was judged on, where an operation names it (Campaign Create's left_out). */
	field?: string;
}

/** A value the row cannot be called with: its code, the field as the user sees it, why. */
export interface Refusal {
	code: RefusalCode;
	field: string;
	sentence: string;
}

/**
 * A refused row: a refusal a step returned (the edge writes its error, refusalError), or the
 * error a reader of engine/params.ts threw, which names the field and the item itself (its
 * code invalid_input unless one is given).
 */
export type Refuse =
	| ({ verdict: 'refuse'; number?: string } & Refusal)
	| { verdict: 'refuse'; number?: string; error: Error; code?: RefusalCode };

export type Verdict<T> =
	| { verdict: 'call'; number: string; value: T }
	| ({ verdict: 'skip'; number: string } & Skip)
	| Refuse;

/** What a step returns instead of its value to refuse the row: a value, never thrown. */
export class Refused {
	constructor(readonly refusal: Refusal) {}
}

export const refuse = (code: RefusalCode, field: string, sentence: string) =>
	new Refused({ code, field, sentence });

/** What the operation's rules hand on to the variables and the body when the row goes on. */
export interface Ruled<R> {
	ruled: R;
}

type Step<A, R> = (arg: A) => R | Promise<R>;

export interface CalleeSteps<Z, V, T, R = undefined> {
	/** The number to call, cleaned and checked; or its refusal. */
	number: () => string | Refused | Promise<string | Refused>;
	/** The run's Do Not Call list (E.164 numbers), if any. */
	list?: ReadonlySet<string>;
	/** The callee's zone, window and later time; or its refusal. */
	zone: Step<string, Z | Refused>;
	/** The operation's own rules: a skip, or what they found for the later steps. */
	rules?: Step<{ number: string; zone: Z }, Skip | Ruled<R> | undefined>;
	/** The variables the call carries; or their refusal. */
	variables: Step<{ number: string; zone: Z; ruled: R }, V | Refused>;
	/** The rest of the request; or its refusal. */
	body: Step<{ number: string; zone: Z; variables: V; ruled: R }, T | Refused>;
}

/**
 * What differs between operations, named: a row whose zone is unknown stops Start (refuse),
 * and is left out of a campaign while the other zones' campaigns are made (skip).
 */
export interface CalleePolicy {
	unknownZone: 'refuse' | 'skip';
}

export const START_POLICY: CalleePolicy = { unknownZone: 'refuse' };
export const CAMPAIGN_POLICY: CalleePolicy = { unknownZone: 'skip' };

/** What a listed row's output says. */
export const doNotCallSentence = (number: string) =>
	`Do Not Call: ${number} is on the list, so it is not called`;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

const refused = (r: Refused, number?: string): Refuse => ({
	verdict: 'refuse',
	...r.refusal,
	...(number === undefined ? {} : { number }),
});

/** The row's verdict, its steps run in the one order; the policy decides an unknown zone. */
export async function judgeCallee<Z, V, T, R = undefined>(
	steps: CalleeSteps<Z, V, T, R>,
	policy: CalleePolicy = START_POLICY,
): Promise<Verdict<T>> {
	let number: string;
	try {
		const read = await steps.number();
		if (read instanceof Refused) return refused(read);
		number = read;
	} catch (error) {
		return { verdict: 'refuse', error: asError(error) };
	}
	if (steps.list?.has(number)) {
		return { verdict: 'skip', number, code: DO_NOT_CALL, sentence: doNotCallSentence(number) };
	}
	try {
		const zone = await steps.zone(number);
		if (zone instanceof Refused) {
			const { code, field, sentence } = zone.refusal;
			if (code === 'zone_unknown' && policy.unknownZone === 'skip')
				return { verdict: 'skip', number, code, sentence, field };
			return refused(zone, number);
		}
		const rule = await steps.rules?.({ number, zone });
		if (rule && !('ruled' in rule)) return { verdict: 'skip', number, ...rule };
		const ruled = rule?.ruled as R;
		const variables = await steps.variables({ number, zone, ruled });
		if (variables instanceof Refused) return refused(variables, number);
		const value = await steps.body({ number, zone, variables, ruled });
		if (value instanceof Refused) return refused(value, number);
		return { verdict: 'call', number, value };
	} catch (error) {
		return { verdict: 'refuse', error: asError(error), number };
	}
}

/** A refused row's code: the refusal's, or invalid_input for a reader's own error. */
export const refusalCode = (v: Refuse): RefusalCode => v.code ?? 'invalid_input';

/**
 * The one error of a refused row, written at the edge: the reader's own, or one naming the
 * field and the item (`Phone Number: is required [item 3]`).
 */
export function refusalError(node: INode, v: Refuse, itemIndex: number): Error {
	return 'error' in v ? v.error : fieldError(node, v.field, v.sentence, itemIndex);
}

/** A skipped row's output, the same in every operation: the code, the sentence, its extras. */
export function skipOutput(skip: Skip, number?: string): IDataObject {
	return {
		skipped: skip.code,
		skip_reason: skip.sentence,
		...(number === undefined ? {} : { mobile_number: number }),
		...skip.extra,
	};
}

/**
 * An item of Start or Call Back that placed no call, as the writers above make it: a row it
 * could not dial (its `error`, under Continue On Fail), one it skipped (`skipped`) or a Dry Run;
 * nothing to wait for in it. Check Calls passes it on as it came. An item with a call id placed
 * a call, whatever else it says.
 */
export function placedNoCall(json: IDataObject): boolean {
	const callId = json.call_id;
	if (typeof callId === 'string' && callId.trim() !== '') return false;
	return json.error !== undefined || json.skipped !== undefined || json.dry_run === true;
}
