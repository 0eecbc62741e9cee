// @ts-check
'use strict';

const { localToInstant, isoOffset } = require('../util');

/**
 * A requested call-back time as the platform analysis writes it. FACTS gives
 * `callback_requested_time` as nullable, of no published format, beside the analysis'
 * `timezone` (no format either), so the week writes the moment the callee meant in each of
 * these forms (a choice of the sandbox: FACTS is silent), chosen per call:
 *
 * | form              | callback_requested_time        | timezone             |
 * | ----------------- | ------------------------------ | -------------------- |
 * | local_zone        | 2025-06-03T10:00:00            | America/New_York     |
 * | offset            | 2025-06-03T10:00:00-04:00      | America/New_York     |
 * | utc               | 2025-06-03T14:00:00Z           | America/New_York     |
 * | local_offset_zone | 2025-06-03T10:00:00            | -04:00               |
 * | minutes_zone      | 2025-06-03 10:00               | America/New_York     |
 * | date_only         | 2025-06-03                     | America/New_York     |
 * | local_no_zone     | 2025-06-03T10:00:00            | null                 |
 * | words_relative    | tomorrow at 10am               | America/New_York     |
 * | words_weekday     | Tuesday 10 am EDT              | America/New_York     |
 * | empty             | null                           | America/New_York     |
 *
 * The zone is the call's own (the call_time zone the request sent, else the sandbox's
 * Asia/Kolkata, as for every analysis). What the callee meant is kept for the ring ledger:
 * `meant_day` (local date) and `meant_at` (the instant; null for a day alone or no time).
 */

const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** @type {Map<string, Intl.DateTimeFormat>} */
const dayFormats = new Map();
/** The local date of `ms` in `zone`, as [year, month, day]. @param {number} ms @param {string} zone */
function localDate(ms, zone) {
	let fmt = dayFormats.get(zone);
	if (!fmt) {
		fmt = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' });
		dayFormats.set(zone, fmt);
	}
	return fmt.format(new Date(ms)).split('-').map(Number);
}

/** The zone's short name at `ms` in American English (EDT, PST, GMT+5:30). @param {string} zone @param {number} ms */
function zoneAbbreviation(zone, ms) {
	const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
		.formatToParts(new Date(ms))
		.find((p) => p.type === 'timeZoneName');
	return part?.value ?? zone;
}

/** `+05:30` for 330 minutes. @param {number} minutes */
function offsetText(minutes) {
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** 3pm, 10:30am. @param {number} hour @param {number} minute @param {string} [gap] */
function twelveHour(hour, minute, gap = '') {
	const h = hour % 12 === 0 ? 12 : hour % 12;
	return `${h}${minute ? `:${pad(minute)}` : ''}${gap}${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * The moment meant: `draw.days` days after the call's end (local date), at draw.hour:minute;
 * a time of the same day within half an hour of the end moves to the next day.
 * @param {number} endedAt @param {string} zone @param {{days: number, hour: number, minute: number}} draw
 */
function meantMoment(endedAt, zone, draw) {
	const [y, m, d] = localDate(endedAt, zone);
	for (let days = draw.days; ; days++) {
		const day = new Date(Date.UTC(y, m - 1, d + days));
		const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
		const local = `${date}T${pad(draw.hour)}:${pad(draw.minute)}:00`;
		const at = /** @type {number} */ (localToInstant(local, zone));
		if (at > endedAt + 30 * 60000) return { days, date, local, at, weekday: day.getUTCDay() };
	}
}

/**
 * The analysis' requested time and timezone, in the drawn form, and what was meant.
 * @param {number} endedAt @param {string} zone
 * @param {{form: string, days: number, hour: number, minute: number}} draw
 */
function requestedTime(endedAt, zone, draw) {
	const meant = meantMoment(endedAt, zone, draw);
	const [date, clock] = meant.local.split('T');
	const offset = offsetText(Math.round((Date.parse(`${meant.local}Z`) - meant.at) / 60000));
	const relative =
		['today', 'tomorrow', 'the day after tomorrow'][meant.days] ?? `on ${WEEKDAYS[meant.weekday]}`;
	/** @type {Record<string, [string | null, string | null]>} */
	const forms = {
		local_zone: [meant.local, zone],
		offset: [`${meant.local}${offset}`, zone],
		utc: [`${new Date(meant.at).toISOString().slice(0, 19)}Z`, zone],
		local_offset_zone: [meant.local, offset],
		minutes_zone: [`${date} ${clock.slice(0, 5)}`, zone],
		date_only: [date, zone],
		local_no_zone: [meant.local, null],
		words_relative: [`${relative} at ${twelveHour(draw.hour, draw.minute)}`, zone],
		words_weekday: [
			`${WEEKDAYS[meant.weekday]} ${twelveHour(draw.hour, draw.minute, ' ')} ${zoneAbbreviation(zone, meant.at)}`,
			zone,
		],
		empty: [null, zone],
	};
	const [value, timezone] = forms[draw.form];
	const timed = draw.form !== 'date_only' && draw.form !== 'empty';
	return {
		value,
		timezone,
		meant: {
			form: draw.form,
			zone,
			meant_day: draw.form === 'empty' ? null : meant.date,
			meant_at: timed ? isoOffset(meant.at) : null,
		},
	};
}

module.exports = { requestedTime, zoneAbbreviation };
