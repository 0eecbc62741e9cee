import { requireList, requireOrigin } from '../../../shared/validate';
import { param } from '../../../shared/params';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'updateWhitelistedDomains',
	name: 'Update Whitelisted Domains',
	description: 'Set the websites (origins) allowed to start web calls with an assistant',
	action: 'Update the whitelisted domains of an assistant',
	apiOperation: 'edit_agent_whitelisted_domains',
	fields: [
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
	body(i) {
		const node = this.getNode();
		const list = requireList(node, 'Whitelisted Domains', param(this, 'whitelistedDomains', i), i, {
			commas: true,
		});
		const origins: string[] = [];
		for (const entry of list) {
			const origin = requireOrigin(node, 'Whitelisted Domains', entry, i);
			if (!origins.includes(origin)) origins.push(origin);
		}
		return { whitelisted_domains: origins };
	},
});
