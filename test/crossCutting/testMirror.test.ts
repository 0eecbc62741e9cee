/**
 * Every module has its test where one looks for it: the test of a file of nodes/ is at the path
 * that mirrors it (docs/development.md, Layout):
 *
 *   nodes/shared/<room>/<module>.ts                      -> test/unit/<room>/<module>.test.ts
 *   nodes/<Node>/<module>.ts (node file, trigger parts)  -> test/nodes/<Node>/<module>.test.ts
 *   nodes/<Node>/actions/<resource>/<op>.operation.ts    -> test/nodes/<Node>/<resource>/<op>.test.ts
 *   nodes/<Node>/actions/<resource>/<op>/<job>.ts        -> test/nodes/<Node>/<resource>/<op>/<job>.test.ts
 *   nodes/<Node>/actions/<resource>/<op>/index.ts        -> test/nodes/<Node>/<resource>/<op>.test.ts
 *                                                           (the operation itself, as for a file)
 *
 * `<module>.<aspect>.test.ts` (e.g. `create.sandbox.test.ts`, `callBack.doNotCall.test.ts`)
 * counts as well. A module without one is listed in EXCEPTIONS with the reason, or with the
 * file that covers it; an exception that is no longer needed fails too.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { filesUnder, ROOT } from '../helpers/sources';

/** The test path (without `.test.ts`) that mirrors a module of nodes/. */
export function mirrorOf(module: string): string {
	const shared = /^nodes\/shared\/(.+)\.ts$/.exec(module);
	if (shared) return `test/unit/${shared[1]}`;
	const folderOp = /^nodes\/([^/]+)\/actions\/([^/]+)\/([^/]+)\/index\.ts$/.exec(module);
	if (folderOp) return `test/nodes/${folderOp[1]}/${folderOp[2]}/${folderOp[3]}`;
	const action = /^nodes\/([^/]+)\/actions\/(.+?)(\.operation)?\.ts$/.exec(module);
	if (action) return `test/nodes/${action[1]}/${action[2]}`;
	const node = /^nodes\/([^/]+)\/(.+)\.ts$/.exec(module);
	if (node) return `test/nodes/${node[1]}/${node[2]}`;
	throw new Error(`${module} is not a module of nodes/`);
}

interface Exception {
	/** Modules, each a path or a path with `*` for any part of one name (never across a "/"). */
	modules: string | string[];
	/** Why it has no test of its own, or the file(s) that cover it. */
	reason: string;
	/** Text every module it excuses must contain (what makes the reason true of it). */
	contains?: string;
}

/**
 * Modules without a test at their mirrored path. Keep it short: a new module gets its test at
 * its mirrored path instead of a line here; a reason naming the files that cover a module is
 * for tests that would need a rewrite to be split by module.
 */
export const EXCEPTIONS: Exception[] = [
	// Lists, field descriptions, constants and generated data: no logic of their own.
	{
		modules: 'nodes/*/actions/*/index.ts',
		contains: 'defineResource(',
		reason: 'a resource: it only lists its operation modules; the node description tests cover it',
	},
	{
		modules: [
			'nodes/shared/*/fields.ts',
			'nodes/shared/engine/descriptions.ts',
			'nodes/*/actions/*/*/description.ts',
			'nodes/shared/assistants/events.ts',
		],
		reason:
			'field descriptions (pickers, options, locator modes, Return All / Limit) and the event types with their labels; the node description and panel tests cover them',
	},
	{
		modules: [
			'nodes/shared/engine/zoneNames.ts',
			'nodes/shared/dialling/callee/zoneData.ts',
			'nodes/shared/dialling/callee/phoneData.ts',
		],
		reason:
			'generated data, read through dateTime.ts, zones.ts and phone.ts: test/unit/engine/dateTime.test.ts, test/unit/dialling/callee/zones.test.ts, phone.test.ts',
	},
];

/** A module path with `*` as a pattern. */
const pattern = (glob: string) =>
	new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

/** Whether an exception excuses a module. */
const excuses = (e: Exception, module: string) =>
	[e.modules].flat().some((glob) => pattern(glob).test(module)) &&
	(e.contains === undefined || readFileSync(path.join(ROOT, module), 'utf8').includes(e.contains));

const modules = filesUnder('nodes');
const tests = new Set([...filesUnder('test', '.test.ts')]);

/** The tests that count for a module: `<mirror>.test.ts` or `<mirror>.<aspect>.test.ts`. */
function testsOf(module: string): string[] {
	const mirror = mirrorOf(module);
	const dir = path.posix.dirname(mirror);
	const base = path.posix.basename(mirror);
	return [...tests].filter((test) => {
		if (path.posix.dirname(test) !== dir) return false;
		const name = path.posix.basename(test);
		return (
			name === `${base}.test.ts` || new RegExp(`^${base}\\.[A-Za-z0-9]+\\.test\\.ts$`).test(name)
		);
	});
}

test('the mirror of a module is where the layout says', () => {
	expect(
		[
			'nodes/shared/calls/record.ts',
			'nodes/VoiceAgentCalling/VoiceAgentCalling.node.ts',
			'nodes/VoiceAgentTrigger/campaignCursor.ts',
			'nodes/VoiceAgentCalling/actions/call/get.operation.ts',
			'nodes/VoiceAgentCalling/actions/call/start/batch.ts',
			'nodes/VoiceAgentCalling/actions/call/callBack/index.ts',
			'nodes/VoiceAgentCalling/actions/call/index.ts',
		].map(mirrorOf),
	).toEqual([
		'test/unit/calls/record',
		'test/nodes/VoiceAgentCalling/VoiceAgentCalling.node',
		'test/nodes/VoiceAgentTrigger/campaignCursor',
		'test/nodes/VoiceAgentCalling/call/get',
		'test/nodes/VoiceAgentCalling/call/start/batch',
		'test/nodes/VoiceAgentCalling/call/callBack',
		'test/nodes/VoiceAgentCalling/call/index',
	]);
});

test('every module of nodes/ has a test at its mirrored path, or is an exception', () => {
	const missing = modules
		.filter((module) => testsOf(module).length === 0)
		.filter((module) => !EXCEPTIONS.some((e) => excuses(e, module)))
		.map((module) => `${module} -> ${mirrorOf(module)}.test.ts`);
	expect(missing).toEqual([]);
});

test('every exception still excuses a module without a mirrored test', () => {
	const untested = modules.filter((module) => testsOf(module).length === 0);
	const stale = EXCEPTIONS.flatMap((e) =>
		[e.modules]
			.flat()
			.filter((glob) => !untested.some((module) => excuses({ ...e, modules: glob }, module))),
	);
	expect(stale).toEqual([]);
});

test('every test an exception names exists (a bare name is in the folder of the path before it)', () => {
	const missing = EXCEPTIONS.flatMap(({ reason }) => {
		let dir = '';
		return [...reason.matchAll(/[\w./-]+\.test\.ts\b/g)]
			.map(([name]) => {
				if (name.startsWith('test/')) dir = path.posix.dirname(name);
				return name.startsWith('test/') ? name : `${dir}/${name}`;
			})
			.filter((file) => !existsSync(path.join(ROOT, file)));
	});
	expect(missing).toEqual([]);
});
