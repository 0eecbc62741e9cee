/**
 * The n8n day's pieces that decide what is counted: its plan (from the seed alone), the
 * outcome the judge reads from the service's record, the polls found in a proxy's log and the
 * memory summary's stretches.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { makePlan, parseMix, DEFAULT_MIX } = require('../../../bench/soak/n8nPlan');
const { outcomeOf, instantIn } = require('../../../bench/soak/n8nLedger');
const { requestSummary } = require('../../../bench/soak/n8nSetup');
const { memorySummary } = require('../../../bench/soak/n8nMeasure');
const { isValidPhoneNumber } = require('libphonenumber-js');

const MIN = 60_000;

test('the plan is the seed’s: the rate’s contacts, distinct valid numbers, ended as the mix says, kills inside 20-85 %', () => {
	const mix = parseMix(DEFAULT_MIX);
	const plan = makePlan({ seed: 7, minutes: 60, callsPerDay: 10_000, mix });
	expect(makePlan({ seed: 7, minutes: 60, callsPerDay: 10_000, mix })).toEqual(plan);
	expect(makePlan({ seed: 8, minutes: 60, callsPerDay: 10_000, mix })).not.toEqual(plan);
	expect(plan.total).toBe(417);
	expect(plan.contacts).toHaveLength(417);
	expect(new Set(plan.contacts.map((c: any) => c.phone)).size).toBe(417);
	expect(plan.contacts.filter((c: any) => !isValidPhoneNumber(c.phone))).toEqual([]);
	const ending = { no_answer: '13', busy: '14', failed: '66', second_try: '77', voicemail: '99' };
	for (const c of plan.contacts) {
		const last = c.phone.slice(-2);
		if (c.outcome === 'answered') expect(Number(last) >= 20 && Number(last) < 60).toBe(true);
		else expect(last).toBe(ending[c.outcome as keyof typeof ending]);
	}
	// The campaign's tenth, then every other contact in exactly one sheet, a sheet every 5 min.
	expect(plan.campaign).toHaveLength(42);
	expect(plan.sheets.map((s: any) => s.atMs)).toEqual(
		Array.from({ length: 12 }, (_, k) => k * 5 * MIN),
	);
	expect(
		plan.sheets
			.flatMap((s: any) => s.rows)
			.map((c: any) => c.phone)
			.sort(),
	).toEqual(
		plan.contacts
			.slice(42)
			.map((c: any) => c.phone)
			.sort(),
	);
	expect(plan.kills.map((k: any) => k.kind).sort()).toEqual(['main', 'webhook', 'worker']);
	for (const k of plan.kills) {
		expect(k.atMs).toBeGreaterThanOrEqual(0.2 * 60 * MIN);
		expect(k.atMs).toBeLessThanOrEqual(0.85 * 60 * MIN);
	}
	expect(() => parseMix('answered=40,hung_up=3')).toThrow('unknown outcome hung_up');
	expect(() => parseMix('answered=0')).toThrow('no outcome has a weight');
});

test('a short day has five sheets, one a minute', () => {
	const plan = makePlan({ seed: 1, minutes: 5, callsPerDay: 10_000, mix: parseMix(DEFAULT_MIX) });
	expect(plan.total).toBe(35);
	expect(plan.sheets.map((s: any) => s.atMs)).toEqual([0, 1, 2, 3, 4].map((k) => k * MIN));
});

test('the outcome the judge reads: a line that could not be called is not "not reached"', () => {
	expect(outcomeOf({ status: 'completed', voicemail_detected: false })).toBe('answered');
	expect(outcomeOf({ status: 'completed', voicemail_detected: true })).toBe('voicemail');
	expect(outcomeOf({ status: 'failed', attempt_kind: 'busy' })).toBe('busy');
	expect(outcomeOf({ status: 'failed', attempt_kind: 'no_answer' })).toBe('no_answer');
	expect(outcomeOf({ status: 'error' })).toBe('line_error');
	expect(outcomeOf({ status: 'cancelled' })).toBe('cancelled');
});

test('a call-back time the service gives as local time with seconds, in its zone, is an instant', () => {
	// The 30-minute run ended on this (the seconds were read as a malformed date).
	expect(new Date(instantIn('2026-12-08T10:00:00', 'Asia/Kolkata')).toISOString()).toBe(
		'2026-12-08T04:30:00.000Z',
	);
	expect(new Date(instantIn('2026-07-01T09:30', 'America/New_York')).toISOString()).toBe(
		'2026-07-01T13:30:00.000Z',
	);
	expect(instantIn('tomorrow at ten', 'Asia/Kolkata')).toBeNaN();
});

test('polls are bursts of requests more than 20 s apart; requests by endpoint without the base path', () => {
	const log = [0, 1_000, 2_000, 61_000, 62_000, 121_000].map((at, n) => ({
		at,
		method: 'GET',
		path: n % 2 ? '/ca/api/v0/calling/call-details' : '/ca/api/v0/calling/history',
	}));
	expect(requestSummary(log)).toEqual({
		total: 6,
		bursts: 3,
		byEndpoint: { 'GET /calling/history': 3, 'GET /calling/call-details': 3 },
	});
});

test('memory: each life of a process on its own, its first minute left out, flat within 10 %', () => {
	const MB = 2 ** 20;
	const samples = [
		// main's first life: a start peak, then 100 MB growing to 120 MB.
		...[900, 100, 100, 100, 100, 100, 120].map((mb, n) => ({
			at: n * 30_000,
			name: 'main',
			life: 1,
			rss: 0,
			group: mb * MB,
		})),
		...[400, 200, 205].map((mb, n) => ({
			at: 300_000 + n * 60_000,
			name: 'main',
			life: 2,
			rss: 0,
			group: mb * MB,
		})),
	];
	expect(memorySummary(samples)).toEqual([
		{
			process: 'main#1',
			samples: 5,
			fromMin: 1,
			toMin: 3,
			firstMB: 100,
			lastMB: 120,
			ratio: 1.2,
			flat: false,
			peakMB: 120,
		},
		{
			process: 'main#2',
			samples: 2,
			fromMin: 6,
			toMin: 7,
			firstMB: 200,
			lastMB: 205,
			ratio: 1.025,
			flat: true,
			peakMB: 205,
		},
	]);
});
