/**
 * The call-backs this execution has sent, so that a second item naming the same source (in
 * this try or a later Retry On Fail try of the node) is proven already called back without
 * waiting for the history to show it. Kept on each input item's own `json` object, which n8n
 * hands unchanged to every try of the node (as once.ts does), in a WeakMap: it dies with the
 * execution, and nothing is shared between executions or workers.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

/** The call-back sent for each source by one item: its id, or null when the answer was lost. */
const sentBy = new WeakMap<object, Map<string, string | null>>();

const jsonOf = (ctx: IExecuteFunctions, i: number): object | undefined => {
	const json = ctx.getInputData?.()?.[i]?.json as unknown;
	return typeof json === 'object' && json !== null ? json : undefined;
};

/** Notes that item `i` sent a call-back of `source` (its id; null when it may have been placed). */
export function notePlaced(
	ctx: IExecuteFunctions,
	i: number,
	source: string,
	callId: string | null,
): void {
	const key = jsonOf(ctx, i);
	if (!key) return;
	let sent = sentBy.get(key);
	if (!sent) sentBy.set(key, (sent = new Map()));
	sent.set(source, callId);
}

/** Another item of this execution that sent a call-back of `source`, and that call's id. */
export function placedByAnother(
	ctx: IExecuteFunctions,
	i: number,
	source: string,
): { item: number; callId: string | null } | undefined {
	const items = ctx.getInputData?.() ?? [];
	for (let j = 0; j < items.length; j++) {
		if (j === i) continue;
		const key = jsonOf(ctx, j);
		const sent = key ? sentBy.get(key) : undefined;
		if (sent?.has(source)) return { item: j, callId: sent.get(source) ?? null };
	}
	return undefined;
}
