/**
 * A row of the call history as the service sends it, and the short hash of a call's id that
 * both the polling trigger's cursor and the Webhook Trigger's delivery memory keep.
 */

/** One call of GET /calling/history, as served (record.ts reads it for output). */
export type CallRow = Record<string, unknown>;

const { imul } = Math;

/** 30 bits of a 2 x 32-bit multiply-xor hash (cyrb53 style); no crypto needed here. */
export function hash30(text: string): number {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = imul(h1 ^ ch, 2654435761);
		h2 = imul(h2 ^ ch, 1597334677);
	}
	h1 = imul(h1 ^ (h1 >>> 16), 2246822507) ^ imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = imul(h2 ^ (h2 >>> 16), 2246822507) ^ imul(h1 ^ (h1 >>> 13), 3266489909);
	return (h1 ^ (h2 << 7)) >>> 2;
}
