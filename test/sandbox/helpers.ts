import { inflateRawSync } from 'node:zlib';
import nock from 'nock';

import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

export const AGENT_1 = 'a1a1a1a1-0000-4000-8000-000000000001';
export const AGENT_2 = 'a1a1a1a1-0000-4000-8000-000000000002';
export const AGENT_3 = 'a1a1a1a1-0000-4000-8000-000000000003';
/** The seeded assistant in an A/B test, and its versions (1: control, 2: discount). */
export const AGENT_AB = 'a1a1a1a1-0000-4000-8000-000000000005';
export const abVersion = (n: number) => `a7a7a7a7-0000-4000-8000-00000000000${n}`;
export const VOICE_ARIA = 'b2b2b2b2-0000-4000-8000-000000000001';
export const VOICE_KABIR = 'b2b2b2b2-0000-4000-8000-000000000002';
export const VOICE_ROHAN = 'b2b2b2b2-0000-4000-8000-000000000005';
export const NUMBER_1 = 'c3c3c3c3-0000-4000-8000-000000000001';
export const NUMBER_3 = 'c3c3c3c3-0000-4000-8000-000000000003';
export const LIST_1 = 'f6f6f6f6-0000-4000-8000-000000000001';
export const KB_1 = '0a0a0a0a-0000-4000-8000-000000000001';
export const KB_2 = '0a0a0a0a-0000-4000-8000-000000000002';
export const FROM = '+14155550100';
export const UNKNOWN_UUID = '99999999-0000-4000-8000-000000000000';

export interface Answer<T = any> {
	status: number;
	headers: Headers;
	body: T;
}

/** A client bound to one sandbox, sending the current key unless told otherwise. */
export function client(sb: Sandbox) {
	async function call<T = any>(
		method: string,
		path: string,
		options: { body?: unknown; key?: string | null; headers?: Record<string, string> } = {},
	): Promise<Answer<T>> {
		const headers: Record<string, string> = { ...options.headers };
		const key = options.key === undefined ? sb.apiKey : options.key;
		if (key !== null) headers['X-API-KEY'] = key;
		let payload: string | undefined;
		if (options.body !== undefined) {
			headers['Content-Type'] ??= 'application/json';
			payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		}
		const res = await fetch(sb.url + path, { method, headers, body: payload });
		const type = res.headers.get('content-type') ?? '';
		const body = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
		return { status: res.status, headers: res.headers, body: body as T };
	}
	return {
		call,
		get: <T = any>(path: string, options?: Parameters<typeof call>[2]) =>
			call<T>('GET', path, options),
		post: <T = any>(path: string, body?: unknown, options?: Parameters<typeof call>[2]) =>
			call<T>('POST', path, { ...options, body }),
		patch: <T = any>(path: string, body?: unknown, options?: Parameters<typeof call>[2]) =>
			call<T>('PATCH', path, { ...options, body }),
		del: <T = any>(path: string, options?: Parameters<typeof call>[2]) =>
			call<T>('DELETE', path, options),
	};
}

export type Client = ReturnType<typeof client>;

/** A request to a control endpoint under /__sandbox/ (no key), with its JSON answer. */
export async function control(sb: Sandbox, method: string, path: string, body?: unknown) {
	const res = await fetch(`${sb.origin}/__sandbox/${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	return { status: res.status, body: (await res.json()) as any };
}

/** The active version of a plain assistant as GET /agent/{id} shows it (live shape). */
export async function activeVersion(api: Client, agentId: string): Promise<any> {
	const agent = (await api.get(`/agent/${agentId}`)).body.agents;
	return agent.version_details[agent.active_agent_version_id];
}

/**
 * These tests talk to a real server on 127.0.0.1. The suite-wide setup puts nock in front of
 * every request; take it out of the way so dropped and refused connections are the real thing.
 */
export function useRealNetwork() {
	beforeAll(() => {
		nock.restore();
	});
}

export async function startSandbox(options: SandboxOptions = {}) {
	const sb = await createSandbox({ clock: 'manual', ...options });
	return { sb, api: client(sb) };
}

/** A valid start-call body; fields can be overridden or removed (undefined). */
export function callBody(over: Record<string, unknown> = {}) {
	const body: Record<string, unknown> = {
		name: 'Zoe Quinn',
		mobile_number: '+14155552000',
		agent_id: AGENT_1,
		from_number: FROM,
		custom_args_values: { clinic: 'Sunrise Dental', date: 'June 9', time: '9:30 AM' },
		...over,
	};
	for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
	return body;
}

/** The files of a ZIP archive, read from its central directory. */
export function unzip(zip: Buffer): Record<string, Buffer> {
	const files: Record<string, Buffer> = {};
	const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (end < 0) throw new Error('no end of central directory');
	const count = zip.readUInt16LE(end + 10);
	let p = zip.readUInt32LE(end + 16);
	for (let i = 0; i < count; i++) {
		if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central header');
		const method = zip.readUInt16LE(p + 10);
		const size = zip.readUInt32LE(p + 20);
		const nameLength = zip.readUInt16LE(p + 28);
		const extra = zip.readUInt16LE(p + 30);
		const comment = zip.readUInt16LE(p + 32);
		const local = zip.readUInt32LE(p + 42);
		const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
		if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
		const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
		const data = zip.subarray(start, start + size);
		files[name] = method === 8 ? inflateRawSync(data) : Buffer.from(data);
		p += 46 + nameLength + extra + comment;
	}
	return files;
}

/** RFC 4180 CSV -> rows of cells; lines may also end in LF alone (n8n's Convert to File). */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const ch = text[i];
		if (quoted) {
			if (ch === '"' && text[i + 1] === '"') {
				cell += '"';
				i++;
			} else if (ch === '"') quoted = false;
			else cell += ch;
		} else if (ch === '"') quoted = true;
		else if (ch === ',') {
			row.push(cell);
			cell = '';
		} else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
			row.push(cell);
			rows.push(row);
			row = [];
			cell = '';
			if (ch === '\r') i++;
		} else cell += ch;
	}
	if (cell !== '' || row.length) {
		row.push(cell);
		rows.push(row);
	}
	return rows;
}
