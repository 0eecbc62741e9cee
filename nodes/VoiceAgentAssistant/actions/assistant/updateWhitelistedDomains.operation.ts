import { toOrigin } from '../../../shared/engine/validate';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'updateWhitelistedDomains',
	name: 'Update Whitelisted Domains',
	description: 'Set the websites (origins) allowed to start web calls with an assistant',
	action: 'Update the whitelisted domains of an assistant',
	apiOperation: 'edit_agent_whitelisted_domains',
	properties: [
		{
			displayName: 'Whitelisted Domains',
			name: 'whitelistedDomains',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			required: true,
			placeholder: 'e.g. https://example.com, https://app.example.com',
			description:
				'Origins (scheme and host, no path) separated by commas or one per line (an expression may give an array)',
			hint: 'Replaces the whole list: domains not given here are removed. Use [] to clear it.',
		},
	],
	body(f) {
		const list = f.list('whitelistedDomains', 'Whitelisted Domains', { commas: true });
		const origins: string[] = [];
		for (const entry of list) {
			const origin = toOrigin(this.getNode(), 'Whitelisted Domains', entry, f.itemIndex);
			if (!origins.includes(origin)) origins.push(origin);
		}
		return { whitelisted_domains: origins };
	},
});
