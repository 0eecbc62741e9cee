/**
 * docs/development.md names what exists: its Layout lists every room of nodes/shared (one line
 * each, in an order where a room imports only the rooms above it) and every folder of the
 * repository with each kind of script, and every file it names (a room's modules, a big
 * operation's jobs, a path of the repository, a test) exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { filesUnder, relativeImports, ROOT } from '../helpers/sources';

const DOC = readFileSync(path.join(ROOT, 'docs/development.md'), 'utf8');
const SHARED = 'nodes/shared';

/** The code block of the Layout section. */
const layout = (() => {
	const section = DOC.slice(DOC.indexOf('\n## Layout\n'));
	const start = section.indexOf('```\n') + 4;
	return section.slice(start, section.indexOf('```', start));
})();

/** The room lines under `nodes/shared/` in the Layout: room -> its text, in the doc's order. */
function docRooms(): Map<string, string> {
	const lines = layout.split('\n');
	const rooms = new Map<string, string>();
	let top = '';
	for (const line of lines.slice(lines.findIndex((l) => l.startsWith(`${SHARED}/`)) + 1)) {
		if (!line.startsWith(' ')) break;
		const m = /^( +)([A-Za-z]+)\/ {2,}(.*)$/.exec(line);
		if (!m) continue;
		const room = m[1].length > 2 ? `${top}/${m[2]}` : m[2];
		if (m[1].length === 2) top = m[2];
		rooms.set(room, m[3]);
	}
	return rooms;
}

/** Every folder under nodes/shared that holds a module, as a room name ("dialling/callee"). */
function codeRooms(): string[] {
	return [...new Set(filesUnder(SHARED).map((f) => path.posix.dirname(f).slice(SHARED.length + 1)))]
		.filter((room) => room !== '')
		.sort();
}

/** The "- `room/`: …" paragraphs after the Layout block: room -> its text. */
function roomNotes(): Map<string, string> {
	const notes = new Map<string, string>();
	for (const [, room, text] of DOC.matchAll(/^- `([\w/]+)\/`: ((?:.+\n)+?)(?=- `|\n)/gm)) {
		notes.set(room, text);
	}
	return notes;
}

const tsNames = (text: string) => [...text.matchAll(/\b(\w+)\.ts\b/g)].map((m) => `${m[1]}.ts`);

test('the Layout lists every room of nodes/shared, and only rooms that exist', () => {
	expect([...docRooms().keys()].sort()).toEqual(codeRooms());
});

test('each room imports only the rooms listed above it', () => {
	const order = [...docRooms().keys()];
	const wrong: string[] = [];
	for (const file of filesUnder(SHARED)) {
		const room = path.posix.dirname(file).slice(SHARED.length + 1);
		for (const target of relativeImports(file).filter((t) => t.startsWith(`${SHARED}/`))) {
			const other = path.posix.dirname(target).slice(SHARED.length + 1);
			if (other !== room && order.indexOf(other) > order.indexOf(room)) {
				wrong.push(`${file} -> ${target}`);
			}
		}
	}
	expect(wrong).toEqual([]);
});

test("every module a room's line or notes name is in that room", () => {
	const missing: string[] = [];
	const rooms = docRooms();
	for (const [room, text] of [...rooms, ...roomNotes()]) {
		for (const name of tsNames(text)) {
			if (!existsSync(path.join(ROOT, SHARED, room, name))) missing.push(`${room}/${name}`);
		}
	}
	expect(roomNotes().size).toBeGreaterThan(0);
	expect(missing).toEqual([]);
});

test('every job the Layout lists of a big operation (actions/<resource>/<op>/: …) exists', () => {
	const nodeFolders = readdirSync(path.join(ROOT, 'nodes')).filter((d) => d !== 'shared');
	const missing: string[] = [];
	const flat = layout.replace(/\n +/g, ' ');
	for (const [, folder, list] of flat.matchAll(/(actions\/[\w/]+\/): ([\w, ]+)/g)) {
		for (const job of list.split(',').map((j) => j.trim())) {
			const found = nodeFolders.some((node) =>
				existsSync(path.join(ROOT, 'nodes', node, folder, `${job}.ts`)),
			);
			if (!found) missing.push(`${folder}${job}.ts`);
		}
	}
	expect(flat).toContain('actions/call/start/:');
	expect(missing).toEqual([]);
});

test('every path of the repository and every test the document names exists', () => {
	const tests = new Set(filesUnder('test', '.test.ts').map((f) => path.posix.basename(f)));
	const missing = [...DOC.matchAll(/`([^`\s]+)`/g)]
		.map((m) => m[1])
		.filter((name) => !/[<*{]/.test(name))
		.filter((name) => {
			if (
				/^(test|nodes|scripts|lib|docs|sandbox|credentials|examples|bench|icons|\.ci|\.github)\//.test(
					name,
				)
			)
				return !existsSync(path.join(ROOT, name));
			if (/^[\w.]+\.test\.ts$/.test(name)) return !tests.has(name);
			return false;
		});
	expect(missing).toEqual([]);
});

/** Folders of a checkout that are not the repository's: installs, builds, caches. */
const NOT_OURS = new Set(['node_modules', 'dist', 'coverage']);

test('the Layout gives every folder of the repository a line, and scripts/ only kinds', () => {
	const dirs = (rel: string) =>
		readdirSync(path.join(ROOT, rel), { withFileTypes: true })
			.filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_OURS.has(e.name))
			.map((e) => `${rel ? `${rel}/` : ''}${e.name}/`);
	const heads = layout.split('\n').filter((line) => /^\S/.test(line));
	const missing = [...dirs(''), ...dirs('scripts')].filter(
		(folder) => !heads.some((line) => line.startsWith(folder)),
	);
	expect(missing).toEqual([]);
	const loose = readdirSync(path.join(ROOT, 'scripts'), { withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => e.name);
	expect(loose).toEqual([]);
});
