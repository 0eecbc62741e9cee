import { numberIdLocator } from '../../../shared/workspace/fields';
import { defineEdit } from './edit';

export const { kind, option, properties, execute, agentNeedsConsent } = defineEdit({
	value: 'removeInboundNumber',
	name: 'Remove Inbound Number',
	description: 'Stop an assistant from answering the calls to a workspace number',
	action: 'Remove an inbound number from an assistant',
	apiOperation: 'remove_inbound_number',
	properties: [numberIdLocator()],
	body(f) {
		return { number_id: f.locatorUuid('numberId', 'Phone Number') };
	},
});
