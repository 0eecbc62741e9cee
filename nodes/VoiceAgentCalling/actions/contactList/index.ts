import { defineResource } from '../../../shared/engine/operation';
import * as del from './delete.operation';

export const contactList = defineResource({
	value: 'contactList',
	name: 'Contact List',
	operations: { delete: del },
	default: 'delete',
});
