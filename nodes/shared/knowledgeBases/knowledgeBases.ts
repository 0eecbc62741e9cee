/**
 * The one reader and writer of knowledge bases (`/external/kb`, vendor reference since
 * 2026-01-16, not in the contract), shared by the Knowledge Base node and the Assistant's
 * knowledge-base dropdown. Create and edit are multipart forms whose list fields are
 * JSON-encoded strings; the list is a bare JSON array without paging. Each answer's shape is
 * checked here once.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { multipartBody, type FormPart } from '../http/multipart';
import { describeValue, expectObject, expectRows, isPlainObject, shapeError } from '../http/shape';
import { apiRequest, type ApiContext } from '../http/transport';

/** Processing states of GET /external/kb/{kb_id}; the last two are final. */
export const KB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** A question and its answer, as create (`faqs`) and edit (`new_faqs`) take them. */
export interface Faq {
	question: string;
	answer: string;
}

/** A file to upload: its bytes, with the name and type it had in n8n. */
export interface KbFile {
	filename: string;
	contentType: string;
	data: Buffer;
}

/** The published rate limits, for the advice of a 429 (per workspace). */
const RATE_LIMITS: Record<'create' | 'edit' | 'read' | 'delete', string> = {
	create: 'creates at most 10 knowledge bases an hour',
	edit: 'takes at most 20 knowledge-base edits an hour',
	read: 'answers at most 60 knowledge-base reads an hour',
	delete: 'deletes at most 10 knowledge bases a minute',
};

/**
 * A 429 of this family reads as what it is: an hourly limit, not a moment's congestion. The
 * transport already waited for short Retry-Afters (reads only); an execution never sits out
 * an hour, so the user is told to come back later instead.
 */
export function explainKbLimit(error: unknown, action: keyof typeof RATE_LIMITS): unknown {
	if (error instanceof NodeApiError && error.httpCode === '429') {
		error.description = `The service ${RATE_LIMITS[action]} per workspace, and this workspace is over it. Nothing was changed. Try again later: run the workflow from a Schedule Trigger, or put a Wait node before this one.`;
	}
	return error;
}

const kbPath = (kbId: string) => `/external/kb/${encodeURIComponent(kbId)}`;

/** One knowledge base from GET /external/kb/{kb_id}: its status and its files, URLs and FAQs. */
export async function readKnowledgeBase(
	ctx: ApiContext,
	kbId: string,
	itemIndex?: number,
): Promise<IDataObject> {
	const body = await apiRequest.call(ctx, { method: 'GET', path: kbPath(kbId), itemIndex });
	const record = expectObject(ctx.getNode(), body, `the answer of GET ${kbPath(kbId)}`, itemIndex);
	if (typeof record.status !== 'string') {
		throw shapeError(
			ctx.getNode(),
			'the knowledge base status',
			`should be text but is ${describeValue(record.status)}`,
			itemIndex,
		);
	}
	for (const list of ['files', 'urls', 'faqs'])
		expectRows(ctx.getNode(), record[list], list, itemIndex);
	return record;
}

/** Every knowledge base of the workspace: GET /external/kb/all answers a bare JSON array. */
export async function listKnowledgeBases(
	ctx: ApiContext,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const body: unknown = await apiRequest.call(ctx, {
		method: 'GET',
		path: '/external/kb/all',
		allowList: true,
		itemIndex,
	});
	if (!Array.isArray(body)) {
		throw shapeError(
			ctx.getNode(),
			'the answer of GET /external/kb/all',
			`should be a list but is ${describeValue(body)}`,
			itemIndex,
		);
	}
	return expectRows(ctx.getNode(), body, 'the knowledge base list', itemIndex);
}

const textPart = (name: string, value: string): FormPart => ({ name, value });

/** A list field of the form: sent only when it has entries (an empty one says nothing). */
function listPart(name: string, values: unknown[]): FormPart[] {
	return values.length > 0 ? [textPart(name, JSON.stringify(values))] : [];
}

function fileParts(name: string, files: KbFile[]): FormPart[] {
	return files.map((f) => ({
		name,
		filename: f.filename,
		contentType: f.contentType,
		data: f.data,
	}));
}

export interface KbCreate {
	name: string;
	files: KbFile[];
	urls: string[];
	faqs: Faq[];
}

/** The parts of POST /external/kb, in the documented order of its fields. */
export function createParts(input: KbCreate): FormPart[] {
	return [
		textPart('kb_name', input.name),
		...fileParts('files', input.files),
		...listPart('urls', input.urls),
		...listPart('faqs', input.faqs),
	];
}

export interface KbEdit {
	kbId: string;
	removeFiles: string[];
	removeUrls: string[];
	removeFaqs: string[];
	files: KbFile[];
	urls: string[];
	faqs: Faq[];
}

/** The parts of PATCH /external/kb; new_files_metadata is optional and not sent. */
export function editParts(input: KbEdit): FormPart[] {
	return [
		textPart('kb_id', input.kbId),
		...listPart('files_to_remove', input.removeFiles),
		...listPart('urls_to_remove', input.removeUrls),
		...listPart('faqs_to_remove', input.removeFaqs),
		...fileParts('new_files', input.files),
		...listPart('new_urls', input.urls),
		...listPart('new_faqs', input.faqs),
	];
}

/** POST /external/kb: `{message, kb_id, processing_status, files_queued}`. */
export async function createKnowledgeBase(
	ctx: ApiContext,
	input: KbCreate,
	itemIndex: number,
): Promise<IDataObject> {
	const body = await apiRequest.call(ctx, {
		method: 'POST',
		path: '/external/kb',
		form: multipartBody(createParts(input)),
		itemIndex,
	});
	return withKbId(ctx, body, 'POST /external/kb', itemIndex);
}

/** PATCH /external/kb: `{message, kb_id, items_removed, new_files_queued, new_files}`. */
export async function editKnowledgeBase(
	ctx: ApiContext,
	input: KbEdit,
	itemIndex: number,
): Promise<IDataObject> {
	const body = await apiRequest.call(ctx, {
		method: 'PATCH',
		path: '/external/kb',
		form: multipartBody(editParts(input)),
		itemIndex,
	});
	return withKbId(ctx, body, 'PATCH /external/kb', itemIndex);
}

/** DELETE /external/kb/{kb_id}: `{message, kb_id}`. */
export async function deleteKnowledgeBase(
	ctx: ApiContext,
	kbId: string,
	itemIndex: number,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, { method: 'DELETE', path: kbPath(kbId), itemIndex });
}

function withKbId(ctx: ApiContext, body: IDataObject, what: string, itemIndex: number) {
	if (typeof body.kb_id !== 'string' || body.kb_id === '') {
		throw shapeError(
			ctx.getNode(),
			`the answer of ${what}`,
			`has no kb_id (${describeValue(body.kb_id)})`,
			itemIndex,
		);
	}
	return body;
}

/** A dropdown entry: what the user reads, and the value the edit sends. */
export interface KbEntry {
	name: string;
	value: string;
}

const shorten = (text: string, max = 80) =>
	text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * A FAQ's label. Its `content` is an object whose keys are not published: the first text in
 * it reads best (the question, where the service keeps one), else the content as JSON.
 */
function faqLabel(faq: IDataObject): string {
	const content = faq.content;
	if (isPlainObject(content)) {
		const text = Object.values(content).find((v) => typeof v === 'string' && v.trim() !== '');
		if (typeof text === 'string') return shorten(text.trim());
		return shorten(JSON.stringify(content));
	}
	return String(faq.file_id);
}

/** What an edit can remove: files and FAQs by their ids, URLs by themselves. */
export function kbEntries(record: IDataObject): Record<'files' | 'urls' | 'faqs', KbEntry[]> {
	const rows = (list: unknown) => (Array.isArray(list) ? list.filter(isPlainObject) : []);
	const text = (v: unknown) => typeof v === 'string' && v !== '';
	return {
		files: rows(record.files)
			.filter((f) => text(f.file_id))
			.map((f) => ({
				name: text(f.filename) ? String(f.filename) : String(f.file_id),
				value: String(f.file_id),
			})),
		urls: rows(record.urls)
			.filter((u) => text(u.url))
			.map((u) => ({ name: String(u.url), value: String(u.url) })),
		faqs: rows(record.faqs)
			.filter((q) => text(q.file_id))
			.map((q) => ({ name: faqLabel(q), value: String(q.file_id) })),
	};
}
