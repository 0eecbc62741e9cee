/**
 * End to end: the example "Knowledge base from a folder" in a real n8n with the packed
 * package. n8n's own Read/Write Files from Disk reads a folder of two documents, its
 * Aggregate node puts both files in one item, Knowledge Base › Create uploads them and waits
 * until the sandbox has processed them, and Assistant › Attach Knowledge Base attaches the new
 * knowledge base. Run with `npm run test:e2e -- -t 'knowledge base'` (`--n8n2` for 2.x).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import * as env from '../../scripts/n8n-env';
import { e2eSuite, MAJOR, REPO } from '../helpers/e2eSuite';

const AGENT_1 = 'a1a1a1a1-0000-4000-8000-000000000001';

const DOCUMENTS = {
	'opening-hours.txt': 'We open Monday to Saturday, 9:00 to 18:00.\n',
	'prices.md': '# Prices\n\nA check-up costs 40 EUR. Ünïcode stays as sent.\n',
};

/** The example as shipped, reading this run's folder and waiting at the shortest interval. */
function exampleWorkflow() {
	const wf = JSON.parse(
		readFileSync(path.join(REPO, 'examples', 'knowledge-base-from-folder.json'), 'utf8'),
	);
	wf.id = 'e2eKbFolder';
	wf.name = 'E2E knowledge base from a folder';
	const read = wf.nodes.find((n: any) => n.type === 'n8n-nodes-base.readWriteFile');
	read.parameters.fileSelector = `${path.join(suite.files, 'knowledge-base')}/*`;
	const create = wf.nodes.find((n: any) => n.name === 'Create the knowledge base');
	create.parameters.pollIntervalSeconds = 5;
	return wf;
}

const suite = e2eSuite({
	label: 'knowledge base',
	seed: 3,
	prepare: (files) => {
		const folder = path.join(files, 'knowledge-base');
		mkdirSync(folder);
		for (const [name, text] of Object.entries(DOCUMENTS))
			writeFileSync(path.join(folder, name), text);
	},
	workflows: () => [exampleWorkflow()],
});

describe(`n8n ${MAJOR}.x`, () => {
	test('knowledge base from a folder: read 2 documents, create and wait until ready, attach to the assistant', async () => {
		const { sandbox } = suite;
		const before = new Set(sandbox.store.knowledgeBases.keys());
		const result = await suite.execute('e2eKbFolder');

		// One new knowledge base in the sandbox, holding both files byte for byte.
		const created = [...sandbox.store.knowledgeBases.values()].filter(
			(k: any) => !before.has(k.id),
		);
		expect(created).toHaveLength(1);
		const kb = created[0] as any;
		expect(kb.name).toBe('Clinic documents');
		expect(
			kb.files
				.map((f: any) => ({ filename: f.filename, file_size: f.file_size }))
				.sort((a: any, b: any) => a.filename.localeCompare(b.filename)),
		).toEqual(
			Object.entries(DOCUMENTS).map(([filename, text]) => ({
				filename,
				file_size: Buffer.byteLength(text),
			})),
		);
		expect(kb.urls.map((u: any) => u.url)).toEqual(['https://clinic.example/visit']);
		expect(kb.faqs.map((q: any) => q.content)).toEqual([
			{ question: 'Do you open on Sundays?', answer: 'No, Monday to Saturday, 9:00 to 18:00.' },
		]);

		// Create waited: its output is the final, completed record.
		const [done] = env.nodeOutput(result.data, 'Create the knowledge base') as any[];
		expect(done).toMatchObject({ kb_id: kb.id, kb_name: 'Clinic documents', status: 'completed' });
		expect(done.files).toHaveLength(2);
		expect(done.waited_seconds).toBeGreaterThan(0);

		// Attached to the assistant, as the assistant's record now shows.
		const [attached] = env.nodeOutput(result.data, 'Attach it to the assistant') as any[];
		expect(attached).toMatchObject({ agent_id: AGENT_1 });
		const agent = sandbox.store.agents.get(AGENT_1);
		const version = agent.versions.find((v: any) => v.kb_ids.includes(kb.id));
		expect(version).toBeDefined();
	});
});
