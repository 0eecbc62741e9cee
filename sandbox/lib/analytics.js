// @ts-check
'use strict';

const { Invalid } = require('./errors');
const { UUID_RE } = require('./util');
const { route } = require('./route');

/**
 * GET /analytics/* (vendor reference since 2025-10-14, beyond the contract). Query: start_date
 * and end_date as YYYY-MM-DD, agent_id, bulk_list_id, voicemail. The top level of each answer
 * is the documented one; the inner shapes are not published, so what is inside is this
 * sandbox's own summary of its calls (any object will do: clients output it as served). The
 * error bodies are not published either: bad input gets the sandbox's usual 400.
 */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** @param {URLSearchParams} q @param {string} name */
function last(q, name) {
	const all = q.getAll(name);
	return all.length ? all[all.length - 1] : undefined;
}

/** The calls the query selects. @param {any} ctx @param {{needsList?: boolean}} [options] */
function selected(ctx, options = {}) {
	const q = ctx.query;
	const days = {};
	for (const name of ['start_date', 'end_date']) {
		const raw = last(q, name);
		if (raw === undefined) continue;
		if (!DAY_RE.test(raw)) throw new Invalid(`${name} must be a date as YYYY-MM-DD, got "${raw}"`);
		days[name] = raw;
	}
	const agent = last(q, 'agent_id');
	if (agent !== undefined && !UUID_RE.test(agent))
		throw new Invalid(`agent_id must be a UUID, got "${agent}"`);
	const list = last(q, 'bulk_list_id');
	if (options.needsList && !list) throw new Invalid('bulk_list_id is required');
	const voicemailRaw = last(q, 'voicemail');
	if (voicemailRaw !== undefined && !['true', 'false'].includes(voicemailRaw))
		throw new Invalid(`voicemail must be true or false, got "${voicemailRaw}"`);
	// Days are UTC days here: the service's own zone is not published.
	const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);
	return ctx.store.calls.filter(
		(/** @type {any} */ c) =>
			(!days.start_date || day(c.created_at) >= days.start_date) &&
			(!days.end_date || day(c.created_at) <= days.end_date) &&
			(!agent || c.agent.id === agent.toLowerCase()) &&
			(!list || c.bulk_list_id === list) &&
			(voicemailRaw === undefined || Boolean(c.voicemail_detected) === (voicemailRaw === 'true')),
	);
}

/** @param {any[]} calls @param {(c: any) => string} key */
function countBy(calls, key) {
	/** @type {Record<string, number>} */
	const out = {};
	for (const c of calls) out[key(c)] = (out[key(c)] ?? 0) + 1;
	return out;
}

/** @param {any[]} calls */
function performance(calls) {
	const ended = calls.filter((c) => c.status === 'completed');
	const seconds = ended.reduce((sum, c) => sum + (c.call_duration ?? 0), 0);
	return {
		total_calls: calls.length,
		completed_calls: ended.length,
		total_duration_seconds: seconds,
		average_duration_seconds: ended.length ? Math.round(seconds / ended.length) : 0,
	};
}

/** @param {any} ctx */
function platformAnalytics(ctx) {
	const calls = selected(ctx);
	return {
		status: 200,
		body: {
			performance_metrics: performance(calls),
			metrics_summary: { by_status: countBy(calls, (c) => c.status) },
			cached: false,
		},
	};
}

/** @param {any} ctx */
function drillDownAnalytics(ctx) {
	const calls = selected(ctx, { needsList: true });
	return { status: 200, body: { performance_metrics: performance(calls), cached: false } };
}

/** @param {any} ctx */
function numberAnalytics(ctx) {
	const calls = selected(ctx);
	const byNumber = new Map();
	for (const c of calls) {
		const list = byNumber.get(c.from_number) ?? [];
		list.push(c);
		byNumber.set(c.from_number, list);
	}
	const number_analytics = [...byNumber].map(([number, list]) => ({
		number,
		...performance(list),
	}));
	return { status: 200, body: { number_analytics } };
}

const BUCKETS = [
	[0, 30, '0-30s'],
	[30, 60, '30-60s'],
	[60, 120, '60-120s'],
	[120, Infinity, '120s+'],
];

/** @param {any} ctx */
function durationDistribution(ctx) {
	const ended = selected(ctx).filter((c) => c.status === 'completed');
	/** @type {Record<string, number>} */
	const duration_distribution = {};
	for (const [from, to, label] of BUCKETS) {
		duration_distribution[String(label)] = ended.filter(
			(c) => (c.call_duration ?? 0) >= Number(from) && (c.call_duration ?? 0) < Number(to),
		).length;
	}
	return { status: 200, body: { duration_distribution } };
}

/** @param {any} ctx */
function classificationAnalytics(ctx) {
	const calls = selected(ctx);
	return {
		status: 200,
		body: {
			classification_analytics: {
				by_sub_status: countBy(calls, (c) => c.sub_status ?? 'unknown'),
				voicemail: calls.filter((c) => c.voicemail_detected).length,
			},
		},
	};
}

const routes = [
	route('GET', '/analytics/platform-analytics', platformAnalytics),
	route('GET', '/analytics/drill-down-analytics', drillDownAnalytics),
	route('GET', '/analytics/number-analytics', numberAnalytics),
	route('GET', '/analytics/duration-distribution', durationDistribution),
	route('GET', '/analytics/classification-analytics', classificationAnalytics),
];

module.exports = {
	routes,
	platformAnalytics,
	drillDownAnalytics,
	numberAnalytics,
	durationDistribution,
	classificationAnalytics,
};
