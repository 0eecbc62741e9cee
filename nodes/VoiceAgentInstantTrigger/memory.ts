/**
 * What the trigger has emitted, kept in workflow static data so it survives restarts:
 * a bounded map from a short hash of a key to the epoch second it was recorded.
 *   d:<delivery key>   a delivery (event_id, or call + type + attempt) already emitted
 *   c:<call id>        the call's primary event was emitted (by a delivery or the sweep)
 * Keys are stored as 10 base64url characters (60 bits of two independent hashes): with the
 * cap below, the chance that a new key is taken for a remembered one is below 1e-14.
 * known.ts reads, judges and writes it (n8n saves a request's copy whole: see there).
 */
import { hash30 } from '../shared/calls/row';

/** Entries older than this are forgotten (the service gives up on a delivery after minutes). */
export const MEMORY_DAYS = 8;
/** At most this many entries; the oldest go first. */
export const MEMORY_CAP = 5000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function encode30(value: number): string {
	let out = '';
	for (let shift = 24; shift >= 0; shift -= 6) out += ALPHABET[(value >>> shift) & 63];
	return out;
}

export function memoryKey(key: string): string {
	return encode30(hash30(key)) + encode30(hash30(`${key}\u0000${key.length}`));
}

export type Memory = Record<string, number>;

/** The memory from static data; anything malformed is dropped, not trusted. */
export function readMemory(raw: unknown): Memory {
	const out: Memory = {};
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
	for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
		if (typeof v === 'number' && Number.isInteger(v)) out[k] = v;
	}
	return out;
}

export const deliveryKey = (key: string) => `d:${key}`;
export const callKey = (callId: string) => `c:${callId}`;
