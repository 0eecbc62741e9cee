/** The knowledge bases the service serves in the knowledge base tests. */
import { mockApi } from './harness';

/** The knowledge base read: Clinic FAQ. */
export const KB = '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';

/** GET /external/kb/{KB}: one file, one URL, two FAQs (one not a question and answer). */
export const RECORD = {
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

/** GET /external/kb/all: a bare array, Clinic FAQ then Prices. */
export const LIST = [
	{
		kb_id: KB,
		kb_name: 'Clinic FAQ',
		type: 'non_deterministic',
		created_at: '2026-11-26T10:00:00+00:00',
	},
	{
		kb_id: 'b1',
		kb_name: 'Prices',
		type: 'non_deterministic',
		created_at: '2026-11-25T10:00:00+00:00',
	},
];

/** GET /external/kb/{KB} answered three times: pending, processing, then completed. */
export const readsUntilCompleted = (record: (status: string) => object) =>
	mockApi()
		.get(`/external/kb/${KB}`)
		.reply(200, record('pending'))
		.get(`/external/kb/${KB}`)
		.reply(200, record('processing'))
		.get(`/external/kb/${KB}`)
		.reply(200, record('completed'));
