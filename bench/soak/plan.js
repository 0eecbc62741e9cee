// @ts-check
'use strict';

/**
 * The soak's workflows, as a user wires them, run on the soak's clock: the sheets (Start, then
 * Check Calls looped through a 2-minute wait) and the follow-up (the Call Ended trigger's
 * items, routed as the shipped example routes them, to Call Back). Each node runs as n8n runs
 * it: one execution per run of the node with all its items, Retry On Fail and Continue On Fail
 * on. What the package outputs is used only to route, as a workflow would; what is true comes
 * from the world and the sandbox.
 */

const { prng } = require('../../sandbox/lib/util');

const DAY = 86_400_000;
/** Day 1 starts at midnight UTC, a Monday. */
const T0 = Date.parse('2025-06-02T00:00:00Z');

/** The instant of `hhmm` on the day after `at`, in `zone`. */
function tomorrowAt(
	/** @type {number} */ at,
	/** @type {string} */ zone,
	/** @type {string} */ hhmm,
) {
	const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(
		new Date(at + DAY),
	);
	const [h, m] = hhmm.split(':').map(Number);
	// The offset of the zone around then (read twice: the guess may sit across a change).
	let guess = Date.parse(`${day}T${hhmm}:00Z`);
	for (let i = 0; i < 2; i++) {
		const parts = new Intl.DateTimeFormat('en-CA', {
			timeZone: zone,
			hourCycle: 'h23',
			hour: '2-digit',
			minute: '2-digit',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
		}).formatToParts(guess);
		/** @type {Record<string, string>} */
		const p = {};
		for (const part of parts) p[part.type] = part.value;
		const shown = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
		guess +=
			Date.parse(`${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`) - shown;
	}
	return guess;
}

/**
 * The day's sheets: `perDay` contacts of the pool (none twice in a day; a contact comes back on
 * later days, as patients and leads do), in sheets of 1,000-3,000 rows (fewer when the day is
 * smaller), dialled from 09:00 New York (13:00 UTC) 40 minutes apart.
 * @param {{ day: number, perDay: number, contacts: any[], seed: number }} o
 */
function sheetsOfDay({ day, perDay, contacts, seed }) {
	const rand = prng(seed * 1009 + day);
	const order = contacts.map((c, i) => ({ c, k: rand(), i })).sort((a, b) => a.k - b.k);
	const chosen = order.slice(0, perDay).map((o) => o.c);
	const sheets = [];
	for (let at = 0, n = 0; at < chosen.length; n++) {
		const size = Math.min(chosen.length - at, 1000 + Math.floor(rand() * 2001));
		sheets.push({ offsetMs: 13 * 3_600_000 + n * 40 * 60_000, rows: chosen.slice(at, at + size) });
		at += size;
	}
	return sheets;
}

/** A sheet row, as a Google Sheets node gives it. */
const rowOf = (/** @type {any} */ c) => ({
	name: c.name,
	phone: c.phone,
	timezone: c.zoneColumn,
	window_start: c.window.start,
	window_end: c.window.end,
	clinic: 'Sunrise Clinic',
	date: 'June 6',
	time: '10:30',
});
const NOT_VARIABLES = 'name, phone, timezone, window_start, window_end';

/** A Call Back item that failed goes round again this much later, at most this many rounds in all. */
const RETRY_LATER_MS = 10 * 60_000;
const RETRY_ROUNDS = 9;

/** Retry On Fail (3 tries, 5 s apart) and Continue On Fail, as a careful user sets them. */
const SETTINGS = {
	retryOnFail: true,
	maxTries: 3,
	waitBetweenTries: 5000,
	onError: 'continueRegularOutput',
};

/**
 * @param {{ clock: any, credentials: (op: string) => object, listed: () => string[],
 *   byPhone: Map<string, any>, truth: any, costs: any, failures: any[], agent: string, from: string }} o
 */
function followUp(o) {
	const { clock, credentials, listed, byPhone, truth, costs, failures } = o;
	const doNotCall = () => ({ doNotCall: 'numbers', doNotCallNumbers: listed().join('\n') });
	const items = (/** @type {any[]} */ list) => list.map((json) => ({ json }));
	/** Each item an operation failed (Continue On Fail outputs it with `error`), or the run's error. */
	const failed = (/** @type {string} */ op, /** @type {any} */ out) => {
		const at = clock.now();
		if (out.error) failures.push({ op, at, error: String(out.error.message ?? out.error) });
		for (const item of out.outputs.flat()) {
			if (item.json?.error) failures.push({ op, at, error: String(item.json.error) });
		}
	};

	/** Start on a sheet, then Check Calls until nothing is pending. */
	async function dialSheet(
		/** @type {any} */ engine,
		/** @type {any[]} */ contacts,
		/** @type {number} */ waitMs,
	) {
		const started = await engine.execute({
			type: 'voiceAgentCalling',
			name: 'start',
			credentials: credentials('start'),
			items: items(contacts.map(rowOf)),
			settings: SETTINGS,
			parameters: {
				resource: 'call',
				operation: 'start',
				assistant: { __rl: true, mode: 'id', value: o.agent },
				name: '={{ $json.name }}',
				mobileNumber: '={{ $json.phone }}',
				fromNumber: { __rl: true, mode: 'list', value: o.from },
				variablesMode: 'row',
				variablesExclude: NOT_VARIABLES,
				calleeTimeZone: true,
				calleeZoneColumn: 'timezone',
				unknownZone: 'refuse',
				callConfig: {
					callStartTime: '={{ $json.window_start }}',
					callEndTime: '={{ $json.window_end }}',
					retry: {
						settings: { retry_count: 2, retry_busy: 1, retry_not_picked: 2, retry_failed: 1 },
					},
				},
				...doNotCall(),
			},
		});
		failed('start', started);
		let pending = (started.outputs[0] ?? []).filter((/** @type {any} */ i) => i.json?.call_id);
		while (pending.length > 0) {
			const checked = await engine.execute({
				type: 'voiceAgentCalling',
				name: 'checkCalls',
				credentials: credentials('checkCalls'),
				items: pending,
				settings: SETTINGS,
				parameters: { resource: 'call', operation: 'checkCalls', maxWaitMinutes: 1440 },
			});
			costs.checks.push(clock.now());
			failed('checkCalls', checked);
			pending = checked.outputs[1] ?? [];
			if (pending.length > 0) await clock.sleep(waitMs); // the Wait node: the execution is saved
		}
	}

	/**
	 * One Call Back execution for a branch's items; returns its output items. The items that
	 * failed (the error output, or every item of a run that failed) go round again after
	 * RETRY_LATER_MS, at most RETRY_ROUNDS times, as a careful user routes the error output
	 * through a Wait node back into Call Back: its Duplicate Protection finds a call-back a
	 * failed try placed after all (a 5xx after the service acted), so none is placed twice,
	 * unless its history row shows up later than the wait. `after` sees every round's output.
	 */
	async function callBack(
		/** @type {any} */ engine,
		/** @type {string} */ op,
		/** @type {any[]} */ list,
		/** @type {object} */ when,
		/** @type {(out: any[]) => void} */ after = () => {},
		round = 1,
	) {
		if (list.length === 0) return [];
		costs.callBackItems.push({ at: clock.now(), items: list.length });
		const rows = [...new Set(list.map((i) => i.json.to_number ?? i.json.mobile_number))]
			.map((phone) => byPhone.get(phone))
			.filter(Boolean)
			.map(rowOf);
		const out = await engine.execute({
			type: 'voiceAgentCalling',
			name: op,
			credentials: credentials('callBack'),
			items: list,
			settings: SETTINGS,
			parameters: {
				resource: 'call',
				operation: 'callBack',
				callId: '={{ $json.call_id ?? $json.parent_call_id }}',
				...when,
				duplicateProtection: true,
				lookBackDays: 7,
				maxAttempts: 3,
				overrides: { variableRows: rows, variableRowsLeaveOut: NOT_VARIABLES },
				...doNotCall(),
			},
		});
		failed(op, out);
		// Each item that failed, by the call it was to call back: the workflow was told (its
		// error output), so the judge can say which owed call-backs ended that way.
		const again = new Set(out.error ? list : []);
		for (const item of out.outputs.flat()) {
			if (!item.json?.error) continue;
			const input = list[item.pairedItem?.item ?? -1];
			const id = input?.json?.call_id ?? input?.json?.parent_call_id;
			if (id) truth.told.push({ call_id: id, at: clock.now(), error: String(item.json.error) });
			if (input) again.add(input);
		}
		if (again.size > 0 && round < RETRY_ROUNDS) {
			costs.retried = (costs.retried ?? 0) + again.size;
			clock.at(clock.now() + RETRY_LATER_MS, () =>
				callBack(engine, op, [...again], when, after, round + 1),
			);
		}
		for (const item of out.outputs[0] ?? []) {
			const j = item.json;
			if (j.skipped)
				costs.skips.push({
					op,
					at: clock.now(),
					parent_call_id: j.parent_call_id,
					skipped: j.skipped,
					reason: j.skip_reason,
				});
		}
		const done = (out.outputs[0] ?? []).filter((/** @type {any} */ i) => !i.json?.error);
		after(done);
		return done;
	}

	/** Sends the asked-for call-backs a day or more ahead to wait for their day (the Wait node). */
	function waitForTheDay(/** @type {any} */ engine, /** @type {any[]} */ out) {
		for (const item of out) {
			if (item.json.skipped !== 'too_far_ahead' || !item.json.send_from) continue;
			const at = Math.max(clock.now(), Date.parse(item.json.send_from));
			clock.at(at, async () => {
				await callBack(
					engine,
					'callBackOnTheDay',
					[
						{
							json: {
								parent_call_id: item.json.parent_call_id,
								to_number: item.json.mobile_number,
							},
						},
					],
					{ when: 'callbackAt' },
					(out) => waitForTheDay(engine, out),
				);
			});
		}
	}

	/** One execution of the follow-up workflow on a poll's items. */
	async function handle(/** @type {any} */ engine, /** @type {any[]} */ emitted) {
		const now = clock.now();
		const asked = [];
		const notReached = [];
		for (const item of emitted) {
			const call = item.json;
			truth.emitted.push({ call_id: call.call_id, at: now, outcome: call.outcome });
			const contact = byPhone.get(call.to_number);
			if (!contact) continue;
			if (call.outcome === 'answered' && call.callback_requested === true) asked.push(item);
			else if (['no_answer', 'busy', 'voicemail', 'failed'].includes(call.outcome)) {
				notReached.push({
					json: {
						...call,
						window_zone: contact.zone,
						window_start: contact.window.start,
						window_end: contact.window.end,
					},
				});
			} else if (call.outcome === 'answered' && contact.kind === 'declined') {
				// The callee said no: the workflow writes them to the opt-out sheet now.
				truth.doNotCall.push({ phone: contact.phone, at: now });
			}
		}
		await callBack(engine, 'callBackAsked', asked, { when: 'callbackAt' }, (out) =>
			waitForTheDay(engine, out),
		);
		await callBack(engine, 'callBackNextWindow', notReached, {
			when: 'nextWindow',
			windowStart: '={{ $json.window_start }}',
			windowEnd: '={{ $json.window_end }}',
			windowTimeZone: '={{ $json.window_zone }}',
		});
	}

	/**
	 * The week's one campaign: Campaign › Create on `contacts` (each a row, as a sheet gives
	 * it), started right away for two days, a 09:00-18:00 window in each callee's zone (one
	 * campaign per zone, the package's own split), the Do Not Call list as it stands. Its calls
	 * are the service's to place; the Call Ended trigger and Call Back follow them up as any.
	 */
	async function campaign(/** @type {any} */ engine, /** @type {any[]} */ contacts) {
		const now = clock.now();
		const created = await engine.execute({
			type: 'voiceAgentCampaign',
			name: 'campaign',
			credentials: credentials('campaign'),
			items: items(contacts.map(rowOf)),
			settings: SETTINGS,
			parameters: {
				resource: 'campaign',
				operation: 'create',
				assistant: { __rl: true, mode: 'id', value: o.agent },
				campaignName: 'Soak reminders',
				contactsSource: 'items',
				mobileNumber: '={{ $json.phone }}',
				countryCode: '+1',
				variableMapping: {
					mapping: [
						{ variable: 'callee_name', column: 'name' },
						{ variable: 'clinic', column: 'clinic' },
						{ variable: 'date', column: 'date' },
						{ variable: 'time', column: 'time' },
					],
				},
				startAt: new Date(now + 2 * 60_000).toISOString(),
				endAt: new Date(now + 2 * DAY).toISOString(),
				startRightAway: true,
				callerMode: 'numbers',
				fromNumbers: [o.from],
				calleeTimeZone: true,
				calleeZoneColumn: 'timezone',
				callConfig: { callStartTime: '09:00', callEndTime: '18:00' },
				...doNotCall(),
			},
		});
		failed('campaign', created);
		return created;
	}

	return { dialSheet, handle, campaign };
}

module.exports = { followUp, sheetsOfDay, tomorrowAt, DAY, T0 };
