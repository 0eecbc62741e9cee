import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import {
	isAbsoluteUrl,
	joinUrl,
	normaliseBaseUrl,
	originOf,
	unsafeBaseUrlReason,
} from '../nodes/shared/http/url';

export const DEFAULT_BASE_URL = 'https://prod-api.ringg.ai/ca/api/v0';

export class VoiceAgentApi implements ICredentialType {
	name = 'voiceAgentApi';

	displayName = 'Voice Agent API';

	icon: Icon = { light: 'file:../icons/voiceAgent.svg', dark: 'file:../icons/voiceAgent.dark.svg' };

	documentationUrl = 'https://docs.ringg.ai';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The workspace API key, sent as the X-API-KEY header',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: DEFAULT_BASE_URL,
			required: true,
			description:
				'Base address of the API including /ca/api/v0. Must be https, or http on localhost (for the local sandbox).',
		},
	];

	// A function rather than a generic header block, so that the one place that adds the
	// key also decides where it may go: only to the credential's own origin, over https (or
	// loopback http), and never along a redirect. Node requests and the credential test alike.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const base = normaliseBaseUrl(credentials.baseUrl);
		if ('reason' in base) throw new Error(`Voice Agent API credential refused: ${base.reason}`);
		// Where the request really goes: an absolute url wins over baseURL, as in the HTTP client.
		const url = String(requestOptions.url ?? '');
		const target = isAbsoluteUrl(url)
			? url
			: joinUrl(String(requestOptions.baseURL ?? base.url).trim(), url);
		const reason = unsafeBaseUrlReason(target.split('?')[0]);
		if (reason) throw new Error(`Voice Agent API credential refused: ${reason}`);
		if (originOf(target) !== originOf(base.url)) {
			throw new Error(
				`Voice Agent API credential refused: the API key is only sent to ${originOf(base.url)}`,
			);
		}
		return {
			...requestOptions,
			// A redirect is answered to the caller, never followed with the key attached.
			disableFollowRedirect: true,
			headers: { ...requestOptions.headers, 'X-API-KEY': String(credentials.apiKey ?? '') },
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).trim() }}',
			url: '/workspace/users',
			qs: { limit: 1 },
			method: 'GET',
		},
	};
}
