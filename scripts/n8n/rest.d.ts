/** Types of scripts/n8n/rest.js: the one reader of n8n's REST API, which waits through a 503. */
export interface ServedOptions {
	/** Default: the bound n8nAnswer (lib/bounds.js). */
	timeoutMs?: number;
	everyMs?: number;
	onRetry?: (why: string) => void;
}
/** Why `error` is a transient failure of a `method` request (to send it again), else undefined. */
export function transientError(method: string, error: unknown): string | undefined;
/** Sends by `send` until n8n serves it: 503s and transient connection errors waited through. */
export function untilServed<A extends { status: number; text?: string }>(
	method: string,
	what: string,
	send: () => Promise<A>,
	options?: ServedOptions,
): Promise<A>;
/** A JSON request to n8n's REST API on 127.0.0.1:port (route under /rest), waited through. */
export function restRequest(
	port: number,
	method: string,
	route: string,
	body: unknown,
	headers: Record<string, string>,
	options?: ServedOptions,
): Promise<{ status: number; json: any; text: string; setCookie?: string[] }>;
/** A request to any other route of n8n (a webhook), body as text, waited through the same way. */
export function n8nRequest(
	url: string,
	method: string,
	headers: Record<string, string>,
	body?: string,
	options?: ServedOptions,
): Promise<{ status: number; json: any; text: string; setCookie?: string[] }>;
