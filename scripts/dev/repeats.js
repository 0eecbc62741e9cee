#!/usr/bin/env node
/**
 * Repeat scan: lists every run of 6 or more lines (trimmed; blank lines, comments and
 * imports left out) that appears in two places under nodes/, so logic repeated between
 * operations is noticed and folded into shared/. What it still lists should be n8n
 * boilerplate (description objects, same-shape option lists), not logic.
 *
 *   node scripts/dev/repeats.js [dir] [--min 6]
 */
const fs = require('node:fs');
const path = require('node:path');

const args = process.argv.slice(2);
const minAt = args.indexOf('--min');
const MIN = minAt >= 0 ? Number(args[minAt + 1]) : 6;
const root = args.find((a, k) => !a.startsWith('--') && args[k - 1] !== '--min') ?? 'nodes';

function files(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		if (e.isDirectory()) return files(p);
		return e.name.endsWith('.ts') ? [p] : [];
	});
}

/** The lines that carry code, each with its line number in the file. */
function codeLines(file) {
	const out = [];
	let inComment = false;
	let inImport = false;
	fs.readFileSync(file, 'utf8')
		.split('\n')
		.forEach((raw, n) => {
			const line = raw.trim();
			if (inComment) {
				if (line.includes('*/')) inComment = false;
				return;
			}
			if (line.startsWith('/*')) {
				inComment = !line.includes('*/');
				return;
			}
			if (inImport) {
				if (line.includes(' from ')) inImport = false;
				return;
			}
			if (line.startsWith('import ')) {
				inImport = !line.includes(' from ') && !/^import '/.test(line);
				return;
			}
			// Lines too common to mean anything on their own.
			if (line === '' || line.startsWith('//') || /^[)}\]]*[,;]?$/.test(line)) return;
			out.push({ text: line, line: n + 1 });
		});
	return out;
}

const seen = new Map(); // window text -> [{file, start, end}]
const all = files(root).map((file) => ({ file, lines: codeLines(file) }));
for (const { file, lines } of all) {
	for (let k = 0; k + MIN <= lines.length; k++) {
		const key = lines
			.slice(k, k + MIN)
			.map((l) => l.text)
			.join('\n');
		const at = { file, k, start: lines[k].line, end: lines[k + MIN - 1].line };
		const list = seen.get(key) ?? [];
		// A window that overlaps its own earlier occurrence in the same file is one place.
		if (!list.some((o) => o.file === file && k - o.k < MIN)) list.push(at);
		seen.set(key, list);
	}
}

// Merge overlapping windows of the same pair of places into one reported range.
const ranges = new Map(); // "fileA|fileB" -> [{a:{start,end}, b:{start,end}}]
for (const places of seen.values()) {
	if (places.length < 2) continue;
	const [a, ...rest] = places;
	for (const b of rest) {
		const pair = `${a.file}|${b.file}`;
		const list = ranges.get(pair) ?? [];
		const last = list[list.length - 1];
		if (last && a.start <= last.a.end + 1 && a.k <= last.ak + MIN && b.k <= last.bk + MIN) {
			last.a.end = Math.max(last.a.end, a.end);
			last.b.end = Math.max(last.b.end, b.end);
			last.ak = a.k;
			last.bk = b.k;
		} else {
			list.push({
				a: { start: a.start, end: a.end },
				b: { start: b.start, end: b.end },
				ak: a.k,
				bk: b.k,
			});
		}
		ranges.set(pair, list);
	}
}

let count = 0;
for (const [pair, list] of [...ranges.entries()].sort()) {
	const [fa, fb] = pair.split('|');
	for (const r of list) {
		count++;
		console.log(`${fa}:${r.a.start}-${r.a.end}  =  ${fb}:${r.b.start}-${r.b.end}`);
	}
}
console.log(`${count} repeated run(s) of ${MIN}+ code lines under ${root}/`);
