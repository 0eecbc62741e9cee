/**
 * Authenticity of deliveries. The secret travels as a header: event subscriptions carry
 * headers (the one registered on the assistant sets it), as do per-call callbacks
 * (callback_args.headers). The `secret` query parameter is still accepted for receivers set
 * up by hand where no header can be given; deliveries are not signed by the service.
 */
import type { IDataObject } from 'n8n-workflow';

export const SECRET_HEADER = 'x-voice-agent-secret';
export const SECRET_QUERY = 'secret';
/** Shorter secrets are refused: guessable values would make the check decorative. */
export const MIN_SECRET_LENGTH = 16;

const first = (value: unknown): string | undefined => {
	const v = Array.isArray(value) ? value[0] : value;
	return typeof v === 'string' ? v : undefined;
};

/** Every secret the request presents (header first, then query). */
export function presentedSecrets(
	headers: Record<string, unknown>,
	query: IDataObject | Record<string, unknown>,
): string[] {
	const out: string[] = [];
	const header = first(headers[SECRET_HEADER]);
	if (header !== undefined) out.push(header);
	const param = first(query[SECRET_QUERY]);
	if (param !== undefined) out.push(param);
	return out;
}

/**
 * Compares in time that depends only on the lengths, not on where the strings differ,
 * so the secret cannot be guessed character by character from response times.
 */
export function constantTimeEqual(a: string, b: string): boolean {
	const length = Math.max(a.length, b.length);
	let diff = a.length ^ b.length;
	for (let i = 0; i < length; i++) {
		// Past the end charCodeAt gives NaN, taken as 0; the length check above still differs.
		diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
	}
	return diff === 0;
}

/** Whether the request carries the expected secret (an empty expectation never matches). */
export function isAuthentic(
	expected: string,
	headers: Record<string, unknown>,
	query: IDataObject | Record<string, unknown>,
): boolean {
	if (expected.length < MIN_SECRET_LENGTH) return false;
	let ok = false;
	// Every presented value is compared, so timing does not tell which one matched.
	for (const value of presentedSecrets(headers, query)) {
		if (constantTimeEqual(value, expected)) ok = true;
	}
	return ok;
}
