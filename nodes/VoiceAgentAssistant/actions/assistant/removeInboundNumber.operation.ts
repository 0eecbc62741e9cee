import { numberIdLocator } from '../../../shared/descriptions';
import { requireUuid } from '../../../shared/validate';
import { param } from '../../../shared/params';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'removeInboundNumber',
	name: 'Remove Inbound Number',
	description: 'Stop an assistant from answering the calls to a workspace number',
	action: 'Remove an inbound number from an assistant',
	apiOperation: 'remove_inbound_number',
	fields: [numberIdLocator()],
	body(i) {
		return {
			number_id: requireUuid(this.getNode(), 'Phone Number', param(this, 'numberId', i), i),
		};
	},
});
