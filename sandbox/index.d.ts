/** Types of the sandbox's programmatic API (the implementation is plain JavaScript). */

export type FaultAction =
	| 'pass'
	| 'drop'
	| 'drop-after'
	| number
	| string
	| { status: number; retryAfter?: number; body?: unknown; after?: boolean }
	| { drop: true; after?: boolean }
	| { delayMs: number }
	| 'refuse'
	| { refuseMs: number };

export interface FaultRule {
	/** 'METHOD /path', '/path', '/prefix/*' or '*' (default); paths below the base URL. */
	endpoint?: string;
	action?: FaultAction;
	/** Consumed one per matching request; the rule is spent afterwards. */
	sequence?: FaultAction[];
	/** How many matching requests a single action hits (default: all). */
	times?: number;
	/** Fraction 0..1 of matching requests hit (seeded, so repeatable). */
	rate?: number;
}

export type LatencySpec = number | Record<string, number>;

/**
 * At most `requests` API requests (with the workspace's key) in any `perMs`; the rest are
 * answered 429 in the endpoint's error shape, with Retry-After (whole seconds) unless
 * `retryAfter` is false (FACTS publishes no rate-limit header: both readings are served).
 */
export interface RateLimitSpec {
	requests: number;
	perMs: number;
	/** Default true. */
	retryAfter?: boolean;
}

export interface RateLimitState {
	limit: Required<RateLimitSpec> | null;
	served: number;
	limited: number;
	/** Sandbox times (ms) of the first and last request served since the limit was set. */
	first_served_ms: number | null;
	last_served_ms: number | null;
}

/** Event types of PATCH /agent/v1 edit_event_subscriptions. */
export type EventType =
	| 'call_started'
	| 'call_completed'
	| 'recording_completed'
	| 'platform_analysis_completed'
	| 'client_analysis_completed'
	| 'all_processing_completed';

/** A fault on outbound deliveries (event subscriptions and per-call callbacks). */
export interface DeliveryFaultRule {
	/** An event type, 'callback' (per-call callbacks) or '*' (default). */
	event?: EventType | 'callback' | '*';
	/** drop: never sent; duplicate: sent twice; delayMs: the first attempt leaves later (sandbox clock). */
	action: 'drop' | 'duplicate' | `delay:${number}` | { delayMs: number };
	times?: number;
	rate?: number;
}

export interface DeliveryAttempt {
	attempt: number;
	/** Sandbox time of the attempt. */
	at: string;
	/** The receiver's status code, or null when it did not answer (error set). */
	status: number | null;
	error: string | null;
	/** The headers sent (never an API key). */
	headers: Record<string, string>;
	/** The start of the receiver's answer (a test reads what it said). */
	answer?: string;
}

export interface Delivery {
	id: number;
	kind: 'event' | 'callback';
	/** The event type, or 'callback'. */
	event_type: EventType | 'callback';
	/** Callbacks: the call status announced. */
	status: string | null;
	call_id: string;
	agent_id: string;
	/** For callbacks, with callback_args.params as query string. */
	url: string;
	/** The subscription's method_type (POST for callbacks). */
	method: string;
	created_at: string;
	/** dropped: by a fault, never sent; refused: not an http loopback URL; failed: retries exhausted. */
	state: 'pending' | 'sending' | 'retrying' | 'delivered' | 'failed' | 'dropped' | 'refused';
	fault: string | null;
	/** The second copy of a 'duplicate' fault. */
	duplicate: boolean;
	next_attempt_at: string | null;
	body: any;
	attempts: DeliveryAttempt[];
}

export interface RecordingRequest {
	at: string;
	method: string;
	path: string;
	headers: Record<string, unknown>;
}

export interface SandboxOptions {
	/** Default 0: a free port. */
	port?: number;
	/** 'manual' (default): time moves only by advance(ms). 'real': wall clock. */
	clock?: 'manual' | 'real';
	/** Divides every nominal duration of a call (default 1). */
	speed?: number;
	/** Seeds history, IDs, new keys and fault rates (default 1). */
	seed?: number;
	/**
	 * 12 hex digits mixed into every id the sandbox makes (calls, files...), so that ids differ
	 * from one start to the next while the rest stays seeded. `npm run sandbox` and `npm run
	 * dev` set a random one unless a seed is asked for.
	 */
	idSalt?: string;
	/** Start of the manual clock (default 2025-06-02T08:00:00Z). */
	startTime?: string | number;
	/** Initial API key (default sandbox-key-0000). */
	apiKey?: string;
	/** Status of an immediate call in the start answer (default 'ongoing'). */
	startStatus?: 'ongoing' | 'registered';
	/**
	 * Where the vendor's reference and the live service differ: 'live' (default) serves what
	 * the live service answers (versioned assistants, list rows without custom_variables),
	 * 'docs' the reference's shapes (flat assistants, the workspace with its old api_key).
	 */
	shape?: 'live' | 'docs';
	/**
	 * The large campaign flow's answers, two documented variants: 'page' (default; upload
	 * `uploaded -> processing -> completed`, check-balance with credits) or 'schema' (upload
	 * `verifying -> draft`, six keys; check-balance with a status).
	 */
	largeFlow?: 'page' | 'schema';
	/**
	 * campaign_status words in GET /campaign/all: 'page' (default: draft, scheduled, ongoing,
	 * completed) or 'schema' (the enum: pending, registered, running, completed).
	 */
	campaignStatuses?: 'page' | 'schema';
	/**
	 * A call's `call_config.call_time.scheduled_at`: 'honour' (default) waits for it, 'ignore'
	 * calls at once (it left the schema in 2026-02; whether it is honoured is not published).
	 */
	scheduledAt?: 'honour' | 'ignore';
	/**
	 * The platform analysis_data of a call that never connected (failed, error), on its analysis
	 * events: 'empty' (default) `{}`, or 'minimal': the documented keys holding nothing. FACTS
	 * says "empty or minimal".
	 */
	failedAnalysis?: 'empty' | 'minimal';
	/**
	 * A history or export read without start_date / end_date: 'stale' (default) reads the
	 * reference's fixed day 2025-09-25, 'current' leaves the bound open (FACTS gives both).
	 */
	historyDates?: 'stale' | 'current';
	/**
	 * parent_call_id on history rows and call details (FACTS gives it only as a request field;
	 * whether reads show it is not published): 'hidden' (default) leaves the key out, 'shown'
	 * adds it (the parent sent, as sent, or null).
	 */
	parentCallId?: 'hidden' | 'shown';
	/** A bad week, on from the start (README "A bad week"); off by default. */
	week?: WeekSpec | true;
	/** A workspace request limit answered 429 (README "Rate limit"); default none. */
	rateLimit?: RateLimitSpec;
	latencyMs?: LatencySpec;
	faults?: FaultRule[] | { rules: FaultRule[] };
	deliveryFaults?: DeliveryFaultRule[] | { rules: DeliveryFaultRule[] };
	/** Port of the recording origin (default 0: a free port). */
	recordingPort?: number;
	/** How long a receiver may take to answer a delivery, in real ms (default 30000). */
	deliveryTimeoutMs?: number;
	log?: (line: string) => void;
}

export type WeekOutcome =
	| 'answered'
	| 'no_answer'
	| 'busy'
	| 'voicemail'
	| 'failed'
	| 'callback'
	| 'opt_out'
	| 'never_ends';

export type CallbackForm =
	| 'local_zone'
	| 'offset'
	| 'utc'
	| 'local_offset_zone'
	| 'minutes_zone'
	| 'date_only'
	| 'local_no_zone'
	| 'words_relative'
	| 'words_weekday'
	| 'empty';

/** A bad week's settings (README "A bad week"); every field optional, merged over the current. */
export interface WeekSpec {
	/** false switches the week off. */
	on?: boolean;
	/** Seeds the week's draws (default the sandbox's seed). */
	seed?: number;
	/** Outcome weights, or 'answered=40,no_answer=25,...'; null: the number's last digits decide. */
	mix?: Partial<Record<WeekOutcome, number>> | string | null;
	/** Longest delay of a late row, in sandbox ms (0, default: none late). */
	lateRowsMs?: number;
	/** Share of calls late when lateRowsMs > 0 (default 0.25). */
	lateShare?: number;
	/** Where rows lag: 'history' (default; and the export) or 'both' (call details too). */
	lateIn?: 'history' | 'both';
	/** The hour (0-23) of the day's outage, in outageZone; null (default): none. */
	outageHour?: number | null;
	outageZone?: string;
	/** Length of the outage (default 60). */
	outageMinutes?: number;
	/** Shares of requests during the outage (defaults 0.5, 0.1, 0.1) and a refusal's real ms (100). */
	outage?: { share5xx?: number; shareRefused?: number; shareDrop?: number; refuseMs?: number };
	/** A call that never ends: 'ongoing' (default: it rings and never hangs up) or 'registered' (never rings). */
	neverEnds?: 'ongoing' | 'registered';
	/** The same switches as the options, switchable mid-run. */
	parentCallId?: 'hidden' | 'shown';
	scheduledAt?: 'honour' | 'ignore';
	/** Weights of the requested call-back time's forms (default all equal). */
	callbackForms?: Partial<Record<CallbackForm, number>> | string | null;
	/** The classification of a callee who asks not to be called again (default 'do_not_call'). */
	optOutLabel?: string;
}

/** One call in the ring ledger (GET /__sandbox/rings). */
export interface RingEntry {
	call_id: string;
	agent_id: string;
	mobile_number: string;
	created_at: string;
	/** call_config.call_time as the request sent it. */
	call_time: Record<string, string> | null;
	scheduled_at: string | null;
	scheduled_at_honoured: boolean;
	/** As the request sent it. */
	parent_call_id: string | null;
	campaign_id: string | null;
	/** The week's draw; null where the number's last digits decide. */
	outcome: WeekOutcome | null;
	/** Every attempt, retries included: when it rang (sandbox clock) and what it came to. */
	rings: Array<{ attempt: number; at: string; ended_at: string | null; result: string | null }>;
	status: string;
	sub_status: string;
	ended_at: string | null;
	late: { mode: 'row' | 'status'; delay_ms: number; visible_from: string | null } | null;
	analysis: {
		classification: string | null;
		callback_requested: boolean;
		callback_requested_time: string | null;
		timezone: string | null;
		opt_out: boolean;
		callback: {
			form: CallbackForm;
			zone: string;
			meant_day: string | null;
			meant_at: string | null;
		} | null;
	} | null;
}

export interface LedgerEntry {
	call_id: string;
	mobile_number: string;
	from_number: string;
	agent_id: string;
	at: string;
	/** The request's parent_call_id, when it sent one. */
	parent_call_id?: string;
	/** The request's call_config.call_time, when it sent one. */
	call_time?: Record<string, unknown>;
}

export interface CallView {
	id: string;
	to_number: string;
	name: string;
	status: string;
	transcript: string;
	audio_recording: string | null;
	created_at: string;
	agent: {
		id: string;
		agent_name: string;
		agent_version_id: string;
		orchestration_mode: string;
		version: { version_id: string; version_slug: string };
	};
	call_duration: number;
	call_attempt_time: string;
	call_cost: number | null;
	call_type: string;
	inbound_from: string | null;
	credits_processed: boolean;
	from_numbers: string[];
	voicemail_detected: boolean;
	call_sub_status: string;
	attempts: number;
	next_event_at: string | null;
	next_attempt_time: string | null;
	bulk_list_id: string | null;
	custom_args_values: Record<string, string>;
}

/** A campaign created through the API, as GET /__sandbox/campaigns shows it. */
export interface CampaignView {
	/** The list id, which is also the campaign id. */
	id: string;
	flow: 'standard' | 'large';
	endpoint: 'POST /campaign/save' | 'POST /campaign/upload-csv';
	name: string;
	created_at: string;
	/** The form's text fields as received. */
	fields: Record<string, string>;
	/** The file part: its size and SHA-256, its text when at most 64 KiB. */
	file: {
		field: string;
		filename: string;
		content_type: string | null;
		bytes: number;
		sha256: string;
		text: string | null;
	};
	agent_id: string;
	country_code: string;
	variables_map: Record<string, string>;
	remove_invalid_rows: boolean;
	transliterate_callee_name: boolean;
	call_config: any;
	time_zone: string;
	campaign_start_time: string | null;
	campaign_end_time: string | null;
	header: string[];
	total_rows: number;
	successful_rows: number;
	failed_rows: number;
	/** Large flow: where the verification is, and when it moves on. */
	verification: { stage: string; processing_at: string; verified_at: string } | null;
	/** Credits the sandbox expects the calls to cost (15 s per contact at its rate). */
	required_credits: number;
	/** How it was started: the endpoint, the numbers dialled from, the request body. */
	started: {
		at: string;
		via: string;
		agent_id: string;
		numbers: string[];
		from_numbers: string[] | null;
		number_pool_id: string | null;
		email_completion_user_ids: string[] | null;
		concurrency_percentage?: number;
		body: any;
	} | null;
	insufficient_balance: boolean;
	campaign_status: string;
	/** Its calls by status. */
	calls: Record<string, number>;
	/** Every data row (1-based): valid ones with their number and mapped variables. */
	rows?: Array<{
		row: number;
		mobile_number: string | null;
		variables: Record<string, string> | null;
		valid: boolean;
		reason: string | null;
	}>;
}

export interface Sandbox {
	/** Base URL including /ca/api/v0. */
	url: string;
	/** http://127.0.0.1:port, where /__sandbox/ lives. */
	origin: string;
	port: number;
	/** http://127.0.0.1:otherPort: recordings and voice previews (another origin than the API). */
	recordingOrigin: string;
	recordingPort: number;
	/** Every request the recording origin received, with its headers. */
	readonly recordingRequests: RecordingRequest[];
	/** Every callback and event delivery, with its attempts. */
	readonly deliveries: Delivery[];
	/** Waits until no delivery is on the wire (retries that fall due meanwhile included). */
	flushDeliveries(): Promise<Delivery[]>;
	setDeliveryFaults(spec: DeliveryFaultRule[] | { rules: DeliveryFaultRule[] } | null): void;
	/** Queues registered calls of a campaign, ringing after delay_ms (default 1 h). */
	queueCampaignCalls(
		campaignId: string,
		spec: {
			agent_id?: string;
			contacts: Array<{ name?: string; mobile_number: string }>;
			delay_ms?: number;
		},
	): any[];
	/** The key that currently works (changes on PATCH /workspace/api-key). */
	readonly apiKey: string;
	/** Every call placed through POST /calling/outbound/individual, in order. */
	readonly ledger: LedgerEntry[];
	/** The internal state (read it; change it through the API). */
	store: any;
	/** The same object as store. */
	state: any;
	faults: any;
	/** Sandbox time in epoch ms. */
	now(): number;
	/** Moves the clock, running due events; returns the new time. */
	advance(ms: number): number;
	setFaults(spec: FaultRule[] | { rules: FaultRule[] } | null): void;
	/** Switches the shapes served where reference and live service differ. */
	setShape(shape: 'live' | 'docs'): void;
	/** Switches the large campaign flow's answers between the two documented variants. */
	setLargeFlow(variant: 'page' | 'schema'): void;
	/** Switches the campaign_status words of GET /campaign/all. */
	setCampaignStatuses(vocabulary: 'page' | 'schema'): void;
	/** Campaigns created through the API (oldest first); `rows: false` leaves the rows out. */
	campaigns(options?: { rows?: boolean }): CampaignView[];
	/** The workspace's balance, as GET /workspace reports it. */
	credits(): number;
	/** Sets the balance (until reset). */
	setCredits(credits: number): void;
	setLatency(spec: LatencySpec): void;
	/** Sets the workspace's request limit (null: none) and starts its counts afresh. */
	setRateLimit(spec: RateLimitSpec | null): void;
	/** The limit, and the requests it served and refused since it was set. */
	readonly rateLimit: RateLimitState;
	reset(seed?: number): void;
	/** Switches a bad week on (merged over the current one) or off (null); the settings in force. */
	setWeek(spec: WeekSpec | null | boolean): Record<string, unknown>;
	/** The bad week's settings in force, or {on: false}. */
	readonly week: Record<string, unknown>;
	/** The ring ledger: every call created, with its rings and the analysis it ended with. */
	rings(query?: { from?: string; to?: string; agent_id?: string; call_id?: string }): RingEntry[];
	/** Refuse new connections (ECONNREFUSED) for ms, or until resume(). */
	pause(ms?: number): void;
	resume(): Promise<void>;
	call(id: string): CallView | undefined;
	describe(): Record<string, unknown>;
	close(): Promise<void>;
}

export function createSandbox(options?: SandboxOptions): Promise<Sandbox>;

export const PREFIX: string;
export const DEFAULT_API_KEY: string;
export const DEFAULT_START: number;
export const TIMING: {
	queueMs: number;
	ringMs: number;
	noAnswerMs: number;
	busyMs: number;
	lineErrorMs: number;
	retryDelayMs: number;
};
export function behaviourOf(
	number: string,
): 'no_answer' | 'busy' | 'line_error' | 'late_answer' | 'voicemail' | 'answer';
export function talkSeconds(number: string): number;
export function fill(template: string, vars: Record<string, string>): string;
export const fixtures: {
	LANGUAGES: string[];
	VOICES: Array<{ id: string; name: string; gender: string; languages: string[] }>;
	KNOWLEDGE_BASES: Array<{ id: string; name: string }>;
	WORKSPACE: { id: string; name: string; credits_granted: number };
	EVENT_TYPES: EventType[];
	AGENTS: Array<{
		id: string;
		agent_display_name: string;
		agent_type: string;
		language: string;
		voice_id: string;
		secondary_language: string | null;
		secondary_voice_id: string | null;
		intro_message: string;
		agent_prompt: string;
		custom_variables: string[];
		kb_ids: string[];
		whitelisted_domains: string[];
		voice_speed: number;
	}>;
	NUMBERS: Array<{
		id: string;
		number: string;
		agent_id: string | null;
		is_inbound_enabled: boolean;
	}>;
	USERS: Array<{
		id: string;
		username: string;
		email: string;
		role: string;
		invite_status: string;
	}>;
	CONTACT_LISTS: Array<{
		id: string;
		name: string;
		agent_id: string;
		contacts: Array<{ name: string; mobile_number: string }>;
	}>;
	CAMPAIGNS: Array<{
		id: string;
		name: string;
		campaign_status: string;
		total_count: number;
		registered_count: number;
		completed_count: number;
	}>;
	fixtureId(prefix: string, n: number): string;
};
