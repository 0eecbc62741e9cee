import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { unsafeBaseUrlReason } from '../nodes/shared/url';

export const DEFAULT_BASE_URL = 'https://prod-api.ringg.ai/ca/api/v0';

export class VoiceAgentApi implements ICredentialType {
	name = 'voiceAgentApi';

	displayName = 'Voice Agent API';

	icon: Icon = { light: 'file:voiceAgent.svg', dark: 'file:voiceAgent.dark.svg' };

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
	// key also refuses to send it anywhere unsafe: node requests and the credential test alike.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const target = requestOptions.baseURL ?? requestOptions.url;
		const reason = unsafeBaseUrlReason(String(target));
		if (reason) throw new Error(`Voice Agent API credential refused: ${reason}`);
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'X-API-KEY': String(credentials.apiKey ?? '') },
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/workspace/users',
			qs: { limit: 1 },
			method: 'GET',
		},
	};
}
