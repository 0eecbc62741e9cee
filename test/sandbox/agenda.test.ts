/**
 * The sandbox's indexes, which let a week of 70,000 calls run on the manual clock in minutes,
 * give what the scans they replace gave: the next opening of a daily window (a jump, not a
 * walk minute by minute), the call due next (a heap, not a scan of every live call), and a
 * history read's rows (by assistant and time, not a sort of every call).
 */
import fc from 'fast-check';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { inWindow, nextInWindow } = require('../../sandbox/lib/util');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CallAgenda } = require('../../sandbox/lib/agenda');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CallIndex } = require('../../sandbox/lib/callIndex');

interface Window {
	start: string;
	end: string;
	zone: string;
}

/** The walk nextInWindow replaced: minute by minute until the window holds. */
function walked(w: Window, ms: number): number {
	if (inWindow(w, ms)) return ms;
	let t = Math.ceil(ms / 60000) * 60000;
	for (let i = 0; i < 3 * 24 * 60; i++, t += 60000) if (inWindow(w, t)) return t;
	return ms;
}

const hhmm = fc
	.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 59))
	.map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
// Zones with clock changes (half-hour ones too) and without; instants around the changes of 2025.
const zone = fc.constantFrom(
	'America/New_York',
	'America/St_Johns',
	'Europe/London',
	'Australia/Lord_Howe',
	'America/Santiago',
	'Asia/Kolkata',
	'UTC',
	'Pacific/Chatham',
);
const instant = fc.oneof(
	fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2026-01-01T00:00:00Z') }),
	fc
		.constantFrom(
			'2025-03-09T06:00:00Z',
			'2025-11-02T05:00:00Z',
			'2025-03-30T00:30:00Z',
			'2025-04-05T14:00:00Z',
			'2025-10-05T01:00:00Z',
		)
		.chain((at) =>
			fc.integer({ min: -36 * 3600000, max: 36 * 3600000 }).map((d) => Date.parse(at) + d),
		),
);

test('nextInWindow is the first minute inside the window, as the minute walk finds it', () => {
	fc.assert(
		fc.property(hhmm, hhmm, zone, instant, (start, end, z, ms) => {
			const w = { start, end, zone: z };
			expect(nextInWindow(w, ms)).toBe(walked(w, ms));
		}),
		{ numRuns: 200 },
	);
});

interface Call {
	seq: number;
	next_event_at: number | null;
	created_at: number;
	agent: { id: string };
	agendaTicket?: number;
}

test('the agenda gives calls in the order a scan of every live call gave, through later moves and withdrawals', () => {
	const op = fc.oneof(
		fc.record({ kind: fc.constant('add' as const), call: fc.nat(9), at: fc.nat(50) }),
		fc.record({ kind: fc.constant('move' as const), call: fc.nat(9), at: fc.nat(50) }),
		fc.record({ kind: fc.constant('delete' as const), call: fc.nat(9) }),
	);
	fc.assert(
		fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
			const calls: Call[] = Array.from({ length: 10 }, (_, seq) => ({
				seq,
				next_event_at: null,
				created_at: 0,
				agent: { id: 'a' },
			}));
			const agenda = new CallAgenda();
			const live = new Set<Call>();
			for (const o of ops) {
				const call = calls[o.call];
				if (o.kind === 'delete') {
					call.next_event_at = null;
					agenda.delete(call);
					live.delete(call);
				} else if (o.kind === 'add') {
					call.next_event_at = o.at;
					agenda.add(call);
					live.add(call);
				} else if (call.next_event_at !== null) {
					// A move later without filing it again: the agenda still finds it, at its new instant.
					call.next_event_at += o.at;
				}
			}
			const scanned = [...live]
				.filter((c) => c.next_event_at !== null)
				.sort((a, b) => a.next_event_at! - b.next_event_at! || a.seq - b.seq);
			expect(agenda.first() ?? null).toBe(scanned[0] ?? null);
		}),
		{ numRuns: 300 },
	);
});

test('the index gives a history read the calls a sort of every call gave', () => {
	const call = fc.record({ created_at: fc.nat(20), agent: fc.constantFrom('a', 'b', 'c') });
	const bound = fc.option(fc.nat(20), { nil: undefined });
	fc.assert(
		fc.property(
			fc.array(call, { maxLength: 40 }),
			bound,
			bound,
			fc.subarray(['a', 'b', 'c', 'd']),
			(made, start, end, agentIds) => {
				const index = new CallIndex();
				const calls = made.map((c, seq) => ({
					seq,
					created_at: c.created_at,
					agent: { id: c.agent },
				}));
				for (const c of calls) index.add(c);
				const sorted = [...calls]
					.sort((a, b) => b.created_at - a.created_at || b.seq - a.seq)
					.filter(
						(c) =>
							(start === undefined || c.created_at >= start) &&
							(end === undefined || c.created_at <= end) &&
							(!agentIds.length || agentIds.includes(c.agent.id)),
					);
				expect(index.newestFirst({ start, end, agentIds })).toEqual(sorted);
			},
		),
		{ numRuns: 300 },
	);
});

test('a history read and an advance never walk every call the sandbox holds', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Store } = require('../../sandbox/lib/store');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { ROUTES } = require('../../sandbox/lib/api');
	const store = new Store({ clock: 'manual' });
	const agent = store.agents.get('a1a1a1a1-0000-4000-8000-000000000001');
	for (let n = 0; n < 50; n++)
		store.createCall({
			name: '',
			mobile_number: `+1415555${1000 + n}`,
			agent,
			from_number: '+14155550100',
		});
	// Every call stays held, but a walk over them all fails the test.
	const walked = () => {
		throw new Error('walked every call');
	};
	store.calls = new Proxy(store.calls, {
		get: (target, key) =>
			key === 'push' ? target.push.bind(target) : key === 'length' ? target.length : walked(),
	});
	store.advance(120000);
	const history = ROUTES.find(
		(r: { method: string; pattern: string }) =>
			r.method === 'GET' && r.pattern === '/calling/history',
	);
	const read = history.handler({
		query: new URLSearchParams(
			'agent_id=a1a1a1a1-0000-4000-8000-000000000001&limit=10&start_date=2025-06-02T07:00:00Z&end_date=2025-06-02T09:00:00Z',
		),
		store,
		recordings: { origin: '', secret: '' },
	});
	expect(read.body).toMatchObject({ count: 10, total: 50 });
});
