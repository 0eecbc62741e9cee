// @ts-check
'use strict';

const { Invalid } = require('./errors');
const { isoOffset, UUID_RE } = require('./util');
const { route } = require('./route');

/**
 * Knowledge bases under /external/kb, from FACTS.md ("Knowledge bases (beyond SPEC.md)"):
 * multipart create and edit with list fields as JSON-encoded strings, a bare JSON array for
 * the list, and processing that moves pending -> processing -> completed (or failed) on the
 * store's clock. Status is computed from the time of the last create or edit, so nothing
 * needs a timer. Error bodies of this family are not published: the routes use `{detail}`.
 *
 * Switch for tests and demos: a file or URL whose name contains `sandbox-fail` makes the
 * knowledge base end `failed` instead of `completed`.
 */

/** Nominal durations of a create or edit, divided by the store's speed. */
const PENDING_MS = 2000;
const PROCESSING_MS = 8000;
/** The API reference's limits (its dashboard guides say others; the client sets none). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_REQUEST_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 10;
const MAX_URLS = 20;
const FAIL_MARK = 'sandbox-fail';

const CREATE_FIELDS = new Set(['kb_name', 'files', 'urls', 'faqs']);
const EDIT_FIELDS = new Set([
	'kb_id',
	'files_to_remove',
	'urls_to_remove',
	'faqs_to_remove',
	'new_files',
	'new_urls',
	'new_faqs',
	'new_files_metadata',
]);

/** @typedef {import('./route').Ctx} Ctx @typedef {import('./route').Reply} Reply */
/** @typedef {{name: string, filename?: string, contentType?: string, data: Buffer}} Part */
/** @typedef {{parts: Part[], fields: Record<string, string[]>, files: Part[]}} Form */

/** @param {Ctx} ctx @returns {Form} */
const formOf = (ctx) => /** @type {Form} */ (ctx.body);

/** The one value of a text field, or undefined; a repeated text field is refused. @param {Form} form @param {string} name */
function textField(form, name) {
	const values = form.fields[name];
	if (!values || values.length === 0) return undefined;
	if (values.length > 1) throw new Invalid(`'${name}' was sent more than once`);
	return values[0];
}

/** A JSON-encoded list field. @param {Form} form @param {string} name @returns {unknown[] | undefined} */
function jsonList(form, name) {
	const text = textField(form, name);
	if (text === undefined) return undefined;
	let value;
	try {
		value = JSON.parse(text);
	} catch {
		throw new Invalid(`'${name}' must be a JSON-encoded list`);
	}
	if (!Array.isArray(value)) throw new Invalid(`'${name}' must be a JSON-encoded list`);
	return value;
}

/** @param {Form} form @param {string} name @returns {string[]} */
function stringList(form, name) {
	const list = jsonList(form, name) ?? [];
	if (!list.every((v) => typeof v === 'string' && v.trim() !== ''))
		throw new Invalid(`'${name}' must be a JSON-encoded list of non-empty strings`);
	return /** @type {string[]} */ (list);
}

/** @param {Form} form @param {string} name @returns {string[]} */
function urlList(form, name) {
	const urls = stringList(form, name);
	for (const url of urls) {
		let ok = false;
		try {
			ok = ['http:', 'https:'].includes(new URL(url).protocol);
		} catch {
			ok = false;
		}
		if (!ok) throw new Invalid(`'${name}': '${url}' is not an http(s) URL`);
	}
	if (urls.length > MAX_URLS) throw new Invalid(`At most ${MAX_URLS} URLs per request`);
	return urls;
}

/** @param {Form} form @param {string} name @returns {Array<{question: string, answer: string}>} */
function faqList(form, name) {
	const list = jsonList(form, name) ?? [];
	for (const f of list) {
		const faq = /** @type {any} */ (f);
		if (
			!faq ||
			typeof faq !== 'object' ||
			typeof faq.question !== 'string' ||
			typeof faq.answer !== 'string' ||
			faq.question.trim() === '' ||
			faq.answer.trim() === ''
		)
			throw new Invalid(`'${name}' must be a JSON-encoded list of {question, answer} strings`);
	}
	return /** @type {any} */ (list);
}

/** Refuses fields the endpoint does not take, and file parts under a text name. @param {Form} form @param {Set<string>} allowed @param {string} fileField */
function checkParts(form, allowed, fileField) {
	for (const part of form.parts) {
		if (!allowed.has(part.name)) throw new Invalid(`Unexpected field '${part.name}'`);
		const isFile = part.filename !== undefined;
		if (isFile !== (part.name === fileField))
			throw new Invalid(
				part.name === fileField
					? `'${fileField}' parts must be files (with a filename)`
					: `'${part.name}' must be a text field, not a file`,
			);
	}
}

/** File parts, within the reference's limits. @param {Form} form @param {string} field */
function fileParts(form, field) {
	const files = form.files.filter((p) => p.name === field);
	if (files.length > MAX_FILES) throw new Invalid(`At most ${MAX_FILES} files per request`);
	let total = 0;
	for (const f of files) {
		if (!f.filename || f.filename.trim() === '') throw new Invalid('A file has no filename');
		if (f.data.length > MAX_FILE_BYTES)
			throw new Invalid(`File '${f.filename}' is too large (max 2 MB per file)`);
		total += f.data.length;
	}
	if (total > MAX_REQUEST_BYTES) throw new Invalid('Files are too large (max 5 MB in all)');
	return files;
}

const extension = (/** @type {string} */ name) => {
	const m = /\.([A-Za-z0-9]+)$/.exec(name);
	return m ? m[1].toLowerCase() : 'file';
};

/** @param {import('./store').Store} store @param {any} kb @param {Part} part */
function fileEntry(store, kb, part) {
	const fileId = store.newId();
	return {
		file_id: fileId,
		file_type: extension(String(part.filename)),
		file_size: part.data.length,
		filename: String(part.filename),
		file_path: `knowledge-bases/${kb.id}/${fileId}/${part.filename}`,
		content_type: part.contentType ?? null,
	};
}

/** @param {import('./store').Store} store @param {any} kb @param {string} url */
function urlEntry(store, kb, url) {
	const fileId = store.newId();
	return {
		file_id: fileId,
		file_type: 'url',
		file_size: 0,
		url,
		file_path: `knowledge-bases/${kb.id}/${fileId}`,
	};
}

/** The FAQ's content is an object whose keys are not published; the sandbox keeps what was sent. @param {import('./store').Store} store @param {{question: string, answer: string}} faq */
function faqEntry(store, faq) {
	const content = { question: faq.question, answer: faq.answer };
	return {
		file_id: store.newId(),
		file_type: 'faq',
		file_size: Buffer.byteLength(JSON.stringify(content)),
		content,
	};
}

/**
 * A knowledge base in the store, with the fields the seeded ones leave out filled in.
 * @param {import('./store').Store} store @param {any} kb
 */
function full(store, kb) {
	kb.files ??= [];
	kb.urls ??= [];
	kb.faqs ??= [];
	kb.created_at ??= store.now();
	kb.updated_at ??= kb.created_at;
	return kb;
}

/** Where processing is, by the store's clock. @param {import('./store').Store} store @param {any} kb */
function statusOf(store, kb) {
	const job = kb.job;
	if (!job) return 'completed';
	const elapsed = store.now() - job.at;
	if (elapsed < PENDING_MS / store.speed) return 'pending';
	if (elapsed < (PENDING_MS + PROCESSING_MS) / store.speed) return 'processing';
	return job.fails ? 'failed' : 'completed';
}

/** A new processing job: it fails when any content is marked so. @param {import('./store').Store} store @param {any} kb */
function startJob(store, kb) {
	const marked = (/** @type {unknown} */ s) => typeof s === 'string' && s.includes(FAIL_MARK);
	kb.job = {
		at: store.now(),
		fails:
			kb.files.some((/** @type {any} */ f) => marked(f.filename)) ||
			kb.urls.some((/** @type {any} */ u) => marked(u.url)),
	};
}

/** GET /external/kb/{kb_id}'s body. @param {import('./store').Store} store @param {any} kb */
function view(store, kb) {
	full(store, kb);
	return {
		kb_id: kb.id,
		kb_name: kb.name,
		status: statusOf(store, kb),
		created_at: isoOffset(kb.created_at),
		updated_at: isoOffset(kb.updated_at),
		files: kb.files.map((/** @type {any} */ f) => ({
			file_id: f.file_id,
			file_type: f.file_type,
			file_size: f.file_size,
			filename: f.filename,
			file_path: f.file_path,
		})),
		urls: kb.urls.map((/** @type {any} */ u) => ({ ...u })),
		faqs: kb.faqs.map((/** @type {any} */ q) => ({ ...q, content: { ...q.content } })),
	};
}

/** The knowledge base a path or field names; 404 when there is none. @param {Ctx} ctx @param {unknown} raw @param {string} name */
function find(ctx, raw, name) {
	if (typeof raw !== 'string' || !UUID_RE.test(raw))
		throw new Invalid(`'${name}' must be a valid UUID, got '${String(raw)}'`);
	const kb = ctx.store.knowledgeBases.get(raw.toLowerCase());
	if (!kb) throw new Invalid('Knowledge Base not found', 404);
	return full(ctx.store, kb);
}

/** POST /external/kb (multipart). @param {Ctx} ctx @returns {Reply} */
function createKnowledgeBase(ctx) {
	const form = formOf(ctx);
	checkParts(form, CREATE_FIELDS, 'files');
	const name = textField(form, 'kb_name');
	if (name === undefined || name.trim() === '') throw new Invalid("'kb_name' is required");
	const files = fileParts(form, 'files');
	const urls = urlList(form, 'urls');
	const faqs = faqList(form, 'faqs');
	const { store } = ctx;
	const kb = full(store, { id: store.newId(), name });
	kb.files = files.map((f) => fileEntry(store, kb, f));
	kb.urls = urls.map((u) => urlEntry(store, kb, u));
	kb.faqs = faqs.map((q) => faqEntry(store, q));
	startJob(store, kb);
	store.knowledgeBases.set(kb.id, kb);
	return {
		status: 200,
		body: {
			message: 'Knowledge Base creation initiated',
			kb_id: kb.id,
			processing_status: 'pending',
			files_queued: kb.files.length,
		},
	};
}

/** PATCH /external/kb (multipart): removals and additions together. @param {Ctx} ctx @returns {Reply} */
function editKnowledgeBase(ctx) {
	const form = formOf(ctx);
	checkParts(form, EDIT_FIELDS, 'new_files');
	const rawId = textField(form, 'kb_id');
	if (rawId === undefined || rawId.trim() === '') throw new Invalid("'kb_id' is required");
	const kb = find(ctx, rawId, 'kb_id');
	const fileIds = stringList(form, 'files_to_remove');
	const removeUrls = stringList(form, 'urls_to_remove');
	const faqIds = stringList(form, 'faqs_to_remove');
	const metadata = textField(form, 'new_files_metadata');
	if (metadata !== undefined) {
		let parsed;
		try {
			parsed = JSON.parse(metadata);
		} catch {
			parsed = undefined;
		}
		if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
			throw new Invalid("'new_files_metadata' must be a JSON-encoded object");
	}
	const missing = (/** @type {string[]} */ wanted, /** @type {string[]} */ have, what = '') =>
		wanted.find((w) => !have.includes(w)) ?? what;
	const absentFile = missing(
		fileIds,
		kb.files.map((/** @type {any} */ f) => f.file_id),
	);
	if (absentFile) throw new Invalid(`File '${absentFile}' is not in this knowledge base`);
	const absentUrl = missing(
		removeUrls,
		kb.urls.map((/** @type {any} */ u) => u.url),
	);
	if (absentUrl) throw new Invalid(`URL '${absentUrl}' is not in this knowledge base`);
	const absentFaq = missing(
		faqIds,
		kb.faqs.map((/** @type {any} */ q) => q.file_id),
	);
	if (absentFaq) throw new Invalid(`FAQ '${absentFaq}' is not in this knowledge base`);
	const files = fileParts(form, 'new_files');
	const urls = urlList(form, 'new_urls');
	const faqs = faqList(form, 'new_faqs');
	const { store } = ctx;
	const before = kb.files.length + kb.urls.length + kb.faqs.length;
	kb.files = kb.files.filter((/** @type {any} */ f) => !fileIds.includes(f.file_id));
	kb.urls = kb.urls.filter((/** @type {any} */ u) => !removeUrls.includes(u.url));
	kb.faqs = kb.faqs.filter((/** @type {any} */ q) => !faqIds.includes(q.file_id));
	const removed = before - (kb.files.length + kb.urls.length + kb.faqs.length);
	const added = files.map((f) => fileEntry(store, kb, f));
	kb.files.push(...added);
	kb.urls.push(...urls.map((u) => urlEntry(store, kb, u)));
	kb.faqs.push(...faqs.map((q) => faqEntry(store, q)));
	kb.updated_at = store.now();
	startJob(store, kb);
	return {
		status: 200,
		body: {
			message: 'Knowledge Base edit initiated',
			kb_id: kb.id,
			items_removed: removed,
			new_files_queued: added.length,
			new_files: added.map((f) => ({
				filename: f.filename,
				file_id: f.file_id,
				processing_status: 'pending',
			})),
		},
	};
}

/** GET /external/kb/{kb_id} @param {Ctx} ctx @returns {Reply} */
function getKnowledgeBase(ctx) {
	return { status: 200, body: view(ctx.store, find(ctx, ctx.params.kb_id, 'kb_id')) };
}

/** DELETE /external/kb/{kb_id} @param {Ctx} ctx @returns {Reply} */
function deleteKnowledgeBase(ctx) {
	const kb = find(ctx, ctx.params.kb_id, 'kb_id');
	ctx.store.knowledgeBases.delete(kb.id);
	return { status: 200, body: { message: 'Knowledge Base deleted successfully', kb_id: kb.id } };
}

/** GET /external/kb/all: a bare JSON array, no paging. @param {Ctx} ctx @returns {Reply} */
function listKnowledgeBases(ctx) {
	const { store } = ctx;
	return {
		status: 200,
		body: [...store.knowledgeBases.values()].map((k) => {
			const kb = full(store, k);
			return {
				kb_id: kb.id,
				kb_name: kb.name,
				type: 'non_deterministic',
				created_at: isoOffset(kb.created_at),
			};
		}),
	};
}

/** The routes, for api.js's ROUTES (the list before the {kb_id} pattern). */
const routes = [
	route('POST', '/external/kb', createKnowledgeBase, { multipart: true, detail: true }),
	route('PATCH', '/external/kb', editKnowledgeBase, { multipart: true, detail: true }),
	route('GET', '/external/kb/all', listKnowledgeBases, { detail: true }),
	route('GET', '/external/kb/{kb_id}', getKnowledgeBase, { detail: true }),
	route('DELETE', '/external/kb/{kb_id}', deleteKnowledgeBase, { detail: true }),
];

module.exports = {
	routes,
	FAIL_MARK,
	PENDING_MS,
	PROCESSING_MS,
	view,
	statusOf,
};
