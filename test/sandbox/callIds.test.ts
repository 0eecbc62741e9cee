/**
 * Call ids differ from one start of the sandbox to the next (`npm run sandbox`, `npm run dev`):
 * n8n keeps its memory across a restart, and an id made again would be taken for a call
 * already seen (the Webhook Trigger would start nothing). A seed asked for fixes them, for
 * tests; everything else stays seeded either way.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { AGENT_1, callBody, startSandbox, useRealNetwork } from './helpers';

useRealNetwork();

const CLI = path.resolve(__dirname, '../../sandbox/cli.js');
const KEY = 'sandbox-key-0000';

/** Starts the CLI, places one call, stops it: the call's id and the first history row's. */
async function oneStart(args: string[]): Promise<{ call: string; seeded: string }> {
	const child = spawn(process.execPath, [CLI, '--port', '0', '--quiet', ...args], {
		env: { PATH: process.env.PATH },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	try {
		const base = await new Promise<string>((resolve, reject) => {
			let out = '';
			child.stdout.on('data', (c) => {
				out += c;
				const m = /Base URL: (\S+)/.exec(out);
				if (m) resolve(m[1]);
			});
			child.on('exit', (code) => reject(new Error(`sandbox exited ${code}: ${out}`)));
		});
		const headers = { 'X-API-KEY': KEY, 'Content-Type': 'application/json' };
		const placed = await fetch(`${base}/calling/outbound/individual`, {
			method: 'POST',
			headers,
			body: JSON.stringify(callBody()),
		});
		const call = ((await placed.json()) as any).data.call_id as string;
		const q = new URLSearchParams({
			agent_id: AGENT_1,
			start_date: '2000-01-01T00:00:00Z',
			end_date: '2100-01-01T00:00:00Z',
			limit: '100',
		});
		const history = (await (
			await fetch(`${base}/calling/history?${q}`, { headers })
		).json()) as any;
		const seeded = (history.calls as Array<{ id: string }>).find((c) => c.id !== call)?.id ?? '';
		return { call, seeded };
	} finally {
		child.kill('SIGTERM');
		await new Promise((r) => child.once('exit', r));
	}
}

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('two starts without a seed make different ids; with one, the same', async () => {
	const [a, b] = [await oneStart([]), await oneStart([])];
	expect(a.call).toMatch(UUID4);
	expect(b.call).toMatch(UUID4);
	expect(a.call).not.toBe(b.call);
	expect(a.seeded).not.toBe(b.seeded);
	const [c, d] = [await oneStart(['--seed', '1']), await oneStart(['--seed', '1'])];
	expect(c).toEqual(d);
});

test('a salt keeps ids distinct and version 4; without one they are as seeded', async () => {
	const ids = async (idSalt?: string) => {
		const { sb } = await startSandbox({ seed: 7, idSalt });
		const made = Array.from({ length: 200 }, () => sb.store.newId());
		await sb.close();
		return made;
	};
	const [plain, again, salted] = [await ids(), await ids(), await ids('0123456789ab')];
	expect(again).toEqual(plain);
	expect(new Set(salted).size).toBe(200);
	for (const [i, id] of salted.entries()) {
		expect(id).toMatch(UUID4);
		expect(id).not.toBe(plain[i]);
		expect(id.slice(14)).toBe(plain[i].slice(14));
	}
});
