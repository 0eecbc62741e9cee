// @ts-check
'use strict';

const fixtures = require('./fixtures');
const { prng, uuidFrom, isoOffset, isoUtc, saltedId } = require('./util');
const { launch, stepCall } = require('./calls');
const { buildAgent, defaultVersion, servingVersion } = require('./agents');
const { variant } = require('./campaigns');
const { CallAgenda, TimerAgenda } = require('./agenda');
const { CallIndex } = require('./callIndex');
const { setWeek } = require('./week');
const { RingLedger } = require('./week/rings');

const DAY = 86400000;

/**
 * @typedef {{call: any, from: string | null, to: string, attemptStarted: boolean, at: number}} Change
 * `from` is null when the call was just created (it was registered, and may have started at once).
 */
const DEFAULT_START = Date.parse('2025-06-02T08:00:00.000Z');
const DEFAULT_API_KEY = 'sandbox-key-0000';

/**
 * The workspace, its calls and the clock. 'manual': time moves only by advance(ms);
 * 'real': the wall clock (plus whatever advance added) with a timer that runs due events.
 * `speed` divides every nominal duration of a call (20 makes a 40 s call take 2 s).
 */
class Store {
	/**
	 * @param {{seed?: number, clock?: 'manual'|'real', speed?: number, startTime?: string|number,
	 *   apiKey?: string, startStatus?: 'ongoing'|'registered', shape?: 'live'|'docs',
	 *   largeFlow?: 'page'|'schema', campaignStatuses?: 'page'|'schema',
	 *   scheduledAt?: 'honour'|'ignore', failedAnalysis?: 'empty'|'minimal',
	 *   historyDates?: 'stale'|'current', parentCallId?: 'hidden'|'shown', week?: unknown,
	 *   idSalt?: string}} [options]
	 */
	constructor(options = {}) {
		this.options = options;
		this.clock = options.clock ?? 'manual';
		this.speed = options.speed ?? 1;
		if (!(this.speed > 0)) throw new Error('speed must be > 0');
		this.startStatus = options.startStatus ?? 'ongoing';
		/** @type {ReturnType<typeof setTimeout> | undefined} */
		this.timer = undefined;
		this.closed = false;
		/** 'live' (default): the shapes the live service answers; 'docs': the reference's. */
		this.shape = options.shape ?? 'live';
		/** Campaigns (sandbox/lib/campaigns.js): which documented answers of the large flow, which status words. */
		this.largeFlow = variant(options.largeFlow ?? 'page', 'largeFlow');
		this.campaignStatuses = variant(options.campaignStatuses ?? 'page', 'campaignStatuses');
		/**
		 * Whether a call's scheduled_at is honoured: it left the schema on 2026-02-14 and whether the
		 * service still honours it is not published (FACTS.md), so both readings are served.
		 */
		if (!['honour', 'ignore'].includes(options.scheduledAt ?? 'honour'))
			throw new Error('scheduledAt must be honour or ignore');
		this.scheduledAt = options.scheduledAt ?? 'honour';
		/** The analysis events of a call that never connected: FACTS gives "empty or minimal". */
		if (!['empty', 'minimal'].includes(options.failedAnalysis ?? 'empty'))
			throw new Error('failedAnalysis must be empty or minimal');
		this.failedAnalysis = options.failedAnalysis ?? 'empty';
		/** A history read without start_date or end_date: FACTS gives both readings (readers.js). */
		if (!['stale', 'current'].includes(options.historyDates ?? 'stale'))
			throw new Error('historyDates must be stale or current');
		this.historyDates = options.historyDates ?? 'stale';
		/**
		 * parent_call_id on history rows and call details: FACTS gives it only as a request field
		 * (where reads show it is not published), so a row either lacks the key ('hidden', the
		 * default) or has it ('shown': the call's parent, null for a call placed without one).
		 */
		if (!['hidden', 'shown'].includes(options.parentCallId ?? 'hidden'))
			throw new Error('parentCallId must be hidden or shown');
		this.parentCallId = options.parentCallId ?? 'hidden';
		/** @type {Array<(change: Change) => void>} told of every status change of a live call */
		this.listeners = [];
		/** @type {import('./week').Week | null} a bad week, when one is switched on (week/) */
		this.week = null;
		/** every call's rings, for a judge (week/rings.js) */
		this.rings = new RingLedger(this);
		/** bumped by reset(), so work started before it can tell it is stale */
		this.generation = 0;
		this.timerSeq = 0;
		this.seeding = false;
		// Everything else is the workspace's state, which reset() builds (and rebuilds).
		this.reset(options.seed);
	}

	/** Back to the seeded workspace: calls, key, ledger, exports and clock offset. @param {number} [seed] */
	reset(seed) {
		this.week?.off();
		this.week = null;
		this.rings.clear();
		this.seed = seed ?? this.options.seed ?? 1;
		this.rand = prng(this.seed);
		this.keyRand = prng(this.seed ^ 0x5bd1e995);
		this.apiKey = this.options.apiKey ?? DEFAULT_API_KEY;
		this.offset = 0;
		const start = this.options.startTime;
		this.manualNow =
			start === undefined ? DEFAULT_START : typeof start === 'number' ? start : Date.parse(start);
		if (Number.isNaN(this.manualNow)) throw new Error('startTime is not a date');
		const t0 = this.now();
		this.seq = 0;

		/** @type {Map<string, any>} */
		this.voices = new Map(fixtures.VOICES.map((v) => [v.id, structuredClone(v)]));
		/** @type {Map<string, any>} */
		this.knowledgeBases = new Map(
			fixtures.KNOWLEDGE_BASES.map((k, i) => [
				k.id,
				{ ...structuredClone(k), created_at: t0 - (30 - i) * DAY, updated_at: t0 - (20 - i) * DAY },
			]),
		);
		/** @type {Map<string, any>} */
		this.agents = new Map(
			fixtures.AGENTS.map((a, n) => [
				a.id,
				buildAgent(a, this.rand, {
					created: t0 - (120 - n * 10) * DAY,
					updated: t0 - (100 - n * 10) * DAY,
				}),
			]),
		);
		/** @type {any[]} */
		this.numbers = fixtures.NUMBERS.map((n, i) => ({
			...n,
			created_at: t0 - (200 - i * 15) * DAY,
		}));
		/** @type {any[]} */
		this.users = fixtures.USERS.map((u) => ({ ...u }));
		/** @type {Map<string, any>} */
		this.contactLists = new Map(
			fixtures.CONTACT_LISTS.map((l, i) => [
				l.id,
				{ ...structuredClone(l), created_at: t0 - (10 - i) * DAY },
			]),
		);
		/** @type {any[]} */
		this.campaigns = fixtures.CAMPAIGNS.map((c, i) => {
			const created = t0 - (60 - i * 8) * DAY;
			return {
				...c,
				created_at: created,
				updated_at: created + 2 * DAY,
				campaign_start_time: created + DAY,
				campaign_end_time: created + 3 * DAY,
			};
		});
		/** @type {Map<string, any>} campaigns saved or uploaded through the API, by list id */
		this.bulkLists = new Map();
		/** @type {any[]} */
		this.calls = [];
		/** @type {Map<string, any>} */
		this.callsById = new Map();
		/** the calls by creation time, all and by assistant (history reads) */
		this.callIndex = new CallIndex();
		/** calls with an event still to come, by its instant (agenda.js) */
		this.active = new CallAgenda();
		/** @type {any[]} */
		this.ledger = [];
		/** @type {any[]} */
		this.exports = [];
		/** timed jobs besides calls (deliveries), by instant then order of scheduling */
		this.timers = new TimerAgenda();
		this.generation += 1;
		/** @type {{id: string, name: string, credits_granted: number, created_at: number}} */
		this.workspace = {
			id: fixtures.WORKSPACE.id,
			name: fixtures.WORKSPACE.name,
			credits_granted: fixtures.WORKSPACE.credits_granted,
			created_at: t0 - 240 * DAY,
		};
		this.seeding = true;
		try {
			this.seedHistory(t0);
		} finally {
			this.seeding = false;
		}
		if (this.options.week) this.setWeek(this.options.week);
		this.arm();
	}

	/**
	 * Switches a bad week on (a spec merged over the current one) or off (null, false,
	 * {on: false}); README "A bad week". @param {unknown} spec
	 */
	setWeek(spec) {
		return setWeek(this, spec);
	}

	now() {
		return this.clock === 'real' ? Date.now() + this.offset : this.manualNow;
	}

	/** Moves the clock forward, running every event that falls due on the way. @param {number} ms */
	advance(ms) {
		if (!(ms >= 0)) throw new Error('advance(ms) needs ms >= 0');
		if (this.clock === 'real') {
			this.offset += ms;
			this.runDue(this.now());
		} else {
			const target = this.manualNow + ms;
			this.runDue(target);
			this.manualNow = target;
		}
		this.arm();
		return this.now();
	}

	/** Runs due events (calls and timers) in time order; a manual clock steps to each instant. @param {number} until */
	runDue(until) {
		for (let guard = 0; guard < 1e7; guard++) {
			const call = this.active.first();
			const next = call && call.next_event_at <= until ? call : undefined;
			const due = this.timers.first();
			const timer = due && due.at <= until ? due : undefined;
			if (!next && !timer) return;
			if (timer && (!next || timer.at <= next.next_event_at)) {
				this.timers.pop();
				if (this.clock === 'manual' && timer.at > this.manualNow) this.manualNow = timer.at;
				timer.run(timer.at);
				continue;
			}
			if (!next) return;
			const at = next.next_event_at;
			if (this.clock === 'manual' && at > this.manualNow) this.manualNow = at;
			const before = next.status;
			const attempts = next.attempts;
			stepCall(next, at, { speed: this.speed });
			this.active.add(next);
			this.changed(next, before, attempts, at);
		}
	}

	/** Runs `run` at sandbox instant `at` (on advance or the real clock's timer). @param {number} at @param {(at: number) => void} run */
	schedule(at, run) {
		this.timers.push(at, this.timerSeq++, run);
		this.arm();
	}

	/**
	 * Tells the listeners that a call moved (status or a new attempt). History seeding is silent.
	 * @param {any} call @param {string | null} from @param {number} attempts before @param {number} at
	 */
	changed(call, from, attempts, at) {
		if (this.seeding || (from === call.status && attempts === call.attempts)) return;
		/** @type {Change} */
		const change = { call, from, to: call.status, attemptStarted: call.attempts > attempts, at };
		for (const listen of this.listeners) listen(change);
	}

	/**
	 * Cancels a call that has not started (registered or retry): it never rings.
	 * @param {any} call @param {number} at @returns {boolean} whether it was cancelled
	 */
	cancelCall(call, at) {
		if (call.status !== 'registered' && call.status !== 'retry') return false;
		const before = call.status;
		call.status = 'cancelled';
		call.sub_status = 'USER_TERMINATED';
		call.phase = 'done';
		call.next_event_at = null;
		call.next_attempt_time = null;
		call.ended_at = at;
		call.call_duration = 0;
		call.call_cost = 0;
		call.credits_processed = false;
		this.active.delete(call);
		this.changed(call, before, call.attempts, at);
		this.arm();
		return true;
	}

	/** Credits used so far: the cost of every call charged. */
	creditsUsed() {
		let used = 0;
		for (const c of this.calls) if (c.credits_processed && c.call_cost) used += c.call_cost;
		return Math.round(used * 10000) / 10000;
	}

	/** Brings state up to the present (called before every request). */
	sync() {
		this.runDue(this.now());
		this.arm();
	}

	/** With a real clock, wakes up when the next event is due. */
	arm() {
		if (this.timer) clearTimeout(this.timer);
		this.timer = undefined;
		if (this.clock !== 'real' || this.closed) return;
		const due = Math.min(
			this.active.first()?.next_event_at ?? Infinity,
			this.timers.first()?.at ?? Infinity,
		);
		if (due === Infinity) return;
		const wait = Math.min(Math.max(0, due - this.now()), 2 ** 31 - 1);
		this.timer = setTimeout(() => this.sync(), wait);
		this.timer.unref?.();
	}

	close() {
		this.closed = true;
		this.timers = new TimerAgenda();
		if (this.timer) clearTimeout(this.timer);
	}

	newId() {
		const id = uuidFrom(this.rand);
		return this.options.idSalt ? saltedId(id, this.options.idSalt) : id;
	}

	rotateKey() {
		let hex = '';
		for (let i = 0; i < 24; i++) hex += Math.floor(this.keyRand() * 16).toString(16);
		this.apiKey = `sandbox-key-${hex}`;
		return this.apiKey;
	}

	/** A number of the workspace by its number or id. @param {{number?: string, id?: string}} q */
	findNumber(q) {
		return this.numbers.find((n) => (q.id ? n.id === q.id : n.number === q.number));
	}

	/**
	 * Creates a call and sets it going at `at`.
	 * @param {{name: string, mobile_number: string, agent: any, from_number: string|null,
	 *   given?: Record<string,string>, config?: any, bulk_list_id?: string|null, campaign_id?: string|null,
	 *   call_type?: string, inbound_from?: string|null, at?: number, speed?: number, startStatus?: string,
	 *   version?: any, parent_call_id?: string|null,
	 *   callback?: {url: string, headers: Record<string,string>, params: Record<string,string>} | null}} p
	 */
	createCall(p) {
		const at = p.at ?? this.now();
		const agent = p.agent;
		// The version asked for, else the live one (drawn by traffic during an A/B test).
		const version = p.version ?? servingVersion(agent, this.rand);
		const config = p.config ?? {};
		const callTime = config.call_time ?? {};
		const zone = callTime.timezone;
		const variables = { ...(p.given ?? {}), callee_name: p.name, mobile_number: p.mobile_number };
		const call = {
			id: this.newId(),
			seq: this.seq++,
			to_number: p.mobile_number,
			name: p.name,
			status: 'registered',
			sub_status: 'IN_DB',
			created_at: at,
			call_attempt_time: null,
			next_attempt_time: null,
			ended_at: null,
			agent: {
				id: agent.id,
				agent_name: agent.agent_display_name,
				agent_version_id: version.version_id,
				orchestration_mode: agent.orchestration_mode,
				version: { version_id: version.version_id, version_slug: version.version_slug },
			},
			agent_language: version.language,
			// The labels its analysis classifies into, as when the call was made.
			classification_labels: [...(agent.classification_labels ?? [])],
			// A multi_node assistant's prompts live in its nodes; its calls speak the intro only.
			agent_snapshot: {
				intro_message: version.intro_message,
				agent_prompt: version.agent_prompt ?? '',
			},
			call_type: p.call_type ?? 'outbound',
			inbound_from: p.inbound_from ?? null,
			from_number: p.from_number,
			custom_args_values: { ...(p.given ?? {}) },
			variables,
			retry: config.call_retry_config,
			max_call_length: config.max_call_length,
			scheduled_for:
				callTime.scheduled_at && this.scheduledAt === 'honour' ? callTime.scheduled_at_ms : null,
			window: callTime.call_start_time
				? { start: callTime.call_start_time, end: callTime.call_end_time, zone }
				: null,
			call_config: config,
			transcript: [],
			call_duration: 0,
			call_cost: null,
			credits_processed: false,
			has_recording: false,
			voicemail_detected: false,
			attempts: 0,
			retries_used: {},
			phase: 'waiting',
			next_event_at: null,
			attempt_kind: null,
			bulk_list_id: p.bulk_list_id ?? null,
			campaign_id: p.campaign_id ?? null,
			callback: p.callback ?? null,
			// As the request sent it (whether the service changes its case is not published).
			parent_call_id: p.parent_call_id ?? null,
		};
		if (this.week) this.week.onCreate(call);
		const initial = launch(call, at, {
			speed: p.speed ?? this.speed,
			startStatus: p.startStatus ?? this.startStatus,
		});
		this.calls.push(call);
		this.callsById.set(call.id, call);
		this.callIndex.add(call);
		this.active.add(call);
		this.changed(call, null, 0, at);
		return { call, initial };
	}

	/** Past calls: the contact lists were dialled, plus inbound, web and one-off calls. @param {number} t0 */
	seedHistory(t0) {
		// Only the plain assistants have history (the A/B and multi_node ones are new).
		const agents = [...this.agents.values()].slice(0, fixtures.PLAIN_AGENTS);
		const r = this.rand;
		/** @param {Parameters<Store['createCall']>[0]} p */
		const past = (p) => {
			const { call } = this.createCall({ ...p, speed: 1, startStatus: 'ongoing' });
			// Played to the end at nominal speed: history is history whatever the sandbox speed.
			while (call.next_event_at !== null) stepCall(call, call.next_event_at, { speed: 1 });
			this.active.delete(call);
			return call;
		};
		const vars = (/** @type {any} */ agent, /** @type {number} */ n) => {
			/** @type {Record<string, string>} */
			const v = {};
			const samples = /** @type {Record<string, string[]>} */ ({
				clinic: ['Sunrise Dental', 'City Eye Care'],
				date: ['June 5', 'June 12'],
				time: ['10:30 AM', '4:15 PM'],
				product: ['rooftop solar', 'solar water heaters'],
				order_id: ['A-1001', 'A-2042'],
				nights: ['2', '5'],
			});
			for (const name of defaultVersion(agent).custom_variables)
				v[name] = samples[name]?.[n % 2] ?? `${name}-${n}`;
			return v;
		};
		const numberOf = (/** @type {any} */ agent) =>
			this.numbers.find((x) => x.agent_id === agent.id) ?? this.numbers[2];
		let day = 9;
		for (const list of this.contactLists.values()) {
			const agent = this.agents.get(list.agent_id);
			list.contacts.forEach((/** @type {any} */ c, /** @type {number} */ n) => {
				past({
					name: c.name,
					mobile_number: c.mobile_number,
					agent,
					from_number: numberOf(agent).number,
					given: vars(agent, n),
					config: { call_retry_config: { retry_not_picked: 1 } },
					bulk_list_id: list.id,
					campaign_id: this.campaigns.find((k) => k.name === list.name)?.id ?? null,
					at: t0 - day * DAY + n * 120000,
				});
			});
			day -= 3;
		}
		const tails = ['01', '24', '35', '99', '13', '48', '52', '77', '60', '81', '14', '93'];
		tails.forEach((tail, n) => {
			const agent = agents[n % agents.length];
			const at = t0 - Math.floor((1 + r() * 8) * DAY) - n * 60000;
			const language = defaultVersion(agent).language;
			const country = language.endsWith('IN')
				? '+9198450000'
				: language === 'ar-AE'
					? '+9715500000'
					: '+1650555000';
			const callee = `${country}${tail}`;
			const kind = n % 6 === 2 ? 'inbound' : n % 6 === 5 ? 'webcall' : 'outbound';
			const own = numberOf(agent).number;
			past({
				name: ['Kim Lee', 'Omar Aziz', 'Ravi Kumar', 'Sara Cohen', 'Tom Hale', 'Uma Iyer'][n % 6],
				mobile_number: kind === 'inbound' ? own : kind === 'webcall' ? '' : callee,
				agent,
				from_number: kind === 'outbound' ? own : null,
				inbound_from: kind === 'inbound' ? callee : null,
				call_type: kind,
				given: vars(agent, n),
				at,
			});
		});
	}

	/** Calls placed from or received on a workspace number. @param {any} number */
	callCountOf(number) {
		return this.calls.filter(
			(c) =>
				c.from_number === number.number ||
				(c.call_type === 'inbound' && c.to_number === number.number),
		).length;
	}
}

module.exports = { Store, DEFAULT_API_KEY, DEFAULT_START, isoOffset, isoUtc };
