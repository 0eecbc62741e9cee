import { LONE_SURROGATE_RE } from '../engine/validate';

/**
 * Where the API key may be sent: https anywhere, plain http only to this machine
 * (the local sandbox). Anything else would put the key on the wire in clear text.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Whether a parsed URL may receive the key: https, or plain http to a loopback host. */
function safeTransport(url: URL): string | undefined {
	if (url.protocol === 'https:') return undefined;
	if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
	if (url.protocol === 'http:') {
		return `the API key is only sent over https (plain http is allowed for localhost only), but the Base URL is ${url.origin}`;
	}
	return `the Base URL must start with https:// (got ${url.protocol})`;
}

/**
 * The credential's Base URL in its one canonical form (origin + path, no trailing slash), or
 * the reason it must not receive the key. Surrounding spaces are trimmed; a query, a fragment,
 * user info or dot segments are refused, because each would silently change the endpoint.
 */
export function normaliseBaseUrl(raw: unknown): { url: string } | { reason: string } {
	const text = typeof raw === 'string' ? raw.trim() : '';
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return { reason: `"${text}" is not a valid URL` };
	}
	const unsafe = safeTransport(url);
	if (unsafe) return { reason: unsafe };
	if (/[?#]/.test(text)) return { reason: 'the Base URL must not contain "?" or "#"' };
	if (url.username || url.password)
		return { reason: 'the Base URL must not contain a user name or password' };
	// Checked on the text: URL() has already resolved "/../" and "%2e%2e" away.
	const rawPath = text.replace(/^[a-z]+:\/\/[^/]*/i, '');
	if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(rawPath) || rawPath.includes('\\')) {
		return { reason: 'the Base URL must not contain "." or ".." path segments or backslashes' };
	}
	return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** Returns a reason the URL must not receive the key, or undefined when it may. */
export function unsafeBaseUrlReason(baseUrl: string): string | undefined {
	const result = normaliseBaseUrl(baseUrl);
	return 'reason' in result ? result.reason : undefined;
}

/** Joins the credential's base URL and an endpoint path without doubling or losing slashes. */
export function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The origin (scheme, host, port) of a URL, or undefined when it does not parse. */
export function originOf(url: string, base?: string): string | undefined {
	try {
		return new URL(url, base).origin;
	} catch {
		return undefined;
	}
}

export function isAbsoluteUrl(url: string): boolean {
	return /^[a-z][a-z\d+\-.]*:/i.test(url.trim()) || url.trim().startsWith('//');
}

/**
 * Why an endpoint path (below the Base URL) would not reach the endpoint it names, or
 * undefined when it is safe. Every segment must be non-empty and not "." or ".." (also
 * percent-encoded): HTTP clients resolve those, so `/calling/contact/..` would go to `/calling`.
 */
export function endpointPathProblem(path: string): string | undefined {
	if (!path.startsWith('/')) return 'it does not start with "/"';
	if (/[?#\\]/.test(path)) return 'it contains "?", "#" or a backslash';
	if (LONE_SURROGATE_RE.test(path)) return 'it contains an unpaired surrogate character';
	// eslint-disable-next-line no-control-regex
	if (/[\u0000-\u001f\u007f]/.test(path)) return 'it contains control characters';
	for (const segment of path.slice(1).split('/')) {
		let decoded: string;
		try {
			decoded = decodeURIComponent(segment);
		} catch {
			return `the segment "${segment}" is not valid percent-encoding`;
		}
		if (decoded === '') return 'it has an empty segment';
		if (decoded === '.' || decoded === '..') return `it has a "${decoded}" segment`;
	}
	return undefined;
}
