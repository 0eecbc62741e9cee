/**
 * Attach Knowledge Base: attach_kb with the knowledge base's ID, from the list, typed, or saved as plain
 * text before the field had a list; anything else refused.
 */
import { KB_ID_WAYS, kbIdGoesThrough, kbIdRefusals } from '../../../helpers/editEach';

test.each(KB_ID_WAYS)('%s: kb_id', (_how, knowledgeBaseId) =>
	kbIdGoesThrough('attachKnowledgeBase', 'attach_kb', knowledgeBaseId),
);

test('no ID, or one that is not a UUID, is refused before any request', () =>
	kbIdRefusals('attachKnowledgeBase'));
