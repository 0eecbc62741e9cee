/**
 * Where the API key may be sent: https anywhere, plain http only to this machine
 * (the local sandbox). Anything else would put the key on the wire in clear text.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Returns a reason the URL must not receive the key, or undefined when it may. */
export function unsafeBaseUrlReason(baseUrl: string): string | undefined {
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return `"${baseUrl}" is not a valid URL`;
	}
	if (url.protocol === 'https:') return undefined;
	if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
	if (url.protocol === 'http:') {
		return `the API key is only sent over https (plain http is allowed for localhost only), but the Base URL is ${url.origin}`;
	}
	return `the Base URL must start with https:// (got ${url.protocol})`;
}

/** Joins the credential's base URL and an endpoint path without doubling or losing slashes. */
export function joinUrl(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
