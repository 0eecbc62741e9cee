import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fields, toText } from '../../../../shared/params';
import { isLoopbackHost } from '../../../../shared/url';
import { fieldError } from '../../../../shared/validate';

const URL_LABEL = 'Call Settings › Status Callback URL';
const HEADERS_LABEL = 'Call Settings › Status Callback Headers';
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * callback_url and callback_args of one call: the service POSTs every status change of the
 * call there. The URL must be https (plain http only to this machine, as for the credential):
 * the callback carries the transcript. The service sends exactly the headers given, so
 * Content-Type: application/json is added for the user unless they set one.
 */
export function readCallback(ctx: IExecuteFunctions, i: number): IDataObject | undefined {
	const node = ctx.getNode();
	const options = fields(ctx, i).collection('callConfig', 'Call Settings');
	const text = options.text('callbackUrl', 'Status Callback URL').trim();
	const rawHeaders = options.collection('callbackHeaders', 'Status Callback Headers').raw('header');
	const headerList = Array.isArray(rawHeaders) ? rawHeaders : [];
	if (!text) {
		if (headerList.length) throw fieldError(node, URL_LABEL, 'is required when headers are set', i);
		return undefined;
	}
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw fieldError(node, URL_LABEL, `"${text}" is not a valid URL`, i);
	}
	if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) {
		throw fieldError(
			node,
			URL_LABEL,
			`must start with https:// (plain http is allowed for localhost only), got "${text}"`,
			i,
		);
	}
	if (url.username || url.password) {
		throw fieldError(node, URL_LABEL, 'must not contain a user name or password', i);
	}
	const headers: Record<string, string> = {};
	const seen = new Set<string>();
	for (const [n, header] of headerList.entries()) {
		const h = (header ?? {}) as { name?: unknown; value?: unknown };
		const label = `${HEADERS_LABEL} › Header ${n + 1}`;
		const name = toText(node, `${label} › Name`, h.name, i).trim();
		if (!HEADER_NAME_RE.test(name)) {
			throw fieldError(node, `${label} › Name`, `"${name}" is not a header name`, i);
		}
		if (seen.has(name.toLowerCase()))
			throw fieldError(node, `${label} › Name`, `"${name}" is given twice`, i);
		seen.add(name.toLowerCase());
		const value = toText(node, `${label} › Value`, h.value, i);
		if (/[\r\n]/.test(value)) {
			throw fieldError(node, `${label} › Value`, 'must be on one line', i);
		}
		headers[name] = value;
	}
	if (!seen.has('content-type')) headers['Content-Type'] = 'application/json';
	return { callback_url: text, callback_args: { headers } };
}
