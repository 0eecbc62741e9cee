import { numberIdLocator } from '../../../shared/workspace/fields';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'attachInboundNumber',
	name: 'Attach Inbound Number',
	description: 'Let an assistant answer the calls to a workspace number',
	action: 'Attach an inbound number to an assistant',
	apiOperation: 'attach_inbound_number',
	properties: [numberIdLocator()],
	body(f) {
		return { number_id: f.locatorUuid('numberId', 'Phone Number') };
	},
});
