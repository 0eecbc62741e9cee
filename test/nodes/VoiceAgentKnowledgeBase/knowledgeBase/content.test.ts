/**
 * What Create and Update add: URLs (http(s) only), FAQs from fields or JSON (both texts
 * required, trimmed), the item's files (all, or named), checked before anything is sent; and
 * what was sent, named in a refusal.
 */
import { NodeApiError, type IBinaryData, type INode, type INodeExecutionData } from 'n8n-workflow';

import {
	contentFields,
	explainRefusal,
	readContent,
	sentSummary,
	type Content,
} from '../../../../nodes/VoiceAgentKnowledgeBase/actions/knowledgeBase/content';
import { fields } from '../../../../nodes/shared/engine/params';
import { probe } from '../../../helpers/probe';

const file = (text: string, fileName?: string, mimeType?: string): IBinaryData => ({
	data: Buffer.from(text).toString('base64'),
	mimeType: mimeType ?? '',
	...(fileName === undefined ? {} : { fileName }),
});
const withFiles = (): INodeExecutionData[] => [
	{
		json: {},
		binary: {
			data: file('%PDF-1.4 hours', 'hours.pdf', 'application/pdf'),
			notes: file('plain', undefined, undefined),
		},
	},
];

/** readContent of item 0 with the fields of Create (adding false) or Update (true). */
const content = (adding: boolean, parameters: object, inputItems?: INodeExecutionData[]) =>
	probe(
		async (ctx, i) => {
			const read = await readContent(ctx, fields(ctx, i), i, adding);
			return { ...read, files: read.files.map((f) => ({ ...f, data: f.data.toString('utf8') })) };
		},
		{ properties: contentFields(adding, 'none'), parameters: { ...parameters }, inputItems },
	);

describe('readContent', () => {
	test('nothing given: nothing to add', async () => {
		expect((await content(false, {})).values).toEqual([{ files: [], urls: [], faqs: [] }]);
	});

	test('URLs one a line, FAQs from the fields trimmed, every file of the item', async () => {
		const { values, error } = await content(
			false,
			{
				urls: 'https://clinic.example/visit\n\nhttp://clinic.example/prices?a=1,2',
				faqInput: 'fields',
				faqs: { faq: [{ question: ' Open on Sunday? ', answer: ' No. ' }] },
				filesFrom: 'all',
			},
			withFiles(),
		);
		expect(error).toBeUndefined();
		expect(values).toEqual([
			{
				urls: ['https://clinic.example/visit', 'http://clinic.example/prices?a=1,2'],
				faqs: [{ question: 'Open on Sunday?', answer: 'No.' }],
				files: [
					{ filename: 'hours.pdf', contentType: 'application/pdf', data: '%PDF-1.4 hours' },
					{ filename: 'notes', contentType: 'application/octet-stream', data: 'plain' },
				],
			},
		]);
	});

	test('FAQs as JSON, text or a list; named files only', async () => {
		const { values } = await content(
			true,
			{
				faqInput: 'json',
				faqsJson: '[{"question": "Q1", "answer": "A1", "extra": 1}]',
				filesFrom: 'named',
				binaryProperties: 'notes',
			},
			withFiles(),
		);
		expect(values).toEqual([
			{
				urls: [],
				faqs: [{ question: 'Q1', answer: 'A1' }],
				files: [{ filename: 'notes', contentType: 'application/octet-stream', data: 'plain' }],
			},
		]);
	});

	test.each([
		[
			false,
			{ urls: 'ftp://clinic.example/x' },
			'URLs: "ftp://clinic.example/x" is not an http(s) URL [item 0]',
		],
		[
			true,
			{ urls: 'clinic.example' },
			'URLs to Add: "clinic.example" is not an http(s) URL [item 0]',
		],
		[
			false,
			{ faqInput: 'json', faqsJson: '{"question": "Q"}' },
			'FAQs (JSON): must be a JSON list of FAQs [item 0]',
		],
		[false, { faqInput: 'json', faqsJson: '[oops' }, 'FAQs (JSON): is not valid JSON [item 0]'],
		[
			false,
			{ faqInput: 'json', faqsJson: '[{"question": "Q", "answer": " "}]' },
			'FAQs (JSON) › entry 1: needs an answer (text) [item 0]',
		],
		[
			false,
			{ faqInput: 'json', faqsJson: '["Q"]' },
			'FAQs (JSON) › entry 1: must be an object with question and answer [item 0]',
		],
		[
			false,
			{
				faqs: {
					faq: [
						{ question: 'Q', answer: 'A' },
						{ question: '', answer: 'A' },
					],
				},
			},
			'FAQ 2: needs a question (text) [item 0]',
		],
		[
			false,
			{ filesFrom: 'all' },
			'Files: the input item has no binary data (files); choose None, or feed files into this node [item 0]',
		],
		[
			true,
			{ filesFrom: 'all' },
			'Files to Add: the input item has no binary data (files); choose None, or feed files into this node [item 0]',
		],
	])('adding %p, %j is refused', async (adding, parameters, message) => {
		const { values, error } = await content(adding, parameters);
		expect(values).toEqual([]);
		expect(error?.message).toBe(message);
	});

	test('a named property the item does not have is named, with those it has', async () => {
		const { error } = await content(
			false,
			{ filesFrom: 'named', binaryProperties: 'data, audio' },
			withFiles(),
		);
		expect(error?.message).toBe(
			'Binary Properties: the input item has no binary property "audio" (it has "data", "notes") [item 0]',
		);
	});
});

describe('what was sent', () => {
	const sent: Content = {
		files: [
			{ filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.alloc(512) },
			{ filename: 'b.pdf', contentType: 'application/pdf', data: Buffer.alloc(1536) },
			{ filename: 'c.mp4', contentType: 'video/mp4', data: Buffer.alloc(3 * 1024 * 1024) },
		],
		urls: ['https://a.example', 'https://b.example'],
		faqs: [{ question: 'Q', answer: 'A' }],
	};

	test('the files by name and size, then how many URLs and FAQs', () => {
		expect(sentSummary(sent)).toBe(
			'files a.pdf (512 bytes), b.pdf (1.5 KB), c.mp4 (3.0 MB); 2 URL(s); 1 FAQ(s)',
		);
		expect(sentSummary({ files: [], urls: [], faqs: [] })).toBe('no files, URLs or FAQs');
	});

	test('a 400 says what was sent before its own description; anything else is untouched', () => {
		const node = { name: 'Knowledge Base', type: 'x' } as INode;
		const refused = new NodeApiError(
			node,
			{ message: 'Bad' },
			{ httpCode: '400', description: 'Check the values.' },
		);
		expect(explainRefusal(refused, { files: [], urls: ['https://a.example'], faqs: [] })).toBe(
			refused,
		);
		expect(refused.description).toBe(
			'Sent: 1 URL(s). The service refused the request (invalid input or files too large); its own limits decide, this node sets none. Check the values.',
		);
		const failed = new NodeApiError(
			node,
			{ message: 'Down' },
			{ httpCode: '500', description: 'Later.' },
		);
		explainRefusal(failed, sent);
		expect(failed.description).toBe('Later.');
	});
});
