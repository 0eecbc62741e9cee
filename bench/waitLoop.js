#!/usr/bin/env node
'use strict';

/**
 * The loop users build by hand today to wait for many calls (issue: a durable wait), in a real
 * n8n, and what n8n stores of it: a Code node "checks" the open calls (PER_ROUND of them end
 * each round) and outputs the ended ones plus one item holding the rest, a Filter sends that
 * item to a Wait node (66 s: n8n saves the execution and frees the process) and back.
 *
 *   node bench/waitLoop.js 2          n8n 2.x (1 for 1.x); ROWS=1000 PER_ROUND=200
 *
 * Prints, each time it changes, the execution's status and the size of its stored data (the
 * database's execution_data), then the final size against the size of the outcomes alone: the
 * baseline a durable wait of this package must beat (a Code node's items are copies, so its
 * pending item is written again every round).
 */
const path = require('node:path');
const fs = require('node:fs');
const REPO = path.resolve(__dirname, '..');
const env = require(path.join(REPO, 'scripts/n8n/env.js'));
const bench = require('./n8nBench');
const major = Number(process.argv[2] || 2);
const ROWS = Number(process.env.ROWS || 1000);
const PER_ROUND = Number(process.env.PER_ROUND || 200);

/** The hand-built loop: rows, a Code node that checks them, a Filter and a Wait back. */
function loopWorkflow() {
	const make = `const out=[];for(let i=0;i<${ROWS};i++)out.push({json:{call_id:'00000000-0000-4000-8000-'+String(i).padStart(12,'0'),agent_id:'aaaaaaaa-0000-4000-8000-000000000001',created_at:'2026-11-29T12:00:00.000Z',row:{name:'Person '+i,phone:'+1415555'+(1000+i),plan:'gold',city:'San Francisco',note:'renewal due'}}});return out;`;
	const check = `const items=$input.all();let pending;let round;
if(items.length===1&&items[0].json.pending){pending=items[0].json.pending;round=items[0].json.rounds+1}else{pending=items.map(i=>i.json);round=1}
const ended=pending.slice(0,${PER_ROUND});const rest=pending.slice(${PER_ROUND});
const out=ended.map(c=>({json:{kind:'ended',call_id:c.call_id,outcome:'answered',summary:'The callee agreed to renew.',row:c.row}}));
if(rest.length)out.push({json:{kind:'pending',rounds:round,deadline:'2026-11-29T14:00:00Z',pending:rest}});
return out;`;
	return {
		name: 'wait loop',
		active: false,
		nodes: [
			{
				id: 'a',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'b',
				name: 'Rows',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: { jsCode: make },
			},
			{
				id: 'c',
				name: 'Check',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [400, 0],
				parameters: { jsCode: check },
			},
			{
				id: 'd',
				name: 'Pending?',
				type: 'n8n-nodes-base.filter',
				typeVersion: 2,
				position: [600, 0],
				parameters: {
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
						conditions: [
							{
								id: 'x',
								leftValue: '={{ $json.kind }}',
								rightValue: 'pending',
								operator: { type: 'string', operation: 'equals' },
							},
						],
						combinator: 'and',
					},
					options: {},
				},
			},
			{
				id: 'e',
				name: 'Wait',
				type: 'n8n-nodes-base.wait',
				typeVersion: 1.1,
				position: [800, 0],
				webhookId: 'f0f0f0f0-0000-4000-8000-000000000001',
				parameters: { amount: 66, unit: 'seconds' },
			},
		],
		connections: {
			Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: 'Check', type: 'main', index: 0 }]] },
			Check: { main: [[{ node: 'Pending?', type: 'main', index: 0 }]] },
			'Pending?': { main: [[{ node: 'Wait', type: 'main', index: 0 }]] },
			Wait: { main: [[{ node: 'Check', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Prints the execution's status and stored size each time they change, until it ends (or 20
 * minutes pass); returns the last line read.
 * @param {string} db @param {string | number} execId
 */
async function watch(db, execId) {
	const t0 = Date.now();
	let last = '';
	for (;;) {
		await new Promise((r) => setTimeout(r, 3000));
		const [row] = bench.sqlite(
			db,
			`select e.status, e.waitTill, length(d.data) from execution_entity e join execution_data d on d.executionId=e.id where e.id=${Number(execId)}`,
		);
		if (!row) continue;
		const line = `${row[0]} ${row[1] ?? ''} ${row[2]}`;
		if (line !== last) {
			console.log(
				`${((Date.now() - t0) / 1000).toFixed(0)} s: status ${row[0]}, waitTill ${row[1] ?? '-'}, stored ${row[2]} bytes`,
			);
			last = line;
		}
		if (['success', 'error', 'crashed', 'canceled'].includes(row[0])) break;
		if (Date.now() - t0 > 20 * 60_000) break;
	}
	return last;
}

(async () => {
	const { userFolder, server, rest } = await bench.startBenchN8n({ major, label: 'wl' });
	const { executionId: execId } = await bench.createAndRun(rest, loopWorkflow(), 'Start');
	const last = await watch(path.join(userFolder, '.n8n', 'database.sqlite'), execId);
	const outcomes = [];
	for (let i = 0; i < ROWS; i++)
		outcomes.push({
			json: {
				kind: 'ended',
				call_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
				outcome: 'answered',
				summary: 'The callee agreed to renew.',
				row: {
					name: `Person ${i}`,
					phone: `+1415555${1000 + i}`,
					plan: 'gold',
					city: 'San Francisco',
					note: 'renewal due',
				},
			},
		});
	const size = JSON.stringify(outcomes).length;
	const stored = Number(last.split(' ').pop());
	console.log(
		`${ROWS} outcomes: ${size} bytes as JSON; stored execution ${stored} bytes, ${(stored / size).toFixed(2)} x`,
	);
	await server.stop();
	fs.rmSync(userFolder, { recursive: true, force: true });
	process.exit(0);
})().catch(async (e) => {
	console.error(e);
	// The n8n it started, if any, stops with it.
	await env.stopChildren();
	process.exit(1);
});
