/**
 * End to end: the example "Knowledge base from a folder" as shipped, in a real n8n with the
 * packed package, in the files folder `npm run dev` makes. n8n's own Read/Write Files from
 * Disk reads the folder of sample documents, its Aggregate node puts both files in one item,
 * Knowledge Base › Create uploads them and waits until the sandbox has processed them, and
 * Assistant › Attach Knowledge Base attaches the new knowledge base. Without the documents the
 * run fails loudly instead of succeeding having done nothing. Run with
 * `npm run test:e2e -- -t 'knowledge base'` (`--n8n2` for 2.x).
 */
import { readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';

import * as env from '../../scripts/n8n/env';
import { e2eSuite, MAJOR, REPO } from '../helpers/e2eSuite';

const AGENT_1 = 'a1a1a1a1-0000-4000-8000-000000000001';

/** The sample documents shipped beside the examples, which dev copies into the files folder. */
const SAMPLES = path.join(REPO, 'examples', 'files', 'knowledge-base');
const DOCUMENTS = Object.fromEntries(
	readdirSync(SAMPLES)
		.sort()
		.map((name) => [name, readFileSync(path.join(SAMPLES, name), 'utf8')]),
);

const suite = e2eSuite({
	label: 'knowledge base',
	seed: 3,
	workflows: () => [
		JSON.parse(
			readFileSync(path.join(REPO, 'examples', 'knowledge-base-from-folder.json'), 'utf8'),
		),
	],
});

describe(`n8n ${MAJOR}.x`, () => {
	test('knowledge base from a folder: read 2 documents, create and wait until ready, attach to the assistant', async () => {
		const { sandbox } = suite;
		const before = new Set(sandbox.store.knowledgeBases.keys());
		const result = await suite.execute('exKbFromFolder');

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

	test('knowledge base from a folder: no documents, the run fails naming the folder and creates nothing', async () => {
		const { sandbox } = suite;
		const folder = path.join(suite.files, 'knowledge-base');
		renameSync(folder, `${folder}.away`);
		try {
			const count = sandbox.store.knowledgeBases.size;
			const result = await suite.run('exKbFromFolder');
			expect(result.succeeded).toBe(false);
			const error = result.data?.data?.resultData?.error;
			expect([error?.node?.name, error?.message]).toEqual([
				'No documents',
				'No documents in .n8n-files/knowledge-base/ (relative to the folder n8n runs in). Put your files there or change the path in “Read the documents”.',
			]);
			expect(env.nodeOutput(result.data, 'Create the knowledge base')).toBeUndefined();
			expect(sandbox.store.knowledgeBases.size).toBe(count);
		} finally {
			renameSync(`${folder}.away`, folder);
		}
	});
});
