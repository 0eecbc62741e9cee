/**
 * The outputs recorder (scripts/dev/outputs.js; docs/behaviour-diff.md): with OUTPUTS_RECORD=<dir>
 * set, every run of a node by the test helpers (runNode, PollHarness.poll, WebhookNode.request
 * and .hook) appends one JSON line to <dir>/<worker>.jsonl: the test, the run's ordinal within
 * it, the node and its parameters, the outcome, and every request the node sent. Two records
 * of the suites, before and after a refactor, are then compared by `scripts/dev/outputs.js diff`.
 * Unset, `recorded` calls the run as it is: nothing else happens.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const DIR = process.env.OUTPUTS_RECORD;
/** Whether this run of the suites records. */
export const RECORDING = DIR !== undefined && DIR !== '';

const ROOT = path.resolve(__dirname, '../..');
/** Bodies longer than this are recorded as their length and hash. */
const MAX_TEXT = 8192;

interface Run {
	requests: unknown[];
}

const current = new AsyncLocalStorage<Run>();
/** The real clock, kept before any test fakes Date: when each run started (see `at`). */
const wallNow = Date.now.bind(Date);
/** Runs so far in each test of this file (test name → count). */
const ordinals = new Map<string, number>();

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Bytes as text when short and printable, else their length and hash. */
function bytes(buffer: Buffer, contentType: string): unknown {
	let text = buffer.toString('utf8');
	// The multipart writer's boundary is random per request: named, not recorded.
	const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
	if (boundary) text = text.split(boundary).join('<boundary>');
	if (text.length <= MAX_TEXT && !text.includes('\uFFFD')) return { text };
	return { bytes: buffer.length, sha256: sha256(boundary ? text : buffer) };
}

function headerOf(headers: unknown, name: string): string {
	if (!headers || typeof headers !== 'object') return '';
	const plain = JSON.parse(JSON.stringify(headers)) as Record<string, unknown>;
	const key = Object.keys(plain).find((k) => k.toLowerCase() === name);
	return key ? String(plain[key]) : '';
}

/** A request body as sent: JSON as its value, text as text, bytes and streams summarised. */
function bodyOf(data: unknown, contentType: string): unknown {
	if (data === undefined || data === null) return data;
	if (Buffer.isBuffer(data)) return bytes(data, contentType);
	if (data instanceof URLSearchParams) return { form: data.toString() };
	if (typeof data === 'string') {
		try {
			return { json: JSON.parse(data) };
		} catch {
			return bytes(Buffer.from(data, 'utf8'), contentType);
		}
	}
	if (typeof (data as { pipe?: unknown }).pipe === 'function') return { stream: true };
	return { json: plain(data) };
}

/**
 * A copy that JSON keeps as is: Buffers summarised, cycles and functions dropped, what JSON
 * cannot hold (an Invalid Date, a BigInt) named.
 */
function plain(value: unknown, seen = new Set<object>()): unknown {
	if (Buffer.isBuffer(value)) return { bytes: value.length, sha256: sha256(value) };
	// What JSON would write (an Invalid Date is null), without throwing.
	if (value instanceof Date)
		return Number.isNaN(value.getTime()) ? '[Invalid Date]' : value.toISOString();
	if (typeof value === 'bigint') return `${value}n`;
	if (typeof value === 'symbol') return value.toString();
	if (value && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
		try {
			const json = (value as { toJSON(): unknown }).toJSON();
			if (json !== value) return plain(json, seen);
		} catch (error) {
			return `[toJSON threw: ${(error as Error).message}]`;
		}
	}
	if (value === null || typeof value !== 'object')
		return typeof value === 'function' ? undefined : value;
	if (seen.has(value)) return '[cycle]';
	seen.add(value);
	const out: unknown = Array.isArray(value)
		? value.map((v) => plain(v, seen) ?? null)
		: Object.fromEntries(
				Object.entries(value)
					.map(([k, v]) => [k, plain(v, seen)])
					.filter(([, v]) => v !== undefined),
			);
	seen.delete(value);
	return out;
}

/** Output items: their json, pairedItem and binary metadata (the bytes as a hash). */
export function itemsOf(items: unknown): unknown {
	if (!Array.isArray(items)) return plain(items);
	return items.map((item: Record<string, any>) => {
		const out: Record<string, unknown> = { json: plain(item?.json) };
		if (item?.pairedItem !== undefined) out.pairedItem = plain(item.pairedItem);
		if (item?.binary) {
			out.binary = Object.fromEntries(
				Object.entries(item.binary as Record<string, Record<string, unknown>>).map(
					([key, { data, ...meta }]) => [
						key,
						{
							...(plain(meta) as object),
							...(typeof data === 'string' ? { sha256: sha256(data) } : {}),
						},
					],
				),
			);
		}
		if (item?.error) out.error = errorOf(item.error);
		return out;
	});
}

/** An error as the user sees it. */
export function errorOf(error: unknown): unknown {
	if (!(error instanceof Error)) return plain(error);
	const e = error as Error & Record<string, any>;
	return plain({
		name: e.name,
		message: e.message,
		description: e.description,
		itemIndex: e.context?.itemIndex ?? e.itemIndex,
		httpCode: e.httpCode,
	});
}

/** Every request axios sends inside a recorded run, as it was given to axios. */
function hookAxios(): void {
	// The axios n8n-core sends with (jest gives each test file its own copy).
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const axios = require(
		require.resolve('axios', { paths: [path.dirname(require.resolve('n8n-core'))] }),
	);
	(axios.default ?? axios).interceptors.request.use((config: Record<string, any>) => {
		const run = current.getStore();
		if (run) {
			const contentType = headerOf(config.headers, 'content-type');
			const url = new URL(config.url, config.baseURL);
			run.requests.push(
				plain({
					method: String(config.method ?? 'get').toUpperCase(),
					origin: url.origin,
					path: url.pathname,
					query: { ...Object.fromEntries(url.searchParams), ...(plain(config.params) as object) },
					body: bodyOf(config.data, contentType),
				}),
			);
		}
		return config;
	});
}

let hooked = false;

export interface RunInput {
	/** 'execute', 'poll', 'webhook' or 'hook:<method>'. */
	kind: string;
	/** The node's full type name. */
	type: string;
	parameters: unknown;
	/** What else the run was given: items, settings, the webhook request, the mode. */
	given?: unknown;
}

/**
 * Runs `run`, and when recording writes it down with `outcome(result)`, or the error it threw
 * (then thrown again).
 */
export async function recorded<T>(
	input: RunInput,
	run: () => Promise<T>,
	outcome: (result: T) => unknown,
): Promise<T> {
	if (!RECORDING) return await run();
	if (!hooked) {
		hookAxios();
		hooked = true;
	}
	const state = expect.getState();
	const test = state.currentTestName ?? '(outside a test)';
	const ordinal = (ordinals.get(test) ?? 0) + 1;
	ordinals.set(test, ordinal);
	const log: Run = { requests: [] };
	// The real time the run started: the diff tells a value read from the real clock by how
	// much it moved between two records (scripts/dev/outputs.js, clockShifted).
	const at = wallNow();
	// What the run is given, copied before it runs (a run may change its input items).
	const head = safely(() => ({
		kind: input.kind,
		type: input.type,
		parameters: plain(input.parameters),
		given: plain(input.given),
	}));
	const write = (result: () => Record<string, unknown>) =>
		append({
			file: path
				.relative(ROOT, state.testPath ?? '')
				.split(path.sep)
				.join('/'),
			test,
			ordinal,
			at,
			...head,
			...safely(result),
			requests: log.requests,
		});
	let result: T;
	try {
		result = await current.run(log, run);
	} catch (error) {
		write(() => ({ thrown: errorOf(error) }));
		throw error;
	}
	write(() => ({ outcome: plain(outcome(result)) }));
	return result;
}

/** The recorder never changes a test's course: what it cannot copy it names. */
function safely(copy: () => Record<string, unknown>): Record<string, unknown> {
	try {
		return copy();
	} catch (error) {
		return { recorderError: (error as Error).message };
	}
}

function append(line: object): void {
	mkdirSync(DIR!, { recursive: true });
	const file = path.join(DIR!, `worker-${process.env.JEST_WORKER_ID ?? '0'}-${process.pid}.jsonl`);
	let text: string;
	try {
		text = JSON.stringify(line);
	} catch (error) {
		const { file: f, test, ordinal } = line as Record<string, unknown>;
		text = JSON.stringify({ file: f, test, ordinal, recorderError: (error as Error).message });
	}
	appendFileSync(file, text + '\n');
}
