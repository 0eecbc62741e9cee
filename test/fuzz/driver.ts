/**
 * A generic property-based driver: for one operation it generates parameter sets from the
 * node's own description (good values, and hostile ones, typed or fed through expressions),
 * input items, node settings (Continue On Fail, n8n's Retry On Fail) and the service's answers
 * (good, failing, wrong-shaped, redirects, dropped connections), runs the real node through
 * WorkflowExecute with nock answering every request, and checks the package's guarantees.
 */
import fc from 'fast-check';
import nock from 'nock';
import type { IDataObject, INodeExecutionData, INodeProperties, INodeType } from 'n8n-workflow';

import { API_KEY, BASE_URL, runNode } from '../helpers/harness';

export const ORIGIN = new URL(BASE_URL).origin;
export const BASE_PATH = new URL(BASE_URL).pathname;
export const ELSEWHERE = 'https://elsewhere.example';
/** A recording storage host (another origin than the API's): never sees the key. */
export const RECORDINGS = 'https://recordings.example';
/** Where the recording host redirects to (followed, https only, still without the key). */
export const RECORDINGS_CDN = 'https://cdn.recordings.example';
export const UUID = fc.uuid({ version: 4 });
/** A number +1 can have: 10 digits after the code (shorter or longer ones are refused). */
export const E164 = fc.integer({ min: 2000000000, max: 9999999999 }).map((n) => `+1${n}`);

export interface Endpoint {
	method: string;
	/** The API's origin unless set (e.g. a recording host). */
	origin?: string;
	/** Path below the Base URL on the API's origin (e.g. /calling/history), else the whole path. */
	path: RegExp;
	/** A good 2xx answer of this endpoint (a Buffer is sent as a file of `contentType`). */
	good: fc.Arbitrary<unknown>;
	contentType?: string;
	/** A redirect here is followed by design (recordings: https only, never with the key). */
	followsRedirects?: boolean;
	/** Requests that act (place a call, queue an export): at most one per input item. */
	acts?: boolean;
}

export interface FuzzEntry {
	/** Shown in the test name, e.g. "Calling › Contact List › Delete". */
	name: string;
	/** Node type short name. */
	type: string;
	node: () => INodeType;
	resource: string;
	operation: string;
	endpoints: Endpoint[];
	/** Good values by field name (top level or collection member); others follow the field's type. */
	good?: Record<string, fc.Arbitrary<unknown>>;
	/** Fixed parameters (e.g. a confirmation) applied over the generated ones. */
	fixed?: IDataObject;
	/**
	 * Whether an item gives many output rows (lists) or one; 'all': one output for all items
	 * together (Campaign → Create), paired with every item.
	 */
	rows?: 'one' | 'many' | 'all';
	maxItems?: number;
	/** Error messages of the operation's own (besides field, service and transport errors). */
	ownErrors?: RegExp[];
	/** Runs in `npm run fuzz` (10,000 unless set). */
	fullRuns?: number;
	/**
	 * How often a field is good for each hostile one (6 unless set). An operation with many
	 * fields needs a higher figure, or nearly every run stops at some field error.
	 */
	goodPerHostile?: number;
	/** Runs in `npm test` (CI_RUNS unless set). */
	ciRuns?: number;
	/**
	 * Field errors that can only come after an answer (a recording larger than Max Size): not
	 * counted as "invalid input that sent a request".
	 */
	afterAnswerErrors?: RegExp[];
	/**
	 * Which input row an acting request was sent for (from its body), to check that each row
	 * is sent at most once, also under n8n's Retry On Fail.
	 */
	rowOf?: (body: unknown) => string | undefined;
	/** Each input item's own fields (an operation that reads its input: Check Calls). */
	input?: fc.Arbitrary<IDataObject>;
}

// ---------------------------------------------------------------------------------------
// Values

const HOSTILE: unknown[] = [
	'false',
	'true',
	'',
	' ',
	'..',
	'.',
	'\uD800',
	'a\uDC00b',
	'0x10',
	'1e3',
	'-1',
	'NaN',
	'__proto__',
	'constructor',
	'<!DOCTYPE html>',
	'3F1C2D4E-5A6B-4C7D-8E9F-0A1B2C3D4E5F',
	'+1 (415) 555-0100',
	// 20,000 characters made n8n itself take over 15 s before the node ran (no request sent).
	'x'.repeat(5000),
	'{"a":1}',
	'[1,2]',
	0,
	-1,
	1.5,
	2 ** 53,
	true,
	false,
	null,
	{},
	{ a: 1 },
	{ __proto__: { polluted: true } },
	[],
	[1, 2],
	['a', { b: 1 }],
];
/** Only an expression can produce these (node parameters are JSON). */
const EXPRESSION_ONLY: unknown[] = [
	Number.NaN,
	Number.POSITIVE_INFINITY,
	Number.NEGATIVE_INFINITY,
	new Date(0),
	new Date('invalid'),
	undefined,
];

const hostile = fc.constantFrom(...HOSTILE);
const hostileExpr = fc.constantFrom(...HOSTILE, ...EXPRESSION_ONLY);

type Field = INodeProperties;

/** A good value of a field, by the entry's hints, else by its type. */
function goodValue(
	field: Field,
	hints: Record<string, fc.Arbitrary<unknown>>,
	ratio = 6,
): fc.Arbitrary<unknown> {
	const hint = hints[field.name];
	if (hint) return hint;
	const options = (field.options ?? []) as Array<
		{ value?: unknown; name: string } & Partial<Field>
	>;
	switch (field.type) {
		case 'boolean':
			return fc.boolean();
		case 'number': {
			const min = Number(field.typeOptions?.minValue ?? 0);
			const max = Number(field.typeOptions?.maxValue ?? min + 1000);
			return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
		}
		case 'options':
			return options.length
				? fc.constantFrom(...options.map((o) => o.value))
				: fc.constant(field.default);
		case 'multiOptions':
			return options.length ? fc.subarray(options.map((o) => o.value)) : fc.constant([]);
		case 'dateTime':
			return fc
				.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
				.map((d) => d.toISOString().slice(0, 19));
		case 'json':
			return fc
				.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
				.map((o) => JSON.stringify(o));
		case 'resourceLocator':
			return fc.uuid({ version: 4 }).map((value) => ({ __rl: true, mode: 'id', value }));
		case 'collection':
			return collectionValue(options as Field[], hints, false, ratio);
		case 'fixedCollection': {
			const groups = options as unknown as Array<{ name: string; values: Field[] }>;
			const multiple = Boolean(field.typeOptions?.multipleValues);
			return fc.record(
				Object.fromEntries(
					groups.map((g) => {
						const one = collectionValue(g.values, hints, true, ratio);
						return [g.name, multiple ? fc.array(one, { maxLength: 3 }) : one];
					}),
				),
				{ requiredKeys: [] },
			);
		}
		default:
			return fc.string({ maxLength: 30 });
	}
}

function collectionValue(
	members: Field[],
	hints: Record<string, fc.Arbitrary<unknown>>,
	all = false,
	ratio = 6,
): fc.Arbitrary<IDataObject> {
	const unique = members.filter((m, n) => members.findIndex((o) => o.name === m.name) === n);
	return fc.record(
		Object.fromEntries(unique.map((m) => [m.name, fieldValue(m, hints, ratio)])),
		all ? undefined : { requiredKeys: [] },
	) as fc.Arbitrary<IDataObject>;
}

/** A value as it sits in the node's parameters: good or hostile, JSON only. */
function fieldValue(
	field: Field,
	hints: Record<string, fc.Arbitrary<unknown>>,
	ratio: number,
): fc.Arbitrary<unknown> {
	// n8n's editor stores a fixed collection as {group: [...]} and no expression can replace
	// it; another shape makes n8n's own parameter code throw before any node runs, so hostile
	// values go into its members instead (generated by goodValue's collectionValue).
	if (field.type === 'fixedCollection') return goodValue(field, hints, ratio);
	// A locator is stored as {__rl, mode, value} by n8n's editor: hostile values go inside it.
	const bad =
		field.type === 'resourceLocator'
			? hostile.map((value) => ({ __rl: true, mode: 'id', value }))
			: hostile;
	return fc.oneof(
		{ weight: ratio, arbitrary: goodValue(field, hints, ratio) },
		{ weight: 1, arbitrary: bad },
	);
}

/** A top-level value: typed in, or fed per item through an expression (anything goes). */
type Fed = { kind: 'direct'; value: unknown } | { kind: 'expr'; values: unknown[] };

function topValue(
	field: Field,
	hints: Record<string, fc.Arbitrary<unknown>>,
	items: number,
	ratio: number,
): fc.Arbitrary<Fed> {
	const good = goodValue(field, hints, ratio);
	const perItem = fc.oneof(
		{ weight: Math.max(5, ratio * 2), arbitrary: good },
		{ weight: 1, arbitrary: hostileExpr },
	);
	return fc.oneof(
		{
			weight: 3,
			arbitrary: fieldValue(field, hints, ratio).map((value) => ({ kind: 'direct', value }) as Fed),
		},
		{
			weight:
				field.noDataExpression || ['collection', 'fixedCollection'].includes(field.type) ? 0 : 2,
			arbitrary: fc
				.array(perItem, { minLength: items, maxLength: items })
				.map((values) => ({ kind: 'expr', values }) as Fed),
		},
	);
}

/** The fields shown for this resource and operation (other conditions are left to n8n). */
export function fieldsOf(node: INodeType, resource: string, operation: string): Field[] {
	const seen = new Set<string>(['resource', 'operation']);
	return node.description.properties.filter((p) => {
		if (seen.has(p.name) || p.type === 'notice') return false;
		const show = p.displayOptions?.show ?? {};
		if (show['@tool'] && !show['@tool'].includes(false)) return false;
		if (show.resource && !show.resource.includes(resource)) return false;
		if (show.operation && !show.operation.includes(operation)) return false;
		seen.add(p.name);
		return true;
	});
}

// ---------------------------------------------------------------------------------------
// Answers

export type Answer =
	| { kind: 'good' }
	| { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
	| { kind: 'network'; code: string };

const SERVICE = 'svc says:';
const TEXT_BODIES = ['Bad gateway', '<!DOCTYPE html><html><body>Sign in</body></html>'];

const answer: fc.Arbitrary<Answer> = fc.oneof(
	{ weight: 6, arbitrary: fc.constant({ kind: 'good' } as Answer) },
	{
		weight: 2,
		arbitrary: fc
			.record({
				status: fc.constantFrom(400, 401, 403, 404, 409, 422, 500, 502, 503),
				word: fc.constantFrom('bad agent_id', 'quota', `key ${API_KEY} invalid`),
				form: fc.constantFrom('error', 'detail', 'none'),
			})
			.map(({ status, word, form }) => ({
				kind: 'status' as const,
				status,
				body:
					form === 'error'
						? { error: { code: 'invalid_parameter', message: `${SERVICE} ${word}` } }
						: form === 'detail'
							? { detail: `${SERVICE} ${word}` }
							: {},
				headers: { 'Retry-After': '0' },
			})),
	},
	{
		weight: 1,
		arbitrary: fc.constant({
			kind: 'status',
			status: 429,
			body: { detail: `${SERVICE} slow down` },
			headers: { 'Retry-After': '0' },
		} as Answer),
	},
	{
		weight: 2,
		arbitrary: fc
			.oneof(
				fc.constantFrom<unknown>(
					{},
					[],
					null,
					{ data: null },
					{ data: [null] },
					{ data: {} },
					{ calls: {} },
					{ calls: [null] },
					{ calls: [{}] },
					{ workspace_numbers: [null] },
					{ workspace_users: {} },
					{ campaigns: [null] },
					{ data: { call_id: 42 } },
					...TEXT_BODIES,
				),
				fc.jsonValue({ maxDepth: 3 }),
			)
			.map((body) => ({ kind: 'status' as const, status: 200, body })),
	},
	{
		weight: 1,
		arbitrary: fc.constantFrom(301, 302, 303, 307, 308).map((status) => ({
			kind: 'status' as const,
			status,
			body: '',
			headers: { Location: `${ELSEWHERE}/steal` },
		})),
	},
	{
		weight: 1,
		arbitrary: fc
			.constantFrom('ECONNREFUSED', 'ECONNRESET')
			.map((code) => ({ kind: 'network' as const, code })),
	},
);

// ---------------------------------------------------------------------------------------
// One run

export interface Recorded {
	method: string;
	origin: string;
	path: string;
	headers: Record<string, unknown>;
	body: string;
	answer: Answer;
}

export interface Case {
	fed: Record<string, Fed>;
	items: number;
	continueOnFail: boolean;
	retry: boolean;
	maxTries: number;
	answers: Answer[];
	good: Record<string, unknown>;
	inputs: IDataObject[];
}

export function caseOf(entry: FuzzEntry): fc.Arbitrary<Case> {
	const node = entry.node();
	const fields = fieldsOf(node, entry.resource, entry.operation);
	const hints = entry.good ?? {};
	return fc.integer({ min: 1, max: entry.maxItems ?? 3 }).chain((items) =>
		fc.record({
			fed: fc.record(
				Object.fromEntries(
					fields.map((f) => [f.name, topValue(f, hints, items, entry.goodPerHostile ?? 6)]),
				),
				{
					requiredKeys: fields.filter((f) => f.required).map((f) => f.name),
				},
			) as fc.Arbitrary<Record<string, Fed>>,
			items: fc.constant(items),
			continueOnFail: fc.boolean(),
			retry: fc.oneof(
				{ weight: 4, arbitrary: fc.constant(false) },
				{ weight: 1, arbitrary: fc.constant(true) },
			),
			maxTries: fc.constantFrom(2, 3),
			answers: fc.array(answer, { maxLength: 6 }),
			good: fc.record(
				Object.fromEntries(entry.endpoints.map((e, n) => [String(n), e.good])),
			) as fc.Arbitrary<Record<string, unknown>>,
			inputs: entry.input
				? fc.array(entry.input, { minLength: items, maxLength: items })
				: fc.constant([]),
		}),
	);
}

const CRASH_RE =
	/TypeError|ReferenceError|RangeError|Cannot read|Cannot set|Cannot convert|is not a function|is not iterable|is not defined|URI malformed|\[object Object\]|Maximum call stack|undefined \(reading/;

const EXPLAINED: RegExp[] = [
	/^.+: .+ \[item \d+\]$/s, // a field error, naming the field and the item
	new RegExp(`^${SERVICE}`), // the service's own message
	/^(Invalid parameter|Invalid credentials|Forbidden|Not found|Conflict|Unprocessable request|Too many requests|Request failed with HTTP \d+)$/,
	/^Unexpected answer from the service: /,
	/with a redirect \(HTTP 3\d\d\) to /,
	/^(The connection to the service was refused|The connection to the service was closed before it answered|The service could not be reached)$/,
	/^Refused to send /,
	/^Not run: the batch stopped before this item$/,
	/^An AI agent may not run this operation/,
	...TEXT_BODIES.map((t) => new RegExp(`^${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)),
];

function endpointOf(entry: FuzzEntry, origin: string, method: string, path: string): number {
	const below = path.startsWith(BASE_PATH) ? path.slice(BASE_PATH.length) : '\u0000';
	return entry.endpoints.findIndex(
		(e) =>
			(e.origin ?? ORIGIN) === origin &&
			e.method === method &&
			e.path.test(origin === ORIGIN ? below : path),
	);
}

/** Every origin nock answers for: the API, its endpoints' other hosts, and places to steal to. */
const ORIGINS = [ORIGIN, ELSEWHERE, RECORDINGS, RECORDINGS_CDN, 'http://recordings.example'];

/** Where a redirect of a recording host points: another https host, plain http, or itself. */
function recordingRedirect(origin: string, status: number): string {
	if (status === 301) return 'http://recordings.example/plain.wav';
	if (status === 302 && origin === RECORDINGS) return '/again/rec.wav';
	return `${RECORDINGS_CDN}/moved/rec.wav`;
}

/** Sets nock up as the service, with the case's answers in order, then good answers. */
function serve(entry: FuzzEntry, c: Case): Recorded[] {
	const recorded: Recorded[] = [];
	const queue = [...c.answers];
	const served = new Set(entry.endpoints.map((e) => e.origin ?? ORIGIN));
	for (const origin of ORIGINS) {
		for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
			nock(origin)
				.persist()
				.intercept(/.*/, method)
				.reply(function (_uri, body, callback) {
					const path = this.req.path.split('?')[0];
					let a: Answer =
						served.has(origin) && recorded.length < 3000
							? (queue.shift() ?? { kind: 'good' })
							: { kind: 'status', status: 418, body: { detail: 'fuzz: stop' } };
					// A recording's redirect points where storage hosts point (the API's own
					// redirects keep pointing elsewhere: they must never be followed).
					const e = entry.endpoints[endpointOf(entry, origin, this.req.method, path)];
					if (a.kind === 'status' && a.status >= 300 && a.status < 400 && e?.followsRedirects)
						a = { ...a, headers: { Location: recordingRedirect(origin, a.status) } };
					recorded.push({
						method: this.req.method,
						origin,
						path,
						headers: this.req.headers,
						body: typeof body === 'string' ? body : JSON.stringify(body ?? ''),
						answer: a,
					});
					if (a.kind === 'network') {
						callback(Object.assign(new Error(a.code), { code: a.code }), [0, '']);
						return;
					}
					if (a.kind === 'good') {
						const index = endpointOf(entry, origin, this.req.method, path);
						const good = index >= 0 ? c.good[String(index)] : { message: 'ok' };
						if (Buffer.isBuffer(good)) {
							const type = entry.endpoints[index]?.contentType ?? 'application/zip';
							callback(null, [200, good, { 'Content-Type': type }]);
						} else callback(null, [200, good as nock.Body]);
						return;
					}
					callback(null, [a.status, a.body as nock.Body, a.headers ?? {}]);
				});
		}
	}
	nock.emitter.on('no match', (req: { method?: string; path?: string; hostname?: string }) => {
		recorded.push({
			method: String(req.method),
			origin: `unmatched:${req.hostname}`,
			path: String(req.path),
			headers: {},
			body: '',
			answer: { kind: 'network', code: 'ECONNREFUSED' },
		});
	});
	return recorded;
}

function parameters(
	entry: FuzzEntry,
	c: Case,
): { parameters: IDataObject; items: INodeExecutionData[] } {
	const parameters: IDataObject = { resource: entry.resource, operation: entry.operation };
	const items: INodeExecutionData[] = Array.from({ length: c.items }, (_, i) => ({
		json: { ...c.inputs[i] },
	}));
	let n = 0;
	for (const [name, fed] of Object.entries(c.fed)) {
		if (fed.kind === 'direct') {
			parameters[name] = fed.value as IDataObject[string];
		} else {
			const key = `f${n++}`;
			parameters[name] = `={{ $json.${key} }}`;
			fed.values.forEach((value, i) => {
				items[i].json[key] = value as IDataObject[string];
			});
		}
	}
	Object.assign(parameters, entry.fixed ?? {});
	return { parameters, items };
}

const fail = (problem: string, detail: unknown) => {
	throw new Error(
		`${problem}\n${JSON.stringify(detail, (_k, v) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…` : v), 2)}`,
	);
};

/** Runs one case and checks every guarantee; throws (with the details) when one fails. */
export async function check(entry: FuzzEntry, c: Case): Promise<void> {
	nock.cleanAll();
	nock.emitter.removeAllListeners('no match');
	const recorded = serve(entry, c);
	const { parameters: params, items } = parameters(entry, c);
	let result;
	let timer: NodeJS.Timeout | undefined;
	try {
		result = await Promise.race([
			runNode({
				type: entry.type,
				parameters: params,
				items,
				continueOnFail: c.continueOnFail,
				settings: c.retry ? { retryOnFail: true, maxTries: c.maxTries, waitBetweenTries: 1 } : {},
			}),
			new Promise<never>((_, reject) => {
				timer = setTimeout(
					() =>
						reject(new Error(`run did not finish in 15 s (${recorded.length} requests so far)`)),
					15000,
				);
			}),
		]);
	} catch (error) {
		// n8n itself refuses a workflow whose required field is empty: fine, if nothing was sent.
		if ((error as Error).name !== 'WorkflowHasIssuesError') {
			fail(`the run threw: ${(error as Error).message}`, {
				params,
				items: items.map((i) => i.json),
				answers: recorded.slice(0, 8).map((r) => [r.method, r.path, r.answer]),
			});
		}
		if (recorded.length > 0) fail('n8n refused the workflow, yet a request was sent', recorded);
		return;
	} finally {
		clearTimeout(timer);
		nock.cleanAll();
		nock.emitter.removeAllListeners('no match');
	}
	const { output, error } = result;
	const context = {
		params,
		items: items.map((i) => i.json),
		settings: { cof: c.continueOnFail, retry: c.retry && c.maxTries },
		answers: recorded.map((r) => [r.method, r.path, r.answer]),
		error: error?.message,
		output: output.slice(0, 4).map((o) => o.json),
	};

	// Failures are n8n errors that say what is wrong.
	const errors: Array<{ message: string; description?: unknown; n8n?: boolean }> = [];
	if (error)
		errors.push({
			message: String(error.message),
			description: error.description,
			// n8n stores the error as plain data: its name is what tells n8n's classes apart.
			n8n: ['NodeOperationError', 'NodeApiError'].includes(String(error.name)),
		});
	for (const o of output) {
		if (o.json.error !== undefined)
			errors.push({ message: String(o.json.error), description: o.json.description });
	}
	for (const e of errors) {
		if (error && e === errors[0] && !e.n8n) fail(`crash, not an n8n error: ${e.message}`, context);
		if (CRASH_RE.test(e.message)) fail(`crash: ${e.message}`, context);
		if (
			!EXPLAINED.some((re) => re.test(e.message)) &&
			!(entry.ownErrors ?? []).some((re) => re.test(e.message))
		) {
			fail(`unexplained error: ${e.message}`, context);
		}
	}
	const fieldErrors = errors.filter(
		(e) =>
			/\[item \d+\]$/.test(e.message) &&
			!(entry.afterAnswerErrors ?? []).some((re) => re.test(e.message)),
	);

	// Invalid input sends no request.
	if (c.items === 1 && fieldErrors.length > 0 && recorded.length > 0)
		fail('a field error, yet a request was sent', context);
	if (c.continueOnFail && fieldErrors.length === c.items && recorded.length > 0)
		fail('every item invalid, yet a request was sent', context);

	// One output per item under Continue On Fail.
	if (c.continueOnFail) {
		if (error) fail(`Continue On Fail, yet the node failed: ${error.message}`, context);
		const want = Array.from({ length: c.items }, (_, i) => i);
		if (entry.rows === 'all') {
			const pairs = (output[0]?.pairedItem ?? []) as Array<{ item: number }>;
			if (output.length !== 1 || JSON.stringify(pairs.map((p) => p.item)) !== JSON.stringify(want))
				fail(`one output paired with all ${c.items} item(s) expected`, context);
		}
		const paired = output.map((o) => (o.pairedItem as { item: number } | undefined)?.item);
		if (entry.rows !== 'all' && paired.some((p) => p === undefined || p < 0 || p >= c.items))
			fail('an output without its item', context);
		if (entry.rows === 'all') {
			// Checked above.
		} else if ((entry.rows ?? 'one') === 'one') {
			if (JSON.stringify(paired) !== JSON.stringify(want))
				fail(`outputs ${JSON.stringify(paired)} for ${c.items} item(s)`, context);
		} else {
			for (const i of want) {
				const mine = output.filter((o, n) => paired[n] === i);
				if (mine.some((o) => o.json.error !== undefined) && mine.length !== 1)
					fail(`item ${i}: an error and other outputs`, context);
			}
		}
	}

	// The key goes nowhere but the header to the API origin, and never into outputs or errors.
	for (const r of recorded) {
		const header = r.headers['x-api-key'];
		if (
			r.origin !== ORIGIN &&
			(header !== undefined || JSON.stringify(r.headers).includes(API_KEY))
		)
			fail(`the key went to ${r.origin}`, context);
		const rest = JSON.stringify({
			path: r.path,
			body: r.body,
			headers: { ...r.headers, 'x-api-key': undefined },
		});
		if (rest.includes(API_KEY)) fail('the key is in a request beside its header', context);
	}
	const shown = JSON.stringify({ output: output.map((o) => o.json), errors });
	if (shown.includes(API_KEY) || shown.includes(API_KEY.slice(0, 12)))
		fail('the key is in the output or an error', context);

	// No request leaves its endpoint (nor the origins the operation talks to).
	for (const r of recorded) {
		if (endpointOf(entry, r.origin, r.method, r.path) < 0)
			fail(`${r.method} ${r.origin}${r.path} is not an endpoint of this operation`, context);
	}

	// Requests that act are sent at most once per item, also under n8n's Retry On Fail.
	const acted = recorded.filter((r) => {
		const e = entry.endpoints[endpointOf(entry, r.origin, r.method, r.path)];
		const provedNotDone =
			(r.answer.kind === 'status' && r.answer.status === 429) ||
			(r.answer.kind === 'network' && r.answer.code === 'ECONNREFUSED');
		return e?.acts && !provedNotDone;
	});
	if (entry.rows === 'all') {
		// One result of all items: every acting endpoint is asked once at most.
		const perPath = new Map<string, number>();
		for (const r of acted) perPath.set(r.path, (perPath.get(r.path) ?? 0) + 1);
		for (const [path, n] of perPath) if (n > 1) fail(`${path} acted on ${n} times`, context);
	} else if (acted.length > c.items)
		fail(`${acted.length} acting requests for ${c.items} item(s)`, context);
	// Each row is sent at most once (every attempt, every retry of the node).
	if (entry.rowOf) {
		const perRow = new Map<string, number>();
		for (const r of acted) {
			let parsed: unknown;
			try {
				parsed = JSON.parse(r.body);
			} catch {
				parsed = undefined;
			}
			const row = entry.rowOf(parsed);
			if (row === undefined) fail(`an acting request without its row: ${r.body}`, context);
			else perRow.set(row, (perRow.get(row) ?? 0) + 1);
		}
		for (const [row, n] of perRow) if (n > 1) fail(`${row} sent ${n} times`, context);
	}
}

/** The property for one entry. */
export function property(entry: FuzzEntry) {
	return fc.asyncProperty(caseOf(entry), async (c) => await check(entry, c));
}
