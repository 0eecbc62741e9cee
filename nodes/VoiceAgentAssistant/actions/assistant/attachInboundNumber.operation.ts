import { numberIdLocator } from '../../../shared/descriptions';
import { requireUuid } from '../../../shared/validate';
import { param } from '../../../shared/params';
import { defineEdit } from './edit';

export const { option, description, execute } = defineEdit({
	value: 'attachInboundNumber',
	name: 'Attach Inbound Number',
	description: 'Let an assistant answer the calls to a workspace number',
	action: 'Attach an inbound number to an assistant',
	apiOperation: 'attach_inbound_number',
	fields: [numberIdLocator()],
	body(i) {
		return {
			number_id: requireUuid(this.getNode(), 'Phone Number', param(this, 'numberId', i), i),
		};
	},
});
