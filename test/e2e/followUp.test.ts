/**
 * End to end: the example "Follow up on every ended call" imported and activated exactly as
 * shipped (its poll every minute, its 09:00-18:00 New York window, the contacts file the dev
 * set-up writes) in a real n8n (`n8n start`, activated as the editor does) against the
 * sandbox with the dev assistant, at whatever hour it runs. The calls are those a user makes
 * from the contacts file (Appointment Reminder, whose prompt uses @{{clinic}}, @{{date}} and
 * @{{time}}, with each row's values), and 50 more of the same assistant to numbers the file does
 * not have, with mixed outcomes.
 *
 * Every call is emitted once and the Switch sends each to its branch. Call Back places one
 * call-back per due call of the contacts, with the variables of the contact's row (the call
 * history keeps none); a due call of a number without a row is on the error output, written
 * to the failures file, and nothing is placed for it; answered calls land in the CSV file. No
 * call-back rings outside its window: at night it waits for 09:00 in New York, under the
 * sandbox's reading of scheduled_at (honoured on n8n 1.x, ignored on 2.x: FACTS leaves it
 * open; the window sent with it holds the call either way). Then the window opens (at night
 * the sandbox's clock moves to it): the unreached contacts' second calls ring, end unreached
 * and are called back once more, with the same variables, and their third calls are not
 * (Max Attempts 3).
 *
 * A call-back asked for a later day (the sandbox's callee says "Can you call me back
 * tomorrow?": 10:00 the next day in the analysis' zone, Asia/Kolkata) waits in the workflow:
 * its execution is saved as waiting, its Wait until the item's send_from. The calls end while
 * that time is a day or more away (before 10:00 in Kolkata: the real clock when it is, else
 * the sandbox's and n8n's clocks moved to 01:00 there). Then n8n is stopped and started again
 * on the same user folder "the next day", an hour before send_from, its clock and the
 * sandbox's moved there (libfaketime, test/helpers/fakeClock.ts); once it has started, both
 * move to a minute before send_from: n8n's own wait tracker resumes the execution, and Call
 * back on the day places the call once, for the day and time
 * asked, with its window; it rings then, inside it. The asked numbers without a row fail on
 * that day, written to the failures file.
 * Run with `npm run test:e2e -- test/e2e/followUp.test.ts` (`-- --n8n2` for n8n 2.x).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { fixtures } from '../../sandbox';
import { bound } from '../../lib/bounds';
import { e2eSuite, MAJOR, REPO } from '../helpers/e2eSuite';
import { morePolls, waitFor } from '../helpers/wait';
import { withN8nLog } from '../helpers/n8nLog';

const WORKFLOW = 'exFollowUpEnded';
const FROM = fixtures.NUMBERS[0].number;
const AGENT = fixtures.AGENTS[0].id;
const FINAL = new Set(['completed', 'failed', 'error', 'cancelled', 'forwarded']);
const HOUR = 3_600_000;
const ZONE = 'America/New_York';
/** The example's poll is every minute on both lines: one more poll shows nothing is left. */
const QUIET_POLLS = 1;
const SCHEDULED_AT = MAJOR === 1 ? 'honour' : 'ignore';

/** The workflow exactly as shipped. */
const workflow = () =>
	JSON.parse(readFileSync(path.join(REPO, 'examples/follow-up-on-every-ended-call.json'), 'utf8'));

/** The contacts file the dev set-up and this suite's files folder hold, with its numbers. */
const CONTACTS = (() => {
	const [head, ...lines] = readFileSync(
		path.join(REPO, 'examples/files/campaign/contacts.csv'),
		'utf8',
	)
		.trim()
		.split(/\r?\n/);
	const columns = head.split(',');
	return lines
		.map((line, n) => {
			const row = Object.fromEntries(line.split(',').map((v, k) => [columns[k], v]));
			const digits = row.phone.replace(/\D/g, '');
			const number =
				digits.length === 10 ? `+1${digits}` : digits.length === 11 ? `+${digits}` : null;
			const { name, phone: _phone, ...variables } = row;
			return { row: n + 1, name, number, variables };
		})
		.filter((c): c is typeof c & { number: string } => c.number !== null);
})();

/** `YYYY-MM-DDTHH:MM:SS` of an instant in a zone. */
function localIso(ms: number, zone: string): string {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-CA', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
			.formatToParts(ms)
			.map((p) => [p.type, p.value]),
	);
	return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The instant of a local time in New York (UTC-5 or UTC-4). */
function nyInstant(local: string): number {
	for (const offset of [5, 4]) {
		const ms = Date.parse(`${local}Z`) + offset * HOUR;
		if (localIso(ms, ZONE) === local) return ms;
	}
	throw new Error(`${local} is no time in ${ZONE}`);
}

/** Whether an instant is inside a daily window of a zone ("HH:MM" bounds). */
const insideWindow = (ms: number, w: { start: string; end: string; zone: string }) => {
	const hhmm = localIso(ms, w.zone).slice(11, 16);
	return hhmm >= w.start && hhmm < w.end;
};
const SHIPPED_WINDOW = { start: '09:00', end: '18:00', zone: ZONE };
/** The zone of the sandbox's analysis, where a call-back is asked for "tomorrow at 10:00". */
const KOLKATA = 'Asia/Kolkata';
const WAIT = 'Wait until send_from';

/**
 * How far (whole seconds) to move the clocks from `now` so that the calls end while
 * "tomorrow at 10:00" in Kolkata is a day or more away, with hours to spare for the run:
 * nothing from 00:15 to 08:00 there, else to the next 01:00 there (Kolkata keeps +05:30).
 */
function laterDayShift(now: number): number {
	const minute = Math.floor(((now + 5.5 * HOUR) % (24 * HOUR)) / 60_000);
	if (minute >= 15 && minute < 8 * 60) return 0;
	const day = 24 * HOUR;
	const oneAm = Math.floor((now + 5.5 * HOUR) / day) * day + HOUR - 5.5 * HOUR;
	const next = oneAm > now ? oneAm : oneAm + day;
	return Math.ceil((next - now) / 1000) * 1000;
}

/** 50 numbers without a row: 26 answer, 8 never pick up, 6 busy, 6 reach voicemail, 4 cannot be called. */
const PLAN: Array<[suffix: string, count: number]> = [
	['50', 26],
	['13', 8],
	['14', 6],
	['99', 6],
	['66', 4],
];
const STRANGERS = PLAN.flatMap(([suffix, count], p) =>
	Array.from({ length: count }, (_, n) => `+14155${p}${String(n).padStart(2, '0')}0${suffix}`),
);

/** The items of one output of a node in an execution, over all its runs (a loop runs it again). */
const itemsOf = (e: { runData: any }, node: string, output = 0): any[] =>
	(e.runData?.[node] ?? []).flatMap((run: any) =>
		(run.data?.main?.[output] ?? []).map((i: any) => i.json),
	);

const suite = e2eSuite({
	label: 'Follow-up',
	seed: 13,
	scheduledAt: SCHEDULED_AT,
	workflows: () => [workflow()],
});

describe(`n8n ${MAJOR}.x the example Follow up on every ended call, as shipped (scheduled_at ${SCHEDULED_AT === 'honour' ? 'honoured' : 'ignored'})`, () => {
	test("the contacts' due calls called back with their row's variables, never outside the window; the others on the error output, written out; the answered in the file; at most 3 calls per unreached contact", async () => {
		const { sandbox, timed, files } = suite;
		const headers = { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' };
		const api = async (method: string, route: string, body?: object) => {
			const res = await fetch(`${sandbox.url}${route}`, {
				method,
				headers,
				...(body ? { body: JSON.stringify(body) } : {}),
			});
			const json = (await res.json()) as any;
			if (res.status !== 200)
				throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
			return json;
		};
		expect(CONTACTS.map((c) => c.number)).toEqual([
			'+14155550142',
			'+14155550121',
			'+14155550177',
			'+14155550199',
		]);

		sandbox.setFaults([{ endpoint: 'GET /calling/history', action: 'pass' }]);
		const reads = () => Number(sandbox.faults.describe().rules[0]?.fired ?? 0);
		// The run in the hours when "tomorrow at 10:00" in Kolkata is a day or more ahead.
		const shift = laterDayShift(sandbox.now());
		if (shift > 0) sandbox.advance(shift);
		suite.n8nClockAt(sandbox.now());
		await suite.activate(WORKFLOW);
		const server = await suite.n8nReady();
		try {
			// The first poll only records where it starts: the calls come after it.
			await timed('the first poll', () =>
				waitFor('the first poll', () => reads() >= 1, bound('poll')),
			);
			const numberOf = new Map<string, string>();
			const contactOf = new Map<string, (typeof CONTACTS)[number]>();
			const dial = async (name: string, number: string, variables: Record<string, string>) => {
				const placed = await api('POST', '/calling/outbound/individual', {
					name,
					mobile_number: number,
					agent_id: AGENT,
					from_number: FROM,
					custom_args_values: variables,
					// No retries: every call ends within seconds at the sandbox's speed.
					call_config: { retry_count: 0 },
				});
				numberOf.set(placed.data.call_id, number);
				return placed.data.call_id as string;
			};
			// As Start or a campaign dials the contacts file: each row's values as variables.
			for (const contact of CONTACTS)
				contactOf.set(await dial(contact.name, contact.number, contact.variables), contact);
			for (const [n, number] of STRANGERS.entries())
				await dial(`Caller ${n}`, number, { clinic: 'Elsewhere', date: 'June 9', time: '12:00' });
			const ids = [...numberOf.keys()];
			await timed(`${ids.length} calls end`, () =>
				waitFor('every call final', () =>
					ids.every((id) => FINAL.has(sandbox.call(id)?.status ?? '')),
				),
			);

			// What each call was, from the service itself: its details with the analysis.
			const truth = new Map<string, any>();
			for (const id of ids)
				truth.set(id, (await api('GET', `/calling/call-details?id=${id}&send_analysis=true`)).data);
			const suffix = (id: string) => numberOf.get(id)!.slice(-2);
			const answering = (id: string) => !['13', '14', '99', '66', '77'].includes(suffix(id));
			const asked = ids.filter(
				(id) => answering(id) && truth.get(id).platform_analysis?.callback_requested === true,
			);
			const answered = ids.filter((id) => answering(id) && !asked.includes(id));
			// 77 answers only a retry, and these calls have none.
			const unreached = ids.filter((id) => ['13', '14', '99', '77'].includes(suffix(id)));
			expect(unreached.filter((id) => contactOf.has(id)).map((id) => numberOf.get(id))).toEqual([
				'+14155550177',
				'+14155550199',
			]);
			expect(asked.length).toBeGreaterThan(0);
			expect(answered.length).toBeGreaterThan(0);

			const runs = async () => await suite.executions(WORKFLOW);
			const settled = (list: Awaited<ReturnType<typeof runs>>) =>
				list.every((e) => e.status !== 'running' && e.status !== 'new');
			const callBacks = () => sandbox.ledger.filter((e) => e.parent_call_id);
			const backOf = (id: string) => callBacks().find((e) => e.parent_call_id === id);
			const view = (id: string) => sandbox.call(id)!;
			/** When a call first rang, or null: it has not yet (retries are never set here). */
			const rang = (id: string) =>
				view(id).attempts > 0 ? Date.parse(view(id).call_attempt_time) : null;
			const notReachedContacts = unreached.filter((id) => contactOf.has(id));

			// The first round: every call emitted, the unreached contacts called back.
			await timed('every call emitted, the unreached contacts called back', () =>
				waitFor(
					'the unreached contacts called back, no execution running',
					async () => notReachedContacts.every(backOf) && settled(await runs()),
					bound('poll', 4),
				),
			);
			// Not reached: at the next opening of 09:00-18:00 in New York, always with the window
			// (call_time). Open now: the window alone, no scheduled_at (the service calls now, and a
			// retry or a queued call still rings inside it); closed: the window and its opening as
			// scheduled_at, so a service ignoring scheduled_at still waits, and nothing rings before it.
			const callTimes = notReachedContacts.map(
				(id) => (backOf(id)!.call_time ?? null) as Record<string, string> | null,
			);
			const closed = callTimes[0]?.scheduled_at !== undefined;
			for (const callTime of callTimes) {
				const window = { call_start_time: '09:00', call_end_time: '18:00', timezone: ZONE };
				expect(callTime).toEqual(
					closed ? { ...window, scheduled_at: expect.stringMatching(/T09:00:00$/) } : window,
				);
			}
			/** No call-back rang outside its window (a call-back asked for: the window sent). */
			const rangInWindow = () =>
				callBacks().flatMap((e) => {
					const at = rang(e.call_id);
					if (at === null) return [];
					const t = e.call_time as Record<string, string> | undefined;
					const w = t?.call_start_time
						? { start: t.call_start_time, end: t.call_end_time, zone: t.timezone }
						: SHIPPED_WINDOW;
					// One asked for and due now was placed without a window: it rings when placed.
					if (!t && asked.includes(e.parent_call_id!)) return [];
					return insideWindow(at, w)
						? []
						: [`${e.call_id} rang at ${localIso(at, w.zone)} (${w.zone})`];
				});
			expect(rangInWindow()).toEqual([]);
			// At night nothing has rung: the window holds the call-backs, whatever the reading.
			if (closed)
				expect(notReachedContacts.map((id) => rang(backOf(id)!.call_id))).toEqual(
					notReachedContacts.map(() => null),
				);
			/**
			 * The window opens for a call-back it holds: the sandbox's clock moves to its opening
			 * (at night; or when the window closed between two rounds of the run).
			 */
			const openHeldWindows = () => {
				for (const e of callBacks()) {
					const t = e.call_time as Record<string, string> | undefined;
					// Placed inside an open window (no scheduled_at): it rings when placed.
					if (t?.timezone !== ZONE || !t.scheduled_at || rang(e.call_id) !== null) continue;
					const opening = nyInstant(t.scheduled_at);
					// By whole seconds, as n8n's clock can follow it (n8nClockAt).
					if (opening > sandbox.now())
						sandbox.advance(Math.ceil((opening - sandbox.now()) / 1000) * 1000 + 60_000);
				}
			};
			openHeldWindows();

			// Max Attempts over executions: the second calls ring in the window, end unreached, and
			// each is called back once more (attempt 3), with the row's variables again; the third
			// calls end unreached too and are not called back (attempt 4 > 3).
			const skippedThirds = (list: Awaited<ReturnType<typeof runs>>) =>
				list.flatMap((e) =>
					(e.runData?.['Call back in the next window']?.[0].data.main[0] ?? [])
						.map((i: any) => i.json)
						.filter((j: any) => j.skipped === 'max_attempts'),
				);
			await timed('the second and third calls ring, end and are routed', () =>
				waitFor(
					'each third call emitted and skipped, no execution running',
					async () => {
						openHeldWindows();
						const now = await runs();
						return skippedThirds(now).length >= notReachedContacts.length && settled(now);
					},
					bound('poll', 8),
				),
			);
			// Only the trigger reads the history once no execution runs: more polls, nothing new.
			await morePolls(reads, QUIET_POLLS);
			const list = await runs();
			// Every execution ended, but those that hold a call-back for a later day in their Wait.
			const waiting = list.filter((e) => e.status !== 'success');
			expect(waiting.map((e) => [e.status, WAIT in e.runData])).toEqual(
				waiting.map(() => ['waiting', true]),
			);

			/** The items of a node's output across the executions. */
			const out = (node: string, output = 0) => list.flatMap((e) => itemsOf(e, node, output));
			const sorted = (a: string[]) => [...a].sort();
			const seconds = notReachedContacts.map((id) => backOf(id)!.call_id);
			const thirds = seconds.map((id) => backOf(id)?.call_id ?? `no call-back of ${id}`);
			// Each call emitted once: the first calls, then the contacts' second and third calls.
			expect(sorted(out('When a call ends').map((j) => j.call_id))).toEqual(
				sorted([...ids, ...seconds, ...thirds]),
			);
			// The contacts file was read once per execution, its 5 rows each time.
			expect(out('Contacts')).toHaveLength(5 * list.length);
			expect(sorted(out('By outcome', 0).map((j) => j.call_id))).toEqual(sorted(asked));
			expect(sorted(out('By outcome', 1).map((j) => j.call_id))).toEqual(
				sorted([...unreached, ...seconds, ...thirds]),
			);
			expect(sorted(out('By outcome', 2).map((j) => j.call_id))).toEqual(sorted(answered));

			// Call-back asked for a day or more ahead (the sandbox asks for tomorrow at 10:00): not
			// placed yet (a service ignoring scheduled_at would ring a day early), whoever it is; the
			// item says from when it can be, and waits until then in the Wait.
			const whenAsked = out('Call back when asked');
			const notYet = whenAsked.filter((j) => j.skipped === 'too_far_ahead');
			expect(sorted(notYet.map((j) => j.parent_call_id))).toEqual(sorted(asked));
			for (const item of notYet) {
				expect(item).toMatchObject({ attempt: 2, already_called_back: false });
				expect(item.skip_reason).toMatch(/^When: .* is a day or more away: /);
				// Asked for 10:00 on a day in Kolkata: it can be sent, with its window of 10:00-12:00,
				// once that window's opening the day before is over.
				expect(item.requested_time).toMatchObject({ timezone: KOLKATA, zone_from: 'analysis' });
				expect(item.requested_time.value).toMatch(/^\d{4}-\d{2}-\d{2}T10:00:00$/);
				const dayBefore = new Date(
					Date.parse(`${item.requested_time.value.slice(0, 10)}T00:00:00Z`) - 24 * HOUR,
				);
				expect(item.send_from).toBe(`${dayBefore.toISOString().slice(0, 10)}T12:00:00+05:30`);
			}
			expect(sorted(out('Asked for a later day?').map((j) => j.parent_call_id))).toEqual(
				sorted(asked),
			);
			for (const e of waiting) {
				const held = itemsOf(e, WAIT);
				expect(Date.parse(e.waitTill!)).toBe(Math.min(...held.map((j) => Date.parse(j.send_from))));
			}
			const due = [
				...asked.filter((id) => !notYet.some((j) => j.parent_call_id === id)),
				...unreached,
			];
			const dueContacts = due.filter((id) => contactOf.has(id));
			const dueStrangers = due.filter((id) => !contactOf.has(id));

			// Never twice, and only the contacts: one call-back per due contact call and per second
			// call; each with the same callee, assistant, name and the variables of its row.
			expect(sorted(callBacks().map((e) => e.parent_call_id!))).toEqual(
				sorted([...dueContacts, ...seconds]),
			);
			expect(sandbox.ledger).toHaveLength(ids.length + dueContacts.length + seconds.length);
			const placedItems = [...whenAsked, ...out('Call back in the next window')].filter(
				(j) => j.call_id && !j.skipped,
			);
			const firstOf = new Map(seconds.map((id, n) => [id, notReachedContacts[n]]));
			for (const e of callBacks()) {
				const source = e.parent_call_id!;
				const contact = contactOf.get(firstOf.get(source) ?? source)!;
				expect({
					...e,
					name: view(e.call_id).name,
					variables: view(e.call_id).custom_args_values,
				}).toMatchObject({
					name: contact.name,
					mobile_number: contact.number,
					agent_id: AGENT,
					from_number: FROM,
					variables: contact.variables,
				});
				expect(placedItems.find((j) => j.parent_call_id === source)).toMatchObject({
					call_id: e.call_id,
					attempt: firstOf.has(source) ? 3 : 2,
					already_called_back: false,
					variables_from: 'rows',
					variables_row: contact.row,
				});
			}
			// Each third call: skipped, attempt 4, nothing placed.
			const skipped = skippedThirds(list);
			expect(sorted(skipped.map((j) => j.parent_call_id))).toEqual(sorted(thirds));
			expect(new Set(skipped.map((j) => j.attempt))).toEqual(new Set([4]));

			// Every due call of a number without a row: on the error output, in the failures file,
			// with what is missing; nothing placed for it.
			const failures = out('Call back when asked', 1).concat(
				out('Call back in the next window', 1),
			);
			expect(failures).toHaveLength(dueStrangers.length);
			for (const failure of failures)
				expect(failure.error).toMatch(
					/^Overrides › Variables: the original call's variables are not known \(a history row does not carry them, and no row of Variables From Rows \(5\) has \+1\d{10}\), and it needs @\{\{clinic\}\}, @\{\{date\}\}, @\{\{time\}\}, which the assistant uses: give them here \[item \d+\]$/,
				);
			const folder = path.join(files, 'follow-up');
			const csvRows = (pattern: RegExp) =>
				readdirSync(folder)
					.filter((f) => pattern.test(f))
					.flatMap((f) =>
						readFileSync(path.join(folder, f), 'utf8').trim().split(/\r?\n/).slice(1),
					);
			const failed = csvRows(/^failed-\d+-\d+\.csv$/);
			expect(sorted(failed.map((row) => row.split(',')[0]))).toEqual(sorted(dueStrangers));
			for (const row of failed) expect(row).toContain('no row of Variables From Rows (5) has');

			// Answered: one CSV per execution that had any, a row per call, as the Set node made it.
			const expected = answered.map((id) => {
				const a = truth.get(id).platform_analysis;
				const csv = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
				return [id, numberOf.get(id)!, 'answered', a.classification, a.summary].map(csv).join(',');
			});
			expect(sorted(csvRows(/^answered-\d+\.csv$/))).toEqual(sorted(expected));

			const askedContacts = asked.filter((id) => contactOf.has(id));
			const askedStrangers = asked.filter((id) => !contactOf.has(id));
			expect(askedContacts.map((id) => numberOf.get(id))).toEqual(['+14155550121']);
			const ledgerBefore = sandbox.ledger.length;

			// The next day: n8n stopped, started again on the same user folder an hour before
			// send_from, its clock moved there, and the sandbox's (unless a night run moved it past
			// that to open the window). Once its start is over, both clocks move to a minute before
			// send_from, and n8n's wait tracker, running, resumes the execution at its time. Not
			// during the start, whatever it lasts: n8n (2.41.1, and 1.123 on a loaded machine),
			// started when a waiting execution was due, resumed it there while its crash recovery,
			// in the same start, marked it crashed.
			const sendFroms = [...new Set(notYet.map((j) => j.send_from as string))];
			expect(sendFroms).toHaveLength(1);
			const sendFrom = Date.parse(sendFroms[0]);
			await suite.stopN8n();
			/** n8n's clock to `at`; the sandbox's too (by whole seconds), unless it is past it. */
			const clocksTo = (at: number) => {
				if (at > sandbox.now()) {
					sandbox.advance(Math.ceil((at - sandbox.now()) / 1000) * 1000);
					suite.n8nClockAt(sandbox.now());
				} else suite.n8nClockAt(at);
			};
			clocksTo(sendFrom - HOUR);
			const waitingIds = waiting.map((e) => e.id);
			// Every status each showed on the way (n8n's crash recovery can amend a waiting
			// execution in a start), told if one does not end well.
			const seen = new Map<string, string[]>();
			const resumed = async () => {
				const now = (await runs()).filter((e) => waitingIds.includes(e.id));
				for (const e of now) {
					const trail = seen.get(e.id) ?? [];
					if (trail.at(-1) !== e.status) trail.push(e.status);
					seen.set(e.id, trail);
				}
				return now;
			};
			await timed('n8n the next day: the waiting executions resumed and ended', async () => {
				await suite.n8nReady();
				// Started: still waiting, nothing due yet.
				expect((await resumed()).map((e) => e.status)).toEqual(waitingIds.map(() => 'waiting'));
				clocksTo(sendFrom - 60_000);
				await waitFor(
					'every waiting execution resumed and ended',
					async () => {
						const now = await resumed();
						return now.every((e) => !['waiting', 'running', 'new'].includes(e.status));
					},
					bound('poll', 2),
				);
			});
			const after = await resumed();
			expect(after.map((e) => ({ id: e.id, status: e.status, seen: seen.get(e.id) }))).toEqual(
				after.map((e) => ({ id: e.id, status: 'success', seen: expect.any(Array) })),
			);
			const onTheDay = after.flatMap((e) => itemsOf(e, 'Call back on the day'));
			const failedOnTheDay = after.flatMap((e) => itemsOf(e, 'Call back on the day', 1));

			// Each asked contact called back once, no earlier than send_from, for the day and time
			// asked, in a window from it; with its row's variables. Nothing else placed.
			const later = sandbox.ledger.slice(ledgerBefore);
			expect(later.map((e) => e.parent_call_id)).toEqual(askedContacts);
			for (const e of later) {
				const item = notYet.find((j) => j.parent_call_id === e.parent_call_id)!;
				const contact = contactOf.get(e.parent_call_id!)!;
				expect(Date.parse(e.at)).toBeGreaterThanOrEqual(sendFrom);
				expect(e.call_time).toEqual({
					call_start_time: '10:00',
					call_end_time: '12:00',
					timezone: KOLKATA,
					scheduled_at: item.requested_time.value,
				});
				expect({
					name: view(e.call_id).name,
					variables: view(e.call_id).custom_args_values,
				}).toEqual({ name: contact.name, variables: contact.variables });
				expect(onTheDay.filter((j) => j.parent_call_id === e.parent_call_id)).toEqual([
					expect.objectContaining({
						call_id: e.call_id,
						attempt: 2,
						already_called_back: false,
						variables_from: 'rows',
						variables_row: contact.row,
					}),
				]);
			}
			// The asked numbers without a row: on that day, on the error output and in the file.
			expect(failedOnTheDay).toHaveLength(askedStrangers.length);
			expect(sorted(csvRows(/^failed-\d+-\d+\.csv$/).map((row) => row.split(',')[0]))).toEqual(
				sorted([...dueStrangers, ...askedStrangers]),
			);

			// It rings on the day asked, when its window opens, inside it (either reading of
			// scheduled_at): the sandbox's clock moves there.
			for (const e of later) {
				const opening = Date.parse(`${(e.call_time as Record<string, string>).scheduled_at}+05:30`);
				if (opening > sandbox.now())
					sandbox.advance(Math.ceil((opening - sandbox.now()) / 1000) * 1000);
				await waitFor(`call-back ${e.call_id} to ring`, () => rang(e.call_id) !== null);
				expect(localIso(rang(e.call_id)!, KOLKATA)).toBe(
					(e.call_time as Record<string, string>).scheduled_at,
				);
			}
			expect(sandbox.ledger).toHaveLength(ledgerBefore + askedContacts.length);

			// Nothing rang outside its window, over every round.
			expect(rangInWindow()).toEqual([]);
			suite.timings.push(
				`${list.length} execution(s), ${waiting.length} waiting for a later day; clocks moved ${Math.round(shift / 60_000)} min; window ${closed ? 'closed' : 'open'} at the run; asked ${asked.length}, not reached ${unreached.length}, answered ${answered.length}; call-backs: ${dueContacts.length} of contacts, ${failures.length} without a row written out; ${seconds.length} second calls called back, ${skipped.length} third calls skipped`,
			);
		} catch (error) {
			throw withN8nLog(error, server.log());
		} finally {
			sandbox.setFaults(null);
		}
	});
});
