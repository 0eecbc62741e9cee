/** The Knowledge Base node's panel: which fields each operation shows, by the values set. */
import { VoiceAgentKnowledgeBase } from '../../../nodes/VoiceAgentKnowledgeBase/VoiceAgentKnowledgeBase.node';
import { shownFields } from '../../helpers/panel';

const description = new VoiceAgentKnowledgeBase().description;
const shown = (values: Record<string, unknown>) =>
	shownFields(description, { resource: 'knowledgeBase', ...values }).filter(
		(name) => !['resource', 'operation', 'allowAgent'].includes(name),
	);

test('Create: the name, files from all binary properties by default, URLs, FAQs, the wait switch', () => {
	expect(shown({ operation: 'create', filesFrom: 'all', faqInput: 'fields' })).toEqual([
		'kbName',
		'filesFrom',
		'urls',
		'faqInput',
		'faqs',
		'waitUntilReady',
	]);
	const create = description.properties.find(
		(p) => p.name === 'filesFrom' && p.displayOptions?.show?.operation?.includes('create'),
	);
	expect(create?.default).toBe('all');
});

test('named binary properties, FAQs as JSON and the wait settings appear when chosen', () => {
	expect(
		shown({ operation: 'create', filesFrom: 'named', faqInput: 'json', waitUntilReady: true }),
	).toEqual([
		'kbName',
		'filesFrom',
		'binaryProperties',
		'urls',
		'faqInput',
		'faqsJson',
		'waitUntilReady',
		'maxWait',
		'maxWaitUnit',
		'pollIntervalSeconds',
	]);
});

test('Update: the knowledge base, the three removal lists, then what to add (no files by default)', () => {
	expect(shown({ operation: 'update', filesFrom: 'none', faqInput: 'fields' })).toEqual([
		'knowledgeBaseId',
		'filesToRemove',
		'urlsToRemove',
		'faqsToRemove',
		'filesFrom',
		'urls',
		'faqInput',
		'faqs',
		'waitUntilReady',
	]);
	const update = description.properties.find(
		(p) => p.name === 'filesFrom' && p.displayOptions?.show?.operation?.includes('update'),
	);
	expect(update?.default).toBe('none');
	expect(update?.displayName).toBe('Files to Add');
	for (const name of ['filesToRemove', 'urlsToRemove', 'faqsToRemove']) {
		const field = description.properties.find((p) => p.name === name);
		expect(field?.typeOptions?.loadOptionsDependsOn).toEqual(['knowledgeBaseId.value']);
	}
});

test('Get and Delete: only the knowledge base (Delete with its notice); Get Many: Return All', () => {
	expect(shown({ operation: 'get' })).toEqual(['knowledgeBaseId']);
	expect(shown({ operation: 'delete' })).toEqual(['knowledgeBaseId', 'deleteNotice']);
	expect(shown({ operation: 'getMany', returnAll: false })).toEqual(['returnAll', 'limit']);
});
