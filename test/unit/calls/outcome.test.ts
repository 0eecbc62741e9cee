import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';

import { OUTCOMES, outcomeOf, type OutcomeInput } from '../../../nodes/shared/calls/outcome';
import {
	NOT_REACHED,
	passesOutcomeFilter,
	PASSING_REFUSALS,
} from '../../../nodes/shared/calls/outcomeFilter';

const input = (status: string | null, sub: string | null, more: Partial<OutcomeInput> = {}) => ({
	status,
	sub_status: sub,
	voicemail_detected: null,
	duration_seconds: null,
	analysis: null,
	...more,
});

const of = (status: string | null, sub: string | null, more: Partial<OutcomeInput> = {}) =>
	outcomeOf(input(status, sub, more)).outcome;

test('the closed list, in the order docs/call-record.md gives it', () => {
	expect(OUTCOMES).toEqual([
		'pending',
		'answered',
		'voicemail',
		'no_answer',
		'busy',
		'rejected',
		'invalid_number',
		'do_not_disturb',
		'not_placed',
		'cancelled',
		'transferred',
		'failed',
	]);
});

describe('the table of docs/call-record.md, value by value', () => {
	test.each([
		['registered', 'IN_DB'],
		['registered', 'QUEUED'],
		['registered', 'DND_SKIPPED'],
		['ongoing', 'ACCEPTED'],
		['retry', 'RETRY_SCHEDULED'],
		['retry', 'QUEUED'],
		[null, 'USER_TERMINATED'],
		['transferring', 'ACCEPTED'],
	])('not final: %s / %s -> pending', (status, sub) => {
		expect(of(status, sub)).toBe('pending');
	});

	// The history/details enum, on the status it comes with.
	test.each([
		['completed', 'ACCEPTED', 'answered'],
		['completed', 'USER_TERMINATED', 'answered'],
		['completed', 'USER_LEFT', 'answered'],
		['completed', 'USER_BECAME_IDLE', 'answered'],
		['completed', 'MAX_CALL_DURATION', 'answered'],
		['completed', 'PHONOS_TIMEOUT', 'answered'],
		['completed', 'CAMPAIGN_TIME_EXCEEDED', 'answered'],
		['completed', 'RECONCILED_TO_COMPLETED_FROM_ONGOING', 'answered'],
		['completed', 'VOICEMAIL_DETECTED', 'voicemail'],
		['completed', 'VOICEMAIL_DETECTED_VIA_LLM', 'voicemail'],
		['completed', 'USER_DID_NOT_JOIN', 'no_answer'],
		['failed', 'USER_DID_NOT_JOIN', 'no_answer'],
		['failed', 'DND_SKIPPED', 'do_not_disturb'],
		['cancelled', 'DND_SKIPPED', 'do_not_disturb'],
		['error', 'NOT_ABLE_TO_CALL', 'not_placed'],
		['error', 'PRE_CALL_API_FAILED', 'not_placed'],
		['error', 'RECONCILED_TO_ERROR_FROM_REGISTERED', 'not_placed'],
		['error', 'IN_DB', 'not_placed'],
		['failed', 'QUEUED', 'not_placed'],
		['cancelled', 'RATE_LIMITED', 'not_placed'],
		['error', 'RECONCILED_TO_ERROR_FROM_RETRY', 'failed'],
		['error', 'RECONCILED_TO_ERROR_FROM_ONGOING', 'failed'],
		['failed', 'RETRY_LIMIT_REACHED', 'failed'],
		['failed', 'FAILED', 'failed'],
		['failed', 'CAMPAIGN_TIME_EXCEEDED', 'failed'],
		['failed', 'RETRY_SCHEDULED', 'failed'],
		['cancelled', 'USER_TERMINATED', 'cancelled'],
		['cancelled', null, 'cancelled'],
		['forwarded', 'ACCEPTED', 'transferred'],
		['forwarded', null, 'transferred'],
	])('%s / %s -> %s', (status, sub, outcome) => {
		expect(outcomeOf(input(status, sub))).toEqual({ outcome, outcome_detail: null });
	});

	// The carrier's free text on failed/error event deliveries (FACTS' examples).
	test.each([
		['failed', 'busy line', 'busy'],
		['failed', 'Busy Line', 'busy'],
		['failed', 'no answer', 'no_answer'],
		['failed', 'no_answer', 'no_answer'],
		['failed', 'ring timeout reached', 'no_answer'],
		['failed', 'rejected', 'rejected'],
		['error', 'unallocated_number', 'invalid_number'],
		['error', 'network error', 'failed'],
		['error', 'not_able_to_call', 'not_placed'],
		['failed', 'retry_limit_reached', 'failed'],
		['failed', 'user_did_not_join', 'no_answer'],
		['failed', 'failed', 'failed'],
	])('carrier text: %s / %s -> %s', (status, sub, outcome) => {
		expect(outcomeOf(input(status, sub))).toEqual({ outcome, outcome_detail: null });
	});

	test('statuses in any case and with spaces', () => {
		expect(of(' COMPLETED ', 'accepted')).toBe('answered');
		expect(of('Failed', 'BUSY_LINE')).toBe('busy');
	});
});

describe('an unknown sub-status maps by its status and is kept in outcome_detail', () => {
	test.each([
		['failed', 'circuit congestion', 'failed'],
		['error', 'SOMETHING_NEW', 'failed'],
		['cancelled', 'ADMIN_STOP', 'cancelled'],
		['forwarded', 'x', 'transferred'],
		['completed', 'NEW_REASON', 'answered'],
		['ongoing', 'RINGING', 'pending'],
	])('%s / %s -> %s', (status, sub, outcome) => {
		expect(outcomeOf(input(status, sub))).toEqual({ outcome, outcome_detail: sub });
	});
});

describe('a completed call whose sub-status says nothing finer: flag, duration, analysis', () => {
	test.each([
		[{ voicemail_detected: true }, 'voicemail'],
		[{ voicemail_detected: false, duration_seconds: 0 }, 'no_answer'],
		[{ duration_seconds: 12.5 }, 'answered'],
		[{ analysis: {} }, 'no_answer'],
		[{ analysis: { status: 'analyzed', summary: '', key_points: [] } }, 'no_answer'],
		[{ analysis: { summary: 'Ada agreed.' } }, 'answered'],
		[{ analysis: { key_points: ['agreed'] } }, 'answered'],
		[{ analysis: { call_disconnect_reason: 'user_hangup' } }, 'answered'],
		[{}, 'answered'],
	])('%j -> %s', (more, outcome) => {
		expect(of('completed', null, more)).toBe(outcome);
		expect(of('completed', 'SOMETHING_NEW', more)).toBe(outcome);
	});

	test('the voicemail flag outweighs a sub-status that says answered, not a finer one', () => {
		expect(of('completed', 'USER_TERMINATED', { voicemail_detected: true })).toBe('voicemail');
		expect(of('completed', 'USER_DID_NOT_JOIN', { voicemail_detected: true })).toBe('no_answer');
	});

	test('a known sub-status decides over duration and analysis', () => {
		expect(of('completed', 'ACCEPTED', { duration_seconds: 0, analysis: {} })).toBe('answered');
		expect(of('failed', 'busy line', { duration_seconds: 30 })).toBe('busy');
	});
});

test('property: any input gives exactly one outcome of the list, never throws', () => {
	const maybeText = fc.option(fc.oneof(fc.string(), fc.constantFrom('completed', 'failed')));
	fc.assert(
		fc.property(
			maybeText,
			maybeText,
			fc.option(fc.boolean()),
			fc.option(fc.double({ noNaN: true, min: 0, max: 1e6 })),
			fc.option(fc.dictionary(fc.string(), fc.jsonValue())),
			(status, sub, voicemail, duration, analysis) => {
				const result = outcomeOf({
					status,
					sub_status: sub,
					voicemail_detected: voicemail,
					duration_seconds: duration,
					analysis: analysis as Record<string, unknown> | null,
				});
				expect(OUTCOMES).toContain(result.outcome);
				expect(result.outcome_detail === null || result.outcome_detail === sub).toBe(true);
			},
		),
	);
});

describe('docs/call-record.md: its outcome tables are what the module does', () => {
	const doc = readFileSync(join(__dirname, '../../../docs/call-record.md'), 'utf8');
	/** The rows of the table whose header starts with `header`, as cells. */
	const rows = (header: string) => {
		const lines = doc.split('\n');
		const start = lines.findIndex((l) => l.startsWith(`| ${header}`));
		const body: string[][] = [];
		for (const line of lines.slice(start + 2)) {
			if (!line.startsWith('|')) break;
			body.push(
				line
					.split('|')
					.slice(1, -1)
					.map((c) => c.trim()),
			);
		}
		return body;
	};
	const values = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

	test('sub-statuses that decide, on every final status but forwarded', () => {
		const table = rows('Sub-status (history');
		expect(table.length).toBeGreaterThan(5);
		for (const [subs, outcome] of table)
			for (const sub of values(subs))
				for (const status of ['completed', 'failed', 'error', 'cancelled'])
					expect([status, sub, of(status, sub)]).toEqual([status, sub, values(outcome)[0]]);
	});

	/** Whether a final call with this status and sub-status passes Not Reached. */
	const notReached = (status: string, sub: string | null) =>
		passesOutcomeFilter(
			{ ...outcomeOf(input(status, sub)), sub_status: sub },
			{ outcomes: [NOT_REACHED], classification: '' },
		);
	/** The outcomes the paragraph on Not Reached lists. */
	const notReachedList = () => {
		const paragraph = doc.slice(doc.indexOf('**Not Reached** (the Outcomes filter'));
		return values(paragraph.slice(0, paragraph.indexOf('\n\n')).split(' only where')[0]);
	};

	test('In Not Reached, sub-status by sub-status of the first table (the cause decides not_placed)', () => {
		const table = rows('Sub-status (history');
		const yes: string[] = [];
		for (const [subs, , member] of table)
			for (const sub of values(subs)) {
				if (member.startsWith('yes')) yes.push(sub);
				for (const status of ['completed', 'failed', 'error', 'cancelled'])
					expect([status, sub, notReached(status, sub)]).toEqual([
						status,
						sub,
						member.startsWith('yes'),
					]);
			}
		const refusals = yes.filter((sub) => of('error', sub) === 'not_placed');
		expect(refusals.map((sub) => sub.toLowerCase())).toEqual(PASSING_REFUSALS);
	});

	test('the Not Reached paragraph lists its outcomes, and every other outcome is out', () => {
		const listed = notReachedList();
		expect(listed).toEqual(['no_answer', 'busy', 'voicemail', 'rejected', 'failed', 'not_placed']);
		for (const outcome of OUTCOMES.filter((o) => o !== 'not_placed'))
			expect([
				outcome,
				passesOutcomeFilter(
					{ outcome, sub_status: null },
					{ outcomes: [NOT_REACHED], classification: '' },
				),
			]).toEqual([outcome, listed.includes(outcome)]);
	});

	test('sub-statuses that leave it to the status', () => {
		const [header, ...table] = [
			['', 'completed', 'failed', 'cancelled'],
			...rows('Sub-status known'),
		];
		expect(table).toHaveLength(1);
		for (const [subs, ...outcomes] of table)
			for (const sub of values(subs))
				outcomes.forEach((cell, i) => {
					const status = header[i + 1];
					expect([status, sub, outcomeOf(input(status, sub))]).toEqual([
						status,
						sub,
						{ outcome: values(cell)[0], outcome_detail: null },
					]);
					// Not Reached follows the outcome here: no cause of not_placed in this table.
					expect([status, sub, notReached(status, sub)]).toEqual([
						status,
						sub,
						notReachedList().includes(values(cell)[0]),
					]);
				});
	});
});
