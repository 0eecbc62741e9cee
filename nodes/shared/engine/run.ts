/**
 * What one execution of a node reads once for all its items (Call Back's Do Not Call list, its
 * Variables From Rows, the assistants its calls use). The router makes one Run per execution of
 * the node and hands it to the operation, whatever its kind; it dies with the execution, and
 * n8n's Retry On Fail, which runs the node again, gets a new one (a try reads afresh). What was
 * sent is not kept here: the send-once ledger (once.ts) outlives a try, as it must.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

/** A value of the run, read by `read` at its first use; see perRun. */
export interface RunValue<T> {
	readonly read: (ctx: IExecuteFunctions) => T;
}

/**
 * Declares a value read once per run, at its first use. An async read is kept as its promise
 * (a list that could not be read fails every item alike); a read that throws keeps nothing,
 * so the next use reads again.
 */
export function perRun<T>(read: (ctx: IExecuteFunctions) => T): RunValue<T> {
	return { read };
}

/** One execution of a node: its values, each read once (see perRun). */
export class Run {
	private readonly values = new Map<RunValue<unknown>, unknown>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	get<T>(value: RunValue<T>): T {
		if (this.values.has(value)) return this.values.get(value) as T;
		const read = value.read(this.ctx);
		this.values.set(value, read);
		return read;
	}
}
