/**
 * The one callee verdict of every operation that dials (Call → Start, Campaign → Create,
 * Call → Call Back): a row, with the node's settings and the run's lists, becomes
 *
 *   call    the cleaned number and what each step made of the row (zone, variables, body);
 *   skip    not called by rule: a code of SKIP_CODES and a sentence, output beside its item
 *           (`skipped`, `skip_reason`), never an error, whatever Continue On Fail says;
 *   refuse  a value it cannot be called with: the error naming the field and the item, an
 *           error unless Continue On Fail makes it that item's output.
 *
 * The steps run in one order in all three operations: the number, the Do Not Call list, the
 * callee's zone (with the window and any later time in it), the operation's own rules (Call
 * Back's chain), the variables, then the rest of the request. A listed number is skipped
 * before any other value of its row is read, so no other value can make a listed row an error.
 * Pure: the steps are the operation's, handed in.
 */
import type { IDataObject } from 'n8n-workflow';

import type { SkipCode } from './codes';
import { DO_NOT_CALL } from './doNotCall';

export { SKIP_CODES, type SkipCode } from './codes';

export interface Skip {
	code: SkipCode;
	sentence: string;
	/** What the code adds to the output (`send_from`, `call_back_id`, the chain's keys). */
	extra?: IDataObject;
}

export type Verdict<T> =
	| { verdict: 'call'; number: string; value: T }
	| ({ verdict: 'skip'; number: string } & Skip)
	| { verdict: 'refuse'; error: Error; number?: string };

type Step<A, R> = (arg: A) => R | Promise<R>;

export interface CalleeSteps<Z, V, T> {
	/** The number to call, cleaned and checked; throws the refusal naming the field. */
	number: () => string | Promise<string>;
	/** The run's Do Not Call list (E.164 numbers), if any. */
	list?: ReadonlySet<string>;
	/** The callee's zone, window and later time; throws a refusal. */
	zone: Step<string, Z>;
	/** The operation's own rules that skip a row (Call Back's chain); undefined: go on. */
	rules?: Step<{ number: string; zone: Z }, Skip | undefined>;
	/** The variables the call carries; throws a refusal. */
	variables: Step<{ number: string; zone: Z }, V>;
	/** The rest of the request; throws a refusal. */
	body: Step<{ number: string; zone: Z; variables: V }, T>;
}

/** What a listed row's output says. */
export const doNotCallSentence = (number: string) =>
	`Do Not Call: ${number} is on the list, so it is not called`;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The row's verdict, its steps run in the one order. */
export async function judgeCallee<Z, V, T>(steps: CalleeSteps<Z, V, T>): Promise<Verdict<T>> {
	let number: string;
	try {
		number = await steps.number();
	} catch (error) {
		return { verdict: 'refuse', error: asError(error) };
	}
	if (steps.list?.has(number)) {
		return { verdict: 'skip', number, code: DO_NOT_CALL, sentence: doNotCallSentence(number) };
	}
	try {
		const zone = await steps.zone(number);
		const skip = await steps.rules?.({ number, zone });
		if (skip) return { verdict: 'skip', number, ...skip };
		const variables = await steps.variables({ number, zone });
		return { verdict: 'call', number, value: await steps.body({ number, zone, variables }) };
	} catch (error) {
		return { verdict: 'refuse', error: asError(error), number };
	}
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
