import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readHeaders } from '../../../../shared/assistants/headers';
import { fields } from '../../../../shared/engine/params';
import { isLoopbackHost } from '../../../../shared/http/url';

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
	const headers = readHeaders(headerList);
	if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
		headers['Content-Type'] = 'application/json';
	return { callback_url: text, callback_args: { headers } };
}
