// @ts-check
'use strict';

const { AGENTS } = require('./fixtures');
const { hash, nextInWindow, inWindow } = require('./util');
const { requestedTime } = require('./week/callbackTime');

/**
 * The life of a call: registered (waiting for its time or window) -> ongoing (an attempt)
 * -> completed, or retry -> ongoing again, or failed/error once retries run out.
 * Everything here takes the instant as an argument, so a manual clock replays exactly.
 *
 * What happens is decided by the last two digits of the number called, so tests can
 * predict it:
 *   ..13  never picks up (not picked; retried per retry_not_picked, then failed)
 *   ..14  always busy (retried per retry_busy, then failed)
 *   ..66  the line fails (retried per retry_failed, then error)
 *   ..77  does not pick up the first attempt, answers the next one
 *   ..99  voicemail answers: completed with voicemail_detected
 *   other answers and talks for 18-58 seconds (from a hash of the number)
 */

/** Nominal durations in ms; the sandbox divides them by its speed. */
const TIMING = {
	queueMs: 1500,
	ringMs: 4000,
	noAnswerMs: 30000,
	busyMs: 3000,
	lineErrorMs: 1000,
	retryDelayMs: 30000,
};

/** @param {string} number */
function behaviourOf(number) {
	const tail = number.slice(-2);
	if (tail === '13') return 'no_answer';
	if (tail === '14') return 'busy';
	if (tail === '66') return 'line_error';
	if (tail === '77') return 'late_answer';
	if (tail === '99') return 'voicemail';
	return 'answer';
}

/** Talk time in seconds (two decimals) for an answered call to `number`. @param {string} number */
function talkSeconds(number) {
	const h = hash(number);
	return 18 + (h % 40) + ((h >>> 8) % 100) / 100;
}

/** Credits per minute by destination, so cost depends on duration and destination. */
const RATES = [
	['+971', 1.8],
	['+91', 0.6],
	['+44', 1.2],
	['+1', 1.0],
];
/** @param {string} number @param {number} seconds */
function costFor(number, seconds) {
	const rate = RATES.find(([prefix]) => number.startsWith(String(prefix)))?.[1] ?? 1.5;
	return Math.round((seconds / 60) * Number(rate) * 10000) / 10000;
}

/** Fills `@{{name}}` placeholders; unknown names stay as written. */
function fill(/** @type {string} */ template, /** @type {Record<string, string>} */ vars) {
	return String(template ?? '').replace(/@\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name) =>
		typeof vars[name] === 'string' ? vars[name] : whole,
	);
}

/** The callee's replies; a call picks one of the first three by its number (a bad week: its draw). */
const REPLIES = [
	'Yes, that works for me.',
	'Can you call me back tomorrow?',
	'No, thank you.',
	'Please take me off your list and do not call me again.',
];
/** The replies a call's number picks from when the week does not choose. */
const PLAIN_REPLIES = 3;
/** The reply index of a callee who asks not to be called again (a bad week's opt_out). */
const OPT_OUT = 3;
/** The assistant's goodbye, answering the reply of the same index. */
const GOODBYES = [
	'Wonderful, thank you. Goodbye!',
	'Of course, we will call you back tomorrow. Goodbye!',
	'I understand. Thank you for your time. Goodbye!',
	'Understood, we will not call you again. Goodbye!',
];

/**
 * What the seeded assistants say after the greeting, by their prompt as seeded. A prompt is
 * the assistant's instructions: it is never read out on a call.
 */
const SPOKEN = new Map(
	[
		"I'm calling to remind you of your appointment on @{{date}} at @{{time}}. Can you confirm that you will come?",
		'Would you be interested in @{{product}}? And what budget do you have in mind?',
		'Aapke order @{{order_id}} ki delivery ko aap 1 se 5 mein kitne ank denge?',
		"I'm calling to confirm your booking for @{{nights}} nights with us.",
	].map((line, i) => [AGENTS[i].agent_prompt, line]),
);

/**
 * What an assistant says for a prompt it was not seeded with: its instructions turned to the
 * caller (persona sentences dropped, the callee addressed as "you").
 * @param {string} prompt @param {Record<string, string>} vars
 */
function spokenFromPrompt(prompt, vars) {
	const name = vars.callee_name;
	const said = fill(prompt, vars)
		.split(/(?<=[.!?])\s+/)
		.map((sentence) => sentence.trim())
		.filter((sentence) => sentence && !/^you are\b/i.test(sentence))
		.map((sentence) => {
			let text = name ? sentence.split(name).join('you') : sentence;
			text = text.replace(/\bthey are\b/gi, 'you are').replace(/\bthem\b/gi, 'you');
			const verb = /^(ask|confirm|inform|let|offer|remind|tell|thank)\b/i.exec(text);
			return verb ? `I'm calling to ${text[0].toLowerCase()}${text.slice(1)}` : text;
		});
	return said.join(' ') || 'I have a quick question for you.';
}

/**
 * @param {any} agent @param {Record<string, string>} vars @param {'answer'|'voicemail'} kind @param {string} number
 * @param {number} [chosen] the reply a bad week drew (else the number picks)
 */
function transcriptFor(agent, vars, kind, number, chosen) {
	const intro = fill(agent.intro_message, vars);
	if (kind === 'voicemail') {
		return [
			{ bot: intro },
			{
				user: 'The person you are calling is not available. Please leave a message after the tone.',
			},
			{ bot: 'Sorry we missed you. We will call back later. Goodbye!' },
		];
	}
	const name = vars.callee_name;
	const seeded = SPOKEN.get(agent.agent_prompt);
	const reply = chosen ?? hash(number) % PLAIN_REPLIES;
	return [
		{ bot: intro },
		{ user: name ? `Yes, this is ${name}.` : 'Yes, speaking.' },
		{ bot: seeded ? fill(seeded, vars) : spokenFromPrompt(agent.agent_prompt, vars) },
		{ user: REPLIES[reply] },
		{ bot: GOODBYES[reply] },
	];
}

/** The local date-time (no offset) one day after `at`, at 10:00 in `zone`. */
function tomorrowAtTen(/** @type {number} */ at, /** @type {string} */ zone) {
	const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(
		new Date(at + 86400000),
	);
	return `${day}T10:00:00`;
}

/**
 * The two analyses of an ended call. Platform: the vendor reference's `analysis_data` keys
 * (key_points, action_items, summary, classification, callback_requested,
 * callback_requested_time, status, call_disconnect_reason, timezone); the format of the
 * callback time is not published: served as local time, the zone beside it. Classification
 * is one of the assistant's classification_labels when it has any.
 * @param {any} call
 */
function analysisFor(call) {
	const labels = call.classification_labels ?? [];
	if (call.status !== 'completed') return { platform_analysis: null, client_analysis: null };
	const reply = call.transcript.find(
		(/** @type {any} */ t, /** @type {number} */ i) => i === 3,
	)?.user;
	const index = call.voicemail_detected ? -1 : REPLIES.indexOf(reply);
	const callback = index === 1;
	const timezone = call.window?.zone ?? 'Asia/Kolkata';
	const fallback = ['interested', 'callback', 'not_interested'];
	// A bad week writes the requested time in one of several forms (week/callbackTime.js).
	const drawn = callback && call.week?.callback;
	const requested = drawn
		? requestedTime(call.ended_at, timezone, drawn)
		: { value: callback ? tomorrowAtTen(call.ended_at, timezone) : null, timezone };
	return {
		platform_analysis: {
			key_points: index < 0 ? [] : [`Reply: ${reply}`],
			action_items: callback ? ['Call back tomorrow at 10:00'] : [],
			summary: call.voicemail_detected
				? `Voicemail reached at ${call.to_number}; message left.`
				: `${call.agent.agent_name} spoke with ${call.name || call.to_number}. Reply: ${reply}`,
			classification:
				index < 0
					? null
					: index === OPT_OUT
						? (call.week?.optOutLabel ?? fallback[2])
						: labels.length > 0
							? labels[index % labels.length]
							: fallback[index],
			callback_requested: callback,
			callback_requested_time: requested.value,
			status: 'analyzed',
			call_disconnect_reason: index >= 2 ? 'user_hangup' : 'agent_hangup',
			timezone: requested.timezone,
		},
		client_analysis: {
			confirmed: index === 0,
			callback_requested: callback,
		},
	};
}

/**
 * The analyses an event carries for a call that never connected (failed, error): FACTS says
 * the platform analysis_data is then "empty or minimal", so both are served. 'empty' (default):
 * `{}`. 'minimal': the documented keys holding nothing (no key points, no summary, no
 * classification, no call-back; no call_disconnect_reason, as neither documented value fits a
 * call nobody answered: the sandbox's reading). The client analysis is free-form: `{}`.
 * @param {any} call @param {'empty' | 'minimal'} variant
 */
function unconnectedAnalysis(call, variant) {
	const platform =
		variant === 'minimal'
			? {
					key_points: [],
					action_items: [],
					summary: '',
					classification: null,
					callback_requested: false,
					callback_requested_time: null,
					status: 'analyzed',
					timezone: call.window?.zone ?? 'Asia/Kolkata',
				}
			: {};
	return { platform_analysis: platform, client_analysis: {} };
}

/**
 * The sub-status an event delivery carries (vendor reference, 2026-08-03): it follows the
 * status; on failed/error it is the carrier's hangup cause as lower-case free text, while
 * history and call details keep the enum.
 * @param {any} call @param {string} [status]
 */
function eventSubStatus(call, status = call.status) {
	if (status === 'registered' || status === 'retry') return 'QUEUED';
	if (status === 'failed' || status === 'error')
		return call.carrier_cause ?? String(call.sub_status).toLowerCase();
	return call.sub_status;
}

/** The carrier's words for an attempt's failure. */
const CARRIER_CAUSE = {
	busy: 'busy line',
	no_answer: 'no answer',
	line_error: 'not_able_to_call',
};

/** Retries allowed for a failure cause: its own setting, else retry_count, else none. */
function retriesAllowed(/** @type {any} */ retry, /** @type {string} */ cause) {
	const own = { no_answer: 'retry_not_picked', busy: 'retry_busy', line_error: 'retry_failed' }[
		cause
	];
	const value = retry?.[own ?? ''] ?? retry?.retry_count ?? 0;
	return Number(value);
}

/** The first instant >= at when an attempt may start, honouring schedule and window. */
function nextSlot(/** @type {any} */ call, /** @type {number} */ at) {
	let t = Math.max(at, call.scheduled_for ?? at);
	if (call.window) t = nextInWindow(call.window, t);
	return t;
}

/**
 * Puts a new call on its way at instant `at`. Returns the call_status to answer with.
 * @param {any} call @param {number} at @param {{speed: number, startStatus: string}} opts
 */
function launch(call, at, opts) {
	if (call.week?.kind === 'never_rings') {
		// A call that never ends, the other reading (a choice): registered for good, never rings.
		call.status = 'registered';
		call.sub_status = 'QUEUED';
		call.next_event_at = null;
		call.phase = 'waiting';
		return call.status;
	}
	const slot = nextSlot(call, at);
	const waits = slot > at || call.scheduled_for !== null;
	call.status = 'registered';
	call.sub_status = waits ? 'QUEUED' : 'IN_DB';
	if (!waits && opts.startStatus !== 'registered') {
		startAttempt(call, at, opts.speed);
	} else {
		call.next_event_at = waits ? slot : at + TIMING.queueMs / opts.speed;
		call.phase = 'waiting';
	}
	return call.status;
}

/** @param {any} call @param {number} at @param {number} speed */
function startAttempt(call, at, speed) {
	call.attempts += 1;
	call.status = 'ongoing';
	call.sub_status = 'ACCEPTED';
	call.call_attempt_time = at;
	call.next_attempt_time = null;
	// A bad week draws what the call comes to (week/draw.js); else the number's last digits say.
	let kind = call.week?.kind ?? behaviourOf(call.to_number);
	if (kind === 'late_answer') kind = call.attempts === 1 ? 'no_answer' : 'answer';
	call.attempt_kind = kind;
	call.phase = 'attempt';
	if (kind === 'never_ends') {
		// A call that never ends (a choice: FACTS gives no such case): ongoing for good.
		call.next_event_at = null;
		return;
	}
	const ms =
		kind === 'answer'
			? TIMING.ringMs +
				Math.min(talkSeconds(call.to_number), call.max_call_length ?? Infinity) * 1000
			: kind === 'voicemail'
				? TIMING.ringMs + 12000
				: kind === 'no_answer'
					? TIMING.noAnswerMs
					: kind === 'busy'
						? TIMING.busyMs
						: TIMING.lineErrorMs;
	call.next_event_at = at + ms / speed;
}

/**
 * Runs the call's next event at instant `at` (its next_event_at).
 * @param {any} call @param {number} at @param {{speed: number}} env
 */
function stepCall(call, at, env) {
	if (call.phase === 'waiting') {
		// A bad week's call that never rings, however it was set going (a campaign releases it).
		if (call.week?.kind === 'never_rings') {
			call.next_event_at = null;
			return;
		}
		if (call.window && !inWindow(call.window, at)) {
			call.next_event_at = nextInWindow(call.window, at);
			return;
		}
		startAttempt(call, at, env.speed);
		return;
	}
	if (call.phase !== 'attempt') {
		call.next_event_at = null;
		return;
	}
	const kind = call.attempt_kind;
	if (kind === 'answer' || kind === 'voicemail') {
		// The prompt of the version the call started with, as the service records it.
		finish(call, kind, call.agent_snapshot, at);
		return;
	}
	const allowed = retriesAllowed(call.retry, kind);
	const used = call.retries_used[kind] ?? 0;
	const totalCap = call.retry?.retry_count;
	const total = call.attempts - 1;
	if (used < allowed && (totalCap === undefined || total < totalCap)) {
		call.retries_used[kind] = used + 1;
		call.status = 'retry';
		call.sub_status = 'RETRY_SCHEDULED';
		call.phase = 'waiting';
		call.next_event_at = nextSlot(call, at + TIMING.retryDelayMs / env.speed);
		call.next_attempt_time = call.next_event_at;
		return;
	}
	call.phase = 'done';
	call.next_event_at = null;
	call.next_attempt_time = null;
	call.status = kind === 'line_error' ? 'error' : 'failed';
	call.sub_status =
		kind === 'line_error' ? 'NOT_ABLE_TO_CALL' : allowed > 0 ? 'RETRY_LIMIT_REACHED' : 'FAILED';
	call.carrier_cause = CARRIER_CAUSE[/** @type {keyof typeof CARRIER_CAUSE} */ (kind)] ?? null;
	call.ended_at = at;
	call.call_duration = 0;
	call.call_cost = 0;
	call.credits_processed = true;
}

/** @param {any} call @param {'answer'|'voicemail'} kind @param {any} agent @param {number} at */
function finish(call, kind, agent, at) {
	const seconds =
		kind === 'voicemail'
			? 12 + (hash(call.to_number) % 100) / 100
			: Math.min(talkSeconds(call.to_number), call.max_call_length ?? Infinity);
	call.phase = 'done';
	call.next_event_at = null;
	call.status = 'completed';
	call.voicemail_detected = kind === 'voicemail';
	call.sub_status =
		kind === 'voicemail'
			? 'VOICEMAIL_DETECTED'
			: call.max_call_length !== undefined && talkSeconds(call.to_number) > call.max_call_length
				? 'MAX_CALL_DURATION'
				: 'ACCEPTED';
	call.transcript = transcriptFor(agent, call.variables, kind, call.to_number, call.week?.reply);
	call.call_duration = seconds;
	call.call_cost = costFor(call.to_number, seconds);
	call.credits_processed = true;
	call.has_recording = true;
	call.ended_at = at;
}

module.exports = {
	OPT_OUT,
	TIMING,
	behaviourOf,
	talkSeconds,
	costFor,
	fill,
	transcriptFor,
	analysisFor,
	unconnectedAnalysis,
	eventSubStatus,
	launch,
	stepCall,
};
