/**
 * Attach Knowledge Base: attach_kb with the knowledge base's ID, from the list, typed, or saved as plain
 * text before the field had a list; anything else refused.
 */
import { editEach, ok, refused } from '../../../helpers/editEach';

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';

test.each([
	['picked from the list', { __rl: true, mode: 'list', value: KB }],
	['typed', { __rl: true, mode: 'id', value: ` ${KB} ` }],
	['saved as plain text', ` ${KB} `],
])('%s: kb_id', async (_how, knowledgeBaseId) => {
	const run = await editEach('attachKnowledgeBase', { knowledgeBaseId }, [{}]);
	expect([run.operations, run.sent, run.out]).toEqual([['attach_kb'], [{ kb_id: KB }], [ok]]);
});

test('no ID, or one that is not a UUID, is refused before any request', async () => {
	const run = await editEach('attachKnowledgeBase', { knowledgeBaseId: '={{ $json.kb }}' }, [
		{},
		{ kb: 'Clinic FAQ' },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Knowledge Base: is required', 'Knowledge Base', 0),
		refused('Knowledge Base: "Clinic FAQ" is not a valid ID (UUID expected)', 'Knowledge Base', 1),
	]);
});
