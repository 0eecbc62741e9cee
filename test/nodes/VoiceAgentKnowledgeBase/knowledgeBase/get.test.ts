/** Knowledge Base › Get: the record as served. */
import { locator } from '../../../helpers/fixtures';
import { expectAllMocksUsed, mockApi, runNode } from '../../../helpers/harness';

expectAllMocksUsed();

const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const RECORD = {
	kb_id: KB,
	kb_name: 'Clinic FAQ',
	status: 'completed',
	created_at: '2026-11-26T10:00:00+00:00',
	updated_at: '2026-11-26T10:00:00+00:00',
	files: [{ file_id: 'f1', file_type: 'pdf', file_size: 3, filename: 'hours.pdf', file_path: 'p' }],
	urls: [
		{
			file_id: 'u1',
			file_type: 'url',
			file_size: 0,
			url: 'https://clinic.example/a',
			file_path: 'p',
		},
	],
	faqs: [
		{ file_id: 'q1', file_type: 'faq', file_size: 9, content: { q: 'Sundays?', a: 'No' } },
		{ file_id: 'q2', file_type: 'faq', file_size: 9, content: { n: 1 } },
	],
};

test('Get outputs the record as served', async () => {
	mockApi().get(`/external/kb/${KB}`).reply(200, RECORD);
	const { output } = await runNode({
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'get', knowledgeBaseId: locator(KB) },
	});
	expect(output).toEqual([{ json: RECORD, pairedItem: { item: 0 } }]);
});
