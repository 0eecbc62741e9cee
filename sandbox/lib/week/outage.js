// @ts-check
'use strict';

const { inWindow } = require('../util');
const { normalizeAction } = require('../faults');

/**
 * An hour a day of a service in trouble (a choice of the sandbox: FACTS gives only that 5xx
 * answers call for a retry with backoff). From `outageHour` (0-23, in `outageZone`, UTC by
 * default) for `outageMinutes` (60) every day of the sandbox clock, each request to the API
 * draws (seeded) one of:
 * - `share5xx`: 500, 502 or 503 before acting, in the endpoint's error shape;
 * - `shareRefused`: its connection dropped before acting and the listener closed for
 *   `refuseMs` real ms, so the requests meanwhile meet ECONNREFUSED (faults.js 'refuse':
 *   the least invasive way to a real refusal; the control endpoints share the port, so a
 *   driver holding the sandbox in-process is not affected, one over HTTP retries);
 * - `shareDrop`: its connection closed before acting (faults.js 'drop');
 * - the rest pass.
 * Explicit fault rules come first; the outage applies to requests they let through.
 */

const STATUSES = [500, 502, 503];

/** Whether `now` is in the day's outage. @param {any} settings @param {number} now */
function inOutage(settings, now) {
	if (settings.outageHour === null) return false;
	const startMinutes = settings.outageHour * 60;
	const endMinutes = (startMinutes + settings.outageMinutes) % 1440;
	const hhmm = (/** @type {number} */ m) =>
		`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
	const window = { start: hhmm(startMinutes), end: hhmm(endMinutes), zone: settings.outageZone };
	// A whole day (1440 minutes): start and end meet, which inWindow reads as always.
	return inWindow(window, now);
}

/**
 * The fault the outage gives this request, if any.
 * @param {any} settings @param {number} now @param {() => number} rand
 * @returns {import('../faults').Action | undefined}
 */
function outageFault(settings, now, rand) {
	if (!inOutage(settings, now)) return undefined;
	const { share5xx, shareRefused, shareDrop, refuseMs } = settings.outage;
	const u = rand();
	const v = rand();
	if (u < share5xx) return normalizeAction(STATUSES[Math.floor(v * STATUSES.length)]);
	if (u < share5xx + shareRefused) return normalizeAction({ refuseMs });
	if (u < share5xx + shareRefused + shareDrop) return normalizeAction('drop');
	return undefined;
}

module.exports = { inOutage, outageFault };
