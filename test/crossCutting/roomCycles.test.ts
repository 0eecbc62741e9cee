/**
 * The layout's import rules, read from the sources: the rooms of nodes/shared/ (a room is a
 * folder of it: engine, http, calls, …; a folder inside a room, such as dialling/callee/, is a
 * room of its own) never import each other in a circle, so each room can be read knowing only
 * the rooms below it; nodes/shared/ knows nothing of any one node; and a node folder imports
 * from nodes/shared/ and from itself, never from another node's folder.
 */
import path from 'node:path';

import { filesUnder, relativeImports } from '../helpers/sources';

const SHARED = 'nodes/shared';

/** A shared file's room: its folder below nodes/shared ("engine", "dialling/callee"). */
const roomOf = (file: string) => path.posix.dirname(file).slice(SHARED.length + 1);

/** The folder of nodes/ a file is in ("shared", "VoiceAgentCalling"), or undefined. */
const nodeFolderOf = (file: string) => /^nodes\/([^/]+)\//.exec(file)?.[1];

/** Every import edge between files of nodes/. */
function fileEdges(): Array<[from: string, to: string]> {
	return filesUnder('nodes').flatMap((file) =>
		relativeImports(file).map((to) => [file, to] as [string, string]),
	);
}

/** The import cycles of a graph: each strongly connected part of two or more members, sorted. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const parts: string[][] = [];
	const visit = (v: string) => {
		index.set(v, counter);
		low.set(v, counter++);
		stack.push(v);
		onStack.add(v);
		for (const w of graph.get(v) ?? []) {
			if (!index.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v)!, low.get(w)!));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
		}
		if (low.get(v) === index.get(v)) {
			const part: string[] = [];
			let w: string;
			do {
				w = stack.pop()!;
				onStack.delete(w);
				part.push(w);
			} while (w !== v);
			if (part.length > 1) parts.push(part.sort());
		}
	};
	for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
	return parts.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Room -> the rooms it imports, with the file edges that make each room edge. */
function roomGraph() {
	const graph = new Map<string, Set<string>>();
	const why = new Map<string, string[]>();
	for (const [from, to] of fileEdges()) {
		if (!from.startsWith(`${SHARED}/`) || !to.startsWith(`${SHARED}/`)) continue;
		const [a, b] = [roomOf(from), roomOf(to)];
		if (!graph.has(a)) graph.set(a, new Set());
		if (a === b) continue;
		graph.get(a)!.add(b);
		why.set(`${a} -> ${b}`, [...(why.get(`${a} -> ${b}`) ?? []), `${from} -> ${to}`]);
	}
	return { graph, why };
}

test('the cycle finder finds a circle of rooms and nothing in a layered graph', () => {
	const g = (edges: string[]) => {
		const graph = new Map<string, Set<string>>();
		for (const e of edges) {
			const [a, b] = e.split('>');
			graph.set(a, (graph.get(a) ?? new Set()).add(b));
			if (!graph.has(b)) graph.set(b, new Set());
		}
		return graph;
	};
	expect(cyclesOf(g(['calls>http', 'http>engine', 'calls>engine']))).toEqual([]);
	expect(cyclesOf(g(['calls>http', 'http>engine', 'engine>calls', 'x>engine']))).toEqual([
		['calls', 'engine', 'http'],
	]);
});

test('the imports are read from every kind of import statement (the reader sees the known edges)', () => {
	const { graph } = roomGraph();
	// Multi-line and type-only imports included: http reads the engine's parameter readers,
	// every area room uses both.
	expect([...graph.keys()].sort()).toEqual(
		expect.arrayContaining(['assistants', 'calls', 'campaigns', 'engine', 'http', 'workspace']),
	);
	expect([...graph.get('http')!]).toContain('engine');
	expect([...graph.get('calls')!]).toEqual(expect.arrayContaining(['engine', 'http']));
});

test('every relative import of nodes/ names a file', () => {
	expect(fileEdges().filter(([, to]) => to.startsWith('?'))).toEqual([]);
});

test('no two rooms of nodes/shared import each other, directly or in a circle', () => {
	const { graph, why } = roomGraph();
	const report = cyclesOf(graph).map((cycle) => ({
		rooms: cycle,
		edges: [...why.entries()]
			.filter(
				([edge]) => cycle.includes(edge.split(' -> ')[0]) && cycle.includes(edge.split(' -> ')[1]),
			)
			.flatMap(([, files]) => files),
	}));
	expect(report).toEqual([]);
});

test('nodes/shared imports no node folder, and a node folder no other node folder', () => {
	const crossings = fileEdges().filter(([from, to]) => {
		const [a, b] = [nodeFolderOf(from), nodeFolderOf(to)];
		return b !== undefined && b !== 'shared' && a !== b;
	});
	expect(crossings.map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
});

test('dialling/ may read calls with calls/ readers; calls/ (reading calls only) never imports dialling/', () => {
	const edges = fileEdges().filter(
		([from, to]) => from.startsWith(`${SHARED}/calls/`) && to.startsWith(`${SHARED}/dialling/`),
	);
	expect(edges.map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
	// The rule bites: the dialling room is there, and something dials from it.
	const { graph } = roomGraph();
	expect([...graph.keys()]).toEqual(expect.arrayContaining(['dialling', 'dialling/callee']));
});
