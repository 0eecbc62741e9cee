// @ts-check
'use strict';

const { HHMM_RE, LOCAL_RE, isValidZone, localToInstant } = require('./util');
const { Invalid } = require('./errors');
const { isObject, intField } = require('./readers');

// The outbound call's call_config; campaigns (save, upload, make-call-async) read it the same way.

/** call_config, checked field by field; returns it with scheduled_at resolved to an instant. */
function checkCallConfig(/** @type {unknown} */ raw) {
	if (!isObject(raw)) throw new Invalid('call_config must be an object');
	const c = /** @type {Record<string, any>} */ (raw);
	/** @type {Record<string, any>} */
	const out = {};
	for (const key of ['idle_timeout_warning', 'idle_timeout_end', 'max_call_length']) {
		if (c[key] !== undefined && c[key] !== null)
			out[key] = intField(c[key], `call_config.${key}`, 1);
	}
	if (c.call_retry_config !== undefined && c.call_retry_config !== null) {
		if (!isObject(c.call_retry_config))
			throw new Invalid('call_config.call_retry_config must be an object');
		/** @type {Record<string, number>} */
		const retry = {};
		for (const key of ['retry_count', 'retry_busy', 'retry_not_picked', 'retry_failed']) {
			const v = c.call_retry_config[key];
			if (v !== undefined && v !== null)
				retry[key] = intField(v, `call_config.call_retry_config.${key}`, 0);
		}
		out.call_retry_config = retry;
	}
	if (c.call_time !== undefined && c.call_time !== null) {
		if (!isObject(c.call_time)) throw new Invalid('call_config.call_time must be an object');
		const t = c.call_time;
		/** @type {Record<string, any>} */
		const time = {};
		for (const key of ['call_start_time', 'call_end_time']) {
			if (t[key] === undefined || t[key] === null) continue;
			if (typeof t[key] !== 'string' || !HHMM_RE.test(t[key])) {
				throw new Invalid(
					`call_config.call_time.${key} must be a time HH:MM (24-hour), got ${JSON.stringify(t[key])}`,
				);
			}
			time[key] = t[key];
		}
		if ((time.call_start_time === undefined) !== (time.call_end_time === undefined)) {
			throw new Invalid('call_config.call_time needs both call_start_time and call_end_time');
		}
		if (t.timezone !== undefined && t.timezone !== null) {
			if (
				typeof t.timezone !== 'string' ||
				!isValidZone(t.timezone) ||
				(!t.timezone.includes('/') && t.timezone !== 'UTC')
			) {
				throw new Invalid(
					`call_config.call_time.timezone must be an IANA time zone such as Asia/Kolkata, got ${JSON.stringify(t.timezone)}`,
				);
			}
			time.timezone = t.timezone;
		}
		if (t.scheduled_at !== undefined && t.scheduled_at !== null) {
			if (typeof t.scheduled_at !== 'string' || !LOCAL_RE.test(t.scheduled_at)) {
				throw new Invalid(
					`call_config.call_time.scheduled_at must be a local date-time YYYY-MM-DDTHH:MM:SS without offset, got ${JSON.stringify(t.scheduled_at)}`,
				);
			}
			time.scheduled_at = t.scheduled_at;
		}
		if (
			(time.scheduled_at !== undefined || time.call_start_time !== undefined) &&
			time.timezone === undefined
		) {
			throw new Invalid(
				'call_config.call_time.timezone is required with scheduled_at or a call window',
			);
		}
		if (time.scheduled_at !== undefined) {
			const ms = localToInstant(time.scheduled_at, time.timezone);
			if (ms === undefined)
				throw new Invalid(
					`call_config.call_time.scheduled_at is not a valid date: "${time.scheduled_at}"`,
				);
			Object.defineProperty(time, 'scheduled_at_ms', { value: ms, enumerable: false });
		}
		out.call_time = time;
	}
	return out;
}

module.exports = { checkCallConfig };
