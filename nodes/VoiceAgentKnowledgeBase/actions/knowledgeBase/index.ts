import { knowledgeBaseLocator } from '../../../shared/knowledgeBases/fields';
import { defineResource } from '../../../shared/engine/operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

/** Create, read, edit and delete knowledge bases (`/external/kb`), one module each. */
export const knowledgeBase = defineResource({
	value: 'knowledgeBase',
	name: 'Knowledge Base',
	operations: { create, get, getMany, update, delete: del },
	default: 'create',
	shared: (show) => [
		knowledgeBaseLocator({ displayOptions: show.only(['get', 'update', 'delete']) }),
	],
});
