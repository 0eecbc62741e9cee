/**
 * What Create and Update add to a knowledge base: files from the item's binary data, URLs and
 * FAQs. One set of fields and one reader for both, labelled for each ("Files" / "Files to Add").
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Faq, KbFile } from '../../../shared/knowledgeBases/knowledgeBases';
import type { Fields } from '../../../shared/engine/params';
import { isPlainObject } from '../../../shared/http/shape';

export type FilesFrom = 'all' | 'named' | 'none';
const FILES_FROM: readonly FilesFrom[] = ['all', 'named', 'none'];
const FAQ_INPUTS = ['fields', 'json'] as const;

/** Labels differ between Create (what the knowledge base holds) and Update (what is added). */
export function contentFields(adding: boolean, defaultFiles: FilesFrom): INodeProperties[] {
	const files = adding ? 'Files to Add' : 'Files';
	return [
		{
			displayName: files,
			name: 'filesFrom',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'All Binary Properties of the Item',
					value: 'all',
					description: 'Every file the input item carries',
				},
				{
					name: 'Named Binary Properties',
					value: 'named',
					description: 'Only the binary properties you name',
				},
				{ name: 'None', value: 'none', description: 'No files' },
			],
			default: defaultFiles,
			hint: 'Each file keeps its name and MIME type. To put the files of several items (e.g. Read/Write Files from Disk reading a folder) into one knowledge base, combine them first with the Aggregate node: All Item Data, option Include Binaries.',
		},
		{
			displayName: 'Binary Properties',
			name: 'binaryProperties',
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: { show: { filesFrom: ['named'] } },
			description: 'Names of the binary properties holding the files, separated by commas',
			placeholder: 'e.g. data, data_1',
		},
		{
			displayName: adding ? 'URLs to Add' : 'URLs',
			name: 'urls',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description:
				'Web pages for the knowledge base, one per line (or a JSON list from an expression)',
			placeholder: 'e.g. https://example.com/docs',
		},
		{
			displayName: adding ? 'FAQs to Add' : 'FAQs',
			name: 'faqInput',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Fields', value: 'fields', description: 'Type each question and its answer' },
				{
					name: 'JSON',
					value: 'json',
					description: 'A JSON list of {"question", "answer"} objects (e.g. from an expression)',
				},
			],
			default: 'fields',
		},
		{
			displayName: 'FAQs',
			name: 'faqs',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add FAQ',
			default: {},
			displayOptions: { show: { faqInput: ['fields'] } },
			options: [
				{
					displayName: 'FAQ',
					name: 'faq',
					values: [
						{
							displayName: 'Question',
							name: 'question',
							type: 'string',
							default: '',
						},
						{
							displayName: 'Answer',
							name: 'answer',
							type: 'string',
							typeOptions: { rows: 2 },
							default: '',
						},
					],
				},
			],
		},
		{
			displayName: 'FAQs (JSON)',
			name: 'faqsJson',
			type: 'json',
			default: '[]',
			displayOptions: { show: { faqInput: ['json'] } },
			description: 'A list of {"question", "answer"} objects',
			placeholder: '[{"question": "Do you open on Sundays?", "answer": "No."}]',
		},
	];
}

export interface Content {
	files: KbFile[];
	urls: string[];
	faqs: Faq[];
}

function isHttpUrl(text: string): boolean {
	try {
		return ['http:', 'https:'].includes(new URL(text).protocol);
	} catch {
		return false;
	}
}

/** The URLs field: each an http(s) address. */
function readUrls(f: Fields, label: string): string[] {
	const urls = f.list('urls', label, { commas: false, blank: 'empty', of: 'URLs' });
	const bad = urls.find((u) => !isHttpUrl(u));
	if (bad !== undefined) throw f.error(label, `"${bad}" is not an http(s) URL`);
	return urls;
}

/** A question and an answer, both text that is not blank. */
function checkFaq(f: Fields, label: string, value: unknown): Faq {
	if (!isPlainObject(value)) throw f.error(label, 'must be an object with question and answer');
	const { question, answer } = value;
	if (typeof question !== 'string' || question.trim() === '')
		throw f.error(label, 'needs a question (text)');
	if (typeof answer !== 'string' || answer.trim() === '')
		throw f.error(label, 'needs an answer (text)');
	return { question: question.trim(), answer: answer.trim() };
}

function readFaqs(f: Fields, label: string): Faq[] {
	const input = f.option('faqInput', label, FAQ_INPUTS, 'fields');
	if (input === 'fields') {
		return f
			.collection('faqs', null)
			.entries('faq', 'FAQ')
			.map((entry, n) =>
				checkFaq(f, `FAQ ${n + 1}`, {
					question: entry.text('question', 'Question'),
					answer: entry.text('answer', 'Answer'),
				}),
			);
	}
	const jsonLabel = 'FAQs (JSON)';
	let value = f.raw('faqsJson');
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return [];
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			throw f.error(jsonLabel, 'is not valid JSON');
		}
	}
	if (!Array.isArray(value)) throw f.error(jsonLabel, 'must be a JSON list of FAQs');
	return value.map((entry, n) => checkFaq(f, `${jsonLabel} › entry ${n + 1}`, entry));
}

/** The item's files, by the chosen binary properties, each with its name and MIME type. */
async function readFiles(
	ctx: IExecuteFunctions,
	f: Fields,
	i: number,
	label: string,
): Promise<KbFile[]> {
	const from = f.option('filesFrom', label, FILES_FROM, 'none');
	if (from === 'none') return [];
	const binary = ctx.getInputData()[i]?.binary ?? {};
	let names: string[];
	if (from === 'all') {
		names = Object.keys(binary);
		if (names.length === 0)
			throw f.error(
				label,
				'the input item has no binary data (files); choose None, or feed files into this node',
			);
	} else {
		names = f.list('binaryProperties', 'Binary Properties', {
			commas: true,
			blank: 'required',
			of: 'binary property names',
		});
		const absent = names.filter((name) => !Object.prototype.hasOwnProperty.call(binary, name));
		if (absent.length > 0) {
			const have = Object.keys(binary);
			throw f.error(
				'Binary Properties',
				`the input item has no binary property ${absent.map((a) => `"${a}"`).join(', ')} (it has ${have.length ? have.map((h) => `"${h}"`).join(', ') : 'none'})`,
			);
		}
	}
	const files: KbFile[] = [];
	for (const name of names) {
		const meta = binary[name];
		const data = await ctx.helpers.getBinaryDataBuffer(i, name);
		files.push({
			filename: meta.fileName?.trim() ? meta.fileName : name,
			contentType: meta.mimeType?.trim() ? meta.mimeType : 'application/octet-stream',
			data,
		});
	}
	return files;
}

/** Everything Create or Update adds, read and checked before anything is sent. */
export async function readContent(
	ctx: IExecuteFunctions,
	f: Fields,
	i: number,
	adding: boolean,
): Promise<Content> {
	const urls = readUrls(f, adding ? 'URLs to Add' : 'URLs');
	const faqs = readFaqs(f, adding ? 'FAQs to Add' : 'FAQs');
	const files = await readFiles(ctx, f, i, adding ? 'Files to Add' : 'Files');
	return { files, urls, faqs };
}

const size = (bytes: number) =>
	bytes >= 1024 * 1024
		? `${(bytes / 1024 / 1024).toFixed(1)} MB`
		: bytes >= 1024
			? `${(bytes / 1024).toFixed(1)} KB`
			: `${bytes} bytes`;

/** What was sent, for an error the service answered: the files by name and size. */
export function sentSummary(content: Content): string {
	const parts = [];
	if (content.files.length)
		parts.push(
			`files ${content.files.map((file) => `${file.filename} (${size(file.data.length)})`).join(', ')}`,
		);
	if (content.urls.length) parts.push(`${content.urls.length} URL(s)`);
	if (content.faqs.length) parts.push(`${content.faqs.length} FAQ(s)`);
	return parts.length ? parts.join('; ') : 'no files, URLs or FAQs';
}

/**
 * A 400 names what was sent (the size limits the service publishes conflict, so the client
 * sets none of its own and lets the service decide).
 */
export function explainRefusal(error: unknown, content: Content): unknown {
	if (error instanceof NodeApiError && error.httpCode === '400') {
		error.description =
			`Sent: ${sentSummary(content)}. The service refused the request (invalid input or files too large); its own limits decide, this node sets none. ${error.description ?? ''}`.trim();
	}
	return error;
}
