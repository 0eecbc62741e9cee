import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fields } from '../../../../shared/params';
import { isLoopbackHost } from '../../../../shared/url';

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * callback_url and callback_args of one call: the service POSTs every status change of the
 * call there. The URL must be https (plain http only to this machine, as for the credential):
 * the callback carries the transcript. The service sends exactly the headers given, so
 * Content-Type: application/json is added for the user unless they set one.
 */
export function readCallback(ctx: IExecuteFunctions, i: number): IDataObject | undefined {
	const options = fields(ctx, i).collection('callConfig', 'Call Settings');
	const URL_LABEL = 'Status Callback URL';
	const text = options.text('callbackUrl', URL_LABEL).trim();
	const headerList = options
		.collection('callbackHeaders', 'Status Callback Headers')
		.entries('header', 'Header');
	if (!text) {
		if (headerList.length) throw options.error(URL_LABEL, 'is required when headers are set');
		return undefined;
	}
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw options.error(URL_LABEL, `"${text}" is not a valid URL`);
	}
	if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) {
		throw options.error(
			URL_LABEL,
			`must start with https:// (plain http is allowed for localhost only), got "${text}"`,
		);
	}
	if (url.username || url.password) {
		throw options.error(URL_LABEL, 'must not contain a user name or password');
	}
	const headers: Record<string, string> = {};
	const seen = new Set<string>();
	for (const header of headerList) {
		const name = header.text('name', 'Name').trim();
		if (!HEADER_NAME_RE.test(name)) throw header.error('Name', `"${name}" is not a header name`);
		if (seen.has(name.toLowerCase())) throw header.error('Name', `"${name}" is given twice`);
		seen.add(name.toLowerCase());
		const value = header.text('value', 'Value');
		if (/[\r\n]/.test(value)) throw header.error('Value', 'must be on one line');
		headers[name] = value;
	}
	if (!seen.has('content-type')) headers['Content-Type'] = 'application/json';
	return { callback_url: text, callback_args: { headers } };
}
