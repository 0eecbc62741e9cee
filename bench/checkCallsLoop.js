#!/usr/bin/env node
'use strict';

/**
 * The durable wait as this package ships it, in a real n8n against the local sandbox, beside
 * the hand-built loop (bench/waitLoop.js, the baseline): ROWS rows -> Start -> Check Calls; its
 * Pending output through a Wait node (66 s: n8n saves the execution and frees the process)
 * back into it; its Ended output to a No Op.
 *
 *   npm run build && node bench/checkCallsLoop.js 2     n8n 2.x (1 for 1.x); ROWS=1000 RATE=12 MAX_WAIT=12 (minutes)
 *   KILL=1: kill -9 n8n during the second wait, start it again
 *
 * Prints, each time it changes, the execution's status and its stored size (the database's
 * execution_data), the history reads per round as the sandbox served them, then the final size
 * against the size of the outcomes themselves (the Ended items as JSON) and against the whole
 * run's first stored size (the rows and Start's output, stored before any wait).
 */
const path = require('node:path');
const fs = require('node:fs');
const http = require('node:http');
const REPO = path.resolve(__dirname, '..');
const env = require(path.join(REPO, 'scripts/n8n/env.js'));
const { createSandbox } = require(path.join(REPO, 'sandbox'));
const bench = require('./n8nBench');
const major = Number(process.argv[2] || 2);
const ROWS = Number(process.env.ROWS || 1000);
const RATE = Number(process.env.RATE || 12);
const MAX_WAIT = Number(process.env.MAX_WAIT || 12);
const KILL = process.env.KILL === '1';

function workflow() {
	const node = (name, type, typeVersion, x, parameters, extra = {}) => ({
		id: `b${name.replace(/\W/g, '').toLowerCase().padEnd(8, '0').slice(0, 8)}-0000-4000-8000-000000000000`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const credentials = { credentials: { voiceAgentApi: bench.CREDENTIAL } };
	// Numbers by what the sandbox does with them (its last two digits): 13 never picks up
	// (retried twice, then failed), 77 answers the second attempt, 99 is voicemail, the rest
	// answer. Every 25th row is scheduled for later: 100 minutes ahead, every 100th 180.
	const rows = `const special=['13','14','66','77','99'];const kindOf=(i)=>i%20===13?'13':i%10===7?'77':i%50===9?'99':'';
let n=0;const out=[];
for(let i=0;i<${ROWS};i++){const kind=kindOf(i);
while(true){const tail=String(n%100).padStart(2,'0');if(kind?tail===kind:!special.includes(tail))break;n++}
const phone='+1212555'+String(n).padStart(4,'0');n++;
const at=i%25===0?new Date(Date.now()+(i%100===0?180:100)*60000).toISOString():'';
out.push({json:{name:'Person '+i,phone,at,clinic:'Sunrise Clinic',date:'June 6',time:'10:30'}})}
return out;`;
	const loop = bench.checkCallsLoop({
		from: 'Start',
		ended: 'Ended',
		maxWaitMinutes: MAX_WAIT,
		waitSeconds: 66,
		x: 600,
	});
	const link = (to) => [{ node: to, type: 'main', index: 0 }];
	return {
		name: 'bench check calls loop',
		active: false,
		nodes: [
			node('Manual', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('Rows', 'n8n-nodes-base.code', 2, 200, { jsCode: rows }),
			node(
				'Start',
				bench.CALLING,
				1,
				400,
				bench.startParameters({
					variablesMode: 'row',
					variablesExclude: 'name, phone, at',
					callConfig: {
						scheduledAt: '={{ $json.at }}',
						retry: {
							settings: { retry_count: 2, retry_busy: 1, retry_not_picked: 2, retry_failed: 1 },
						},
					},
				}),
				credentials,
			),
			...loop.nodes,
		],
		connections: {
			Manual: { main: [link('Rows')] },
			Rows: { main: [link('Start')] },
			...loop.connections,
		},
		settings: { executionOrder: 'v1' },
	};
}

(async () => {
	// The sandbox's clock runs RATE times as fast as the real one, from now: two hours of
	// calls (retries, scheduled ones) in minutes, while n8n's waits and Max Wait are real.
	const startedAt = Date.now();
	const sandbox = await createSandbox({ port: 0, clock: 'manual', startTime: startedAt, seed: 1 });
	let realThen = Date.now();
	const ticking = setInterval(() => {
		const realNow = Date.now();
		sandbox.advance((realNow - realThen) * RATE);
		realThen = realNow;
	}, 200);
	// n8n talks to the sandbox through this counter of history reads.
	const historyReads = [];
	const target = new URL(sandbox.url);
	const proxy = http.createServer((req, res) => {
		if (req.url.includes('/calling/history')) historyReads.push(Date.now());
		const out = http.request(
			{
				host: target.hostname,
				port: target.port,
				path: req.url,
				method: req.method,
				headers: req.headers,
			},
			(answer) => {
				res.writeHead(answer.statusCode, answer.headers);
				answer.pipe(res);
			},
		);
		out.on('error', () => res.destroy());
		req.pipe(out);
	});
	await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
	const apiUrl = `http://127.0.0.1:${proxy.address().port}${target.pathname}`;
	const started = await bench.startBenchN8n({ major, label: 'check-calls', apiUrl });
	const { n8n, userFolder } = started;
	const e = started.env;
	let { server, rest } = started;
	const { executionId } = await bench.createAndRun(rest, workflow(), 'Manual');
	const execId = Number(executionId);
	const db = path.join(userFolder, '.n8n', 'database.sqlite');
	const t0 = Date.now();
	let last = '';
	let firstStored;
	let stored = 0;
	let status = '';
	let reads = 0;
	let waits = 0;
	let killed = false;
	for (;;) {
		await new Promise((r) => setTimeout(r, 2000));
		const [row] = bench.sqlite(
			db,
			`select e.status, e.waitTill, length(d.data) from execution_entity e join execution_data d on d.executionId=e.id where e.id=${execId}`,
		);
		if (!row) continue;
		[status, , stored] = row;
		const line = `${row[0]} ${row[1] ?? ''} ${row[2]}`;
		if (line !== last) {
			if (status === 'waiting' && firstStored === undefined) firstStored = stored;
			console.log(
				`${((Date.now() - t0) / 1000).toFixed(0)} s: status ${row[0]}, waitTill ${row[1] ?? '-'}, stored ${row[2]} bytes, history reads since last line ${historyReads.length - reads}`,
			);
			reads = historyReads.length;
			last = line;
			if (status === 'waiting') waits++;
		}
		if (KILL && !killed && waits === 2) {
			// In the middle of the wait, as a crash would: no shutdown, nothing saved.
			killed = true;
			const exited = new Promise((resolve) => server.child.once('exit', resolve));
			process.kill(server.child.pid, 'SIGKILL');
			await exited;
			console.log(`${((Date.now() - t0) / 1000).toFixed(0)} s: n8n killed (-9); starting it again`);
			server = await env.startN8n(n8n, e, {});
			rest = env.restClient(Number(e.N8N_PORT));
			await rest.ownerLogin();
			console.log(`${((Date.now() - t0) / 1000).toFixed(0)} s: n8n up again`);
		}
		if (['success', 'error', 'crashed', 'canceled'].includes(status)) break;
		if (Date.now() - t0 > 60 * 60_000) break;
	}
	const { data: parsed } = await bench.runDataOf(rest, n8n, execId);
	const runs = parsed.resultData.runData['Check Calls'];
	const ended = runs.flatMap((r) => (r.data.main[0] ?? []).map((i) => i.json));
	const ids = new Set(ended.map((o) => o.call_id));
	const outcomes = JSON.stringify(ended).length;
	const records = JSON.stringify(ended.map(({ row, ...record }) => record)).length;
	for (const [n, r] of runs.entries()) {
		const pending = r.data.main[1]?.[0]?.json;
		console.log(
			`round ${n + 1}: ${(r.data.main[0] ?? []).length} ended, ${pending ? pending.pending_count : 0} pending`,
		);
	}
	const dialled = new Set(sandbox.ledger.map((entry) => entry.mobile_number));
	const byOutcome = {};
	for (const o of ended) byOutcome[o.outcome] = (byOutcome[o.outcome] ?? 0) + 1;
	console.log(
		`status ${status}; ${runs.length} rounds; ${ended.length} outcomes (${ids.size} calls, ${ended.filter((o) => o.timed_out).length} timed out) ${JSON.stringify(byOutcome)}; dials ${sandbox.ledger.length} to ${dialled.size} numbers; sandbox clock ran ${((sandbox.now() - startedAt) / 60000).toFixed(0)} min`,
	);
	console.log(`the outcomes' records without their rows: ${records} bytes as JSON`);
	console.log(
		`outcomes ${outcomes} bytes as JSON; stored execution ${stored} bytes: ${(stored / outcomes).toFixed(2)} x the outcomes; before the first wait ${firstStored} bytes; the rounds added ${stored - firstStored} bytes (${((stored - firstStored) / outcomes).toFixed(2)} x the outcomes); history reads ${historyReads.length} in all`,
	);
	await server.stop();
	clearInterval(ticking);
	proxy.close();
	await sandbox.close();
	fs.rmSync(userFolder, { recursive: true, force: true });
	process.exit(0);
})().catch(async (error) => {
	console.error(error);
	await env.stopChildren();
	process.exit(1);
});
