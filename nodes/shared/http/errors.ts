/**
 * Pure mapping from a failed API answer to what the user reads. The service uses two
 * error bodies ({error:{code,message}} and {detail}); both end up as the message, and the
 * description says what to do about it.
 */
import { NETWORK_FAILURES, type NetworkFailure } from './http';

export interface ApiFailure {
	/** HTTP status, or undefined when no answer arrived (network error). */
	status?: number;
	/** The service's own text, taken from whichever error body it sent. */
	message: string;
	/** The service's error code when it sent one (e.g. invalid_parameter). */
	code?: string;
	/** What the user should do. */
	description: string;
}

function asText(value: unknown): string | undefined {
	if (typeof value === 'string' && value.trim() !== '') return value;
	return undefined;
}

/** Extracts the service's own message and code from either documented error body. */
export function readErrorBody(body: unknown): { message?: string; code?: string } {
	if (typeof body === 'string') {
		const trimmed = body.trim();
		if (trimmed.startsWith('{')) {
			try {
				return readErrorBody(JSON.parse(trimmed));
			} catch {
				// not JSON: fall through to the raw text
			}
		}
		return { message: asText(trimmed.slice(0, 500)) };
	}
	if (!body || typeof body !== 'object') return {};
	const obj = body as Record<string, unknown>;
	const error = obj.error;
	if (error && typeof error === 'object') {
		const e = error as Record<string, unknown>;
		return { message: asText(e.message), code: asText(e.code) };
	}
	if (typeof error === 'string') return { message: error };
	const detail = obj.detail;
	if (typeof detail === 'string') return { message: detail };
	if (Array.isArray(detail)) {
		// Framework validation errors arrive as a list of {loc, msg}; join them readably.
		const parts = detail.map((d) => {
			if (d && typeof d === 'object') {
				const entry = d as Record<string, unknown>;
				const loc = Array.isArray(entry.loc) ? entry.loc.join('.') : undefined;
				return loc ? `${loc}: ${String(entry.msg)}` : String(entry.msg ?? JSON.stringify(d));
			}
			return String(d);
		});
		return { message: parts.join('; ') };
	}
	return { message: asText(obj.message) };
}

const ADVICE: Record<number, string> = {
	400: 'The service rejected a field or parameter. Check the values named in the message.',
	401: 'Check the API key in the Voice Agent API credential. A regenerated key makes the old one stop working at once.',
	403: 'The API key is valid but not allowed to do this. Check the workspace permissions of the key.',
	404: 'The service did not find what was asked for. Check the ID.',
	409: 'The request conflicts with the current state (for example a number already attached elsewhere).',
	422: 'The service could not process the values sent. Check the fields named in the message.',
	429: 'The service is rate limiting this workspace. Slow down (fewer concurrent requests or calls per minute) and try again later.',
};

const DEFAULT_MESSAGE: Record<number, string> = {
	400: 'Invalid parameter',
	401: 'Invalid credentials',
	403: 'Forbidden',
	404: 'Not found',
	409: 'Conflict',
	422: 'Unprocessable request',
	429: 'Too many requests',
};

export function describeHttpFailure(status: number, body: unknown, notRetried = false): ApiFailure {
	const { message, code } = readErrorBody(body);
	let description = ADVICE[status];
	if (!description) {
		description =
			status >= 500
				? 'The service failed while handling the request. Try again later.'
				: `The service answered with HTTP ${status}.`;
	}
	if (status >= 500 && notRetried) {
		description +=
			' The request may have been carried out before the failure, so it was not repeated automatically (a call is never placed twice). Check the call history before trying again.';
	}
	return {
		status,
		message: message ?? DEFAULT_MESSAGE[status] ?? `Request failed with HTTP ${status}`,
		code,
		description,
	};
}

export function describeNetworkFailure(
	errorCode: string | undefined,
	notRetried = false,
): ApiFailure {
	const what: Record<NetworkFailure, string> = {
		refused: 'The connection to the service was refused',
		unresolved: 'The service host name could not be resolved',
		timeout: 'The request to the service timed out',
		closed: 'The connection to the service was closed before it answered',
	};
	const kind = NETWORK_FAILURES[errorCode ?? ''] as NetworkFailure | undefined;
	let description =
		'Check the Base URL in the Voice Agent API credential and the network, then try again.';
	if (notRetried) {
		description +=
			' The request may have reached the service, so it was not repeated automatically (a call is never placed twice). Check the call history before trying again.';
	}
	return {
		message: kind ? what[kind] : 'The service could not be reached',
		code: errorCode,
		description,
	};
}

/** Removes a secret from any text that is about to be shown. */
export function redact(text: string, secret: string | undefined): string {
	if (!secret || secret.length < 4) return text;
	return text.split(secret).join('***');
}
