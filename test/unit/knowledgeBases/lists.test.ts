/** The knowledge base dropdowns: the knowledge bases, and Update's lists of one's files, URLs and FAQs. */
import { expectAllMocksUsed, loadOptionsContext, mockApi } from '../../helpers/harness';
import { KB, LIST, RECORD } from '../../helpers/knowledgeBases';
import {
	getKnowledgeBaseFaqs,
	getKnowledgeBaseFiles,
	getKnowledgeBaseUrls,
	searchKnowledgeBases,
} from '../../../nodes/shared/knowledgeBases/lists';

expectAllMocksUsed();

test('the knowledge base dropdown lists GET /external/kb/all, filtered', async () => {
	mockApi().get('/external/kb/all').times(2).reply(200, LIST);
	const ctx = loadOptionsContext('voiceAgentKnowledgeBase', 'knowledgeBaseId');
	expect(await searchKnowledgeBases.call(ctx)).toEqual({
		results: [
			{ name: 'Clinic FAQ', value: KB },
			{ name: 'Prices', value: 'b1' },
		],
	});
	expect(await searchKnowledgeBases.call(ctx, 'pri')).toEqual({
		results: [{ name: 'Prices', value: 'b1' }],
	});
});

test("Update's removal lists show the chosen knowledge base's files, URLs and FAQs", async () => {
	mockApi().get(`/external/kb/${KB}`).times(3).reply(200, RECORD);
	const ctx = loadOptionsContext('voiceAgentKnowledgeBase', 'filesToRemove', {
		resource: 'knowledgeBase',
		operation: 'update',
		knowledgeBaseId: { __rl: true, mode: 'list', value: KB },
	});
	expect(await getKnowledgeBaseFiles.call(ctx)).toEqual([{ name: 'hours.pdf', value: 'f1' }]);
	expect(await getKnowledgeBaseUrls.call(ctx)).toEqual([
		{ name: 'https://clinic.example/a', value: 'https://clinic.example/a' },
	]);
	// A FAQ's content keys are not published: its first text, else the content itself.
	expect(await getKnowledgeBaseFaqs.call(ctx)).toEqual([
		{ name: 'Sundays?', value: 'q1' },
		{ name: '{"n":1}', value: 'q2' },
	]);
});

test('no knowledge base chosen (or an expression): empty lists, no request', async () => {
	const ctx = loadOptionsContext('voiceAgentKnowledgeBase', 'filesToRemove', {
		knowledgeBaseId: { __rl: true, mode: 'id', value: '={{ $json.kb }}' },
	});
	expect(await getKnowledgeBaseFiles.call(ctx)).toEqual([]);
});
