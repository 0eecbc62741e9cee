// @ts-check
'use strict';

const { E164_RE, isoOffset } = require('./util');
const { analysisFor } = require('./calls');
const recordings = require('./recordings');
const { Invalid } = require('./errors');
const { zipOne, toCsv } = require('./zip');
const { one, intParam, boolParam, dateRange, uuidValue } = require('./readers');
const { startCall, startCallV2 } = require('./callStart');
const { route } = require('./route');
const { rowVisible, shownStatus, asShown } = require('./week/late');

/**
 * Calling: start a call (v0 and v2: callStart.js), the history, its export, a call's details,
 * deleting a contact list.
 */

const CALL_STATUSES = [
	'registered',
	'ongoing',
	'retry',
	'completed',
	'failed',
	'error',
	'cancelled',
	'forwarded',
];
const CALL_TYPES = ['inbound', 'outbound', 'webcall'];

/** @typedef {import('./route').Ctx} Ctx @typedef {import('./route').Reply} Reply @typedef {import('./route').Where} Where */

/** @param {URLSearchParams} q */
function statusParam(q) {
	const status = one(q, 'status');
	if (status === undefined || status === '') return undefined;
	if (!CALL_STATUSES.includes(status)) {
		throw new Invalid(`status must be one of ${CALL_STATUSES.join(', ')}, got "${status}"`);
	}
	return status;
}

// ---- renderings -----------------------------------------------------------------------

const recordingUrl = recordings.recordingUrl;

/** A call as an item of GET /calling/history. @param {any} call @param {Where} origin */
function historyRecord(call, origin) {
	return {
		id: call.id,
		to_number: call.to_number,
		name: call.name,
		status: call.status,
		sub_status: call.sub_status,
		transcript: JSON.stringify(call.transcript),
		audio_recording: recordingUrl(call, origin),
		created_at: isoOffset(call.created_at),
		agent: structuredClone(call.agent),
		call_duration: call.call_duration,
		call_attempt_time: isoOffset(call.call_attempt_time ?? call.created_at),
		call_cost: call.call_cost,
		call_type: call.call_type,
		inbound_from: call.inbound_from,
		credits_processed: call.credits_processed,
		from_numbers: call.from_number ? [call.from_number] : [],
		voicemail_detected: call.voicemail_detected,
	};
}

/** @param {any} call @param {Where} origin @param {boolean} analysis */
function callDetails(call, origin, analysis) {
	/** @type {Record<string, unknown>} */
	const out = {
		id: call.id,
		call_direction: call.call_type,
		call_status: call.status,
		call_sub_status: call.sub_status,
		from_number: call.call_type === 'inbound' ? call.inbound_from : call.from_number,
		to_number: call.to_number,
		callee_name: call.name,
		agent_id: call.agent.id,
		initiation_time: isoOffset(call.call_attempt_time ?? call.created_at),
		recording_url: recordingUrl(call, origin),
		// An array in the reference, a JSON-encoded string on the live service: we do as it does.
		transcription_url: JSON.stringify(call.transcript),
		next_attempt_time: call.next_attempt_time === null ? null : isoOffset(call.next_attempt_time),
	};
	if (analysis) Object.assign(out, analysisFor(call));
	return out;
}

/**
 * A history row or call details with the call's parent_call_id where the sandbox shows it
 * (option parentCallId: 'shown'); under 'hidden' (default) the key is absent, as FACTS allows.
 * @param {Record<string, unknown>} out @param {any} call @param {{parentCallId: string}} store
 */
function withParent(out, call, store) {
	if (store.parentCallId === 'shown') out.parent_call_id = call.parent_call_id ?? null;
	return out;
}

/**
 * The calls created in [start, end] of the assistants given (all when none), newest first,
 * then latest created first: from the store's index, not a sort of every call.
 * @param {any} store @param {number | undefined} start @param {number | undefined} end @param {string[]} agentIds
 */
const newestFirst = (store, start, end, agentIds) =>
	store.callIndex.newestFirst({ start, end, agentIds });

// ---- history, export, call details, contact list -------------------------------------

/** GET /calling/history @param {Ctx} ctx @returns {Reply} */
function listHistory(ctx) {
	const q = ctx.query;
	const { start, end } = dateRange(q, ctx.store.historyDates);
	const limit = intParam(q, 'limit', { def: 10, min: 1, max: 100 });
	const offset = intParam(q, 'offset', { def: 0, min: 0 });
	const agentIds = q
		.getAll('agent_id')
		.filter(Boolean)
		.map((v) => uuidValue('agent_id', v));
	const status = statusParam(q);
	const bulk = one(q, 'bulk_list_id') || undefined;
	// A bad week's late rows (week/late.js): absent, or their final status not yet shown.
	const now = ctx.store.now();
	const matched = newestFirst(ctx.store, start, end, agentIds).filter(
		(c) =>
			rowVisible(c, now) &&
			(status === undefined || shownStatus(c, now) === status) &&
			(bulk === undefined || c.bulk_list_id === bulk),
	);
	const calls = matched
		.slice(offset, offset + limit)
		.map((c) => withParent(historyRecord(asShown(c, now), ctx.recordings), c, ctx.store));
	return {
		status: 200,
		body: { calls, limit, offset, count: calls.length, total: matched.length },
	};
}

/** Media ranges of an Accept header with their q. @param {string | undefined} accept */
function acceptQ(accept, /** @type {string} */ type) {
	if (!accept) return type === 'application/json' ? 1 : 0;
	let best = 0;
	let bestSpecificity = -1;
	for (const part of accept.split(',')) {
		const [range, ...params] = part.trim().toLowerCase().split(';');
		const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
		const q = qp ? Number(qp.slice(2)) : 1;
		const [main, sub] = range.trim().split('/');
		const [tMain, tSub] = type.split('/');
		const specificity =
			main === tMain && sub === tSub
				? 2
				: main === tMain && sub === '*'
					? 1
					: main === '*'
						? 0
						: -1;
		if (specificity > bestSpecificity) {
			bestSpecificity = specificity;
			best = Number.isFinite(q) ? q : 0;
		}
	}
	return best;
}

const EXPORT_COLUMNS = [
	'id',
	'to_number',
	'name',
	'status',
	'transcript',
	'recording_url',
	'agent_id',
	'initiation_time',
	'from_number',
	'call_type',
	'call_sub_status',
	'call_duration',
	'call_cost',
	'voicemail_detected',
	'created_at',
	'agent_name',
	'agent_version_id',
	'bulk_list_id',
	'campaign_id',
	'custom_args_values',
];

/** POST /calling/history/download @param {Ctx} ctx @returns {Reply} */
function exportHistory(ctx) {
	const q = ctx.query;
	const { start, end } = dateRange(q, ctx.store.historyDates);
	const agentIds = q
		.getAll('agent_id')
		.filter(Boolean)
		.map((v) => uuidValue('agent_id', v));
	const status = statusParam(q);
	const includeAnalysis = boolParam(q, 'include_analysis', false);
	const callType = one(q, 'call_type') || undefined;
	if (callType !== undefined && !CALL_TYPES.includes(callType)) {
		throw new Invalid(`call_type must be one of ${CALL_TYPES.join(', ')}, got "${callType}"`);
	}
	const bulk = one(q, 'bulk_list_id') || undefined;
	const voicemail = boolParam(q, 'voicemail', undefined);
	/** @type {Record<string, string | undefined>} */
	const numbers = {};
	for (const name of ['from_number', 'to_number']) {
		const v = one(q, name) || undefined;
		if (v !== undefined && !E164_RE.test(v)) {
			throw new Invalid(`${name} must be a phone number with + and country code, got "${v}"`);
		}
		numbers[name] = v;
	}
	const callIdRaw = one(q, 'call_id') || undefined;
	const callId = callIdRaw === undefined ? undefined : uuidValue('call_id', callIdRaw);
	const limit = intParam(q, 'limit', { def: 1000, min: 1, max: 10000 });
	const offset = intParam(q, 'offset', { def: 0, min: 0 });

	const now = ctx.store.now();
	const rows = newestFirst(ctx.store, start, end, agentIds)
		.filter((c) => rowVisible(c, now))
		.map((c) => asShown(c, now))
		.filter(
			(c) =>
				(status === undefined || c.status === status) &&
				(callType === undefined || c.call_type === callType) &&
				(bulk === undefined || c.bulk_list_id === bulk) &&
				(voicemail === undefined || c.voicemail_detected === voicemail) &&
				(numbers.from_number === undefined ||
					c.from_number === numbers.from_number ||
					c.inbound_from === numbers.from_number) &&
				(numbers.to_number === undefined || c.to_number === numbers.to_number) &&
				(callId === undefined || c.id === callId),
		)
		.slice(offset, offset + limit);

	const accept = /** @type {string | undefined} */ (ctx.headers.accept);
	const json = acceptQ(accept, 'application/json');
	const zip = acceptQ(accept, 'application/zip');
	const octet = acceptQ(accept, 'application/octet-stream');
	const csvRows = rows.map((c) => {
		const d = callDetails(c, ctx.recordings, Boolean(includeAnalysis));
		return {
			...d,
			id: c.id,
			status: c.status,
			name: c.name,
			transcript: JSON.stringify(c.transcript),
			call_type: c.call_type,
			call_sub_status: c.sub_status,
			call_duration: c.call_duration,
			call_cost: c.call_cost,
			voicemail_detected: c.voicemail_detected,
			created_at: isoOffset(c.created_at),
			agent_name: c.agent.agent_name,
			agent_version_id: c.agent.agent_version_id,
			bulk_list_id: c.bulk_list_id,
			campaign_id: c.campaign_id,
			custom_args_values: c.custom_args_values,
		};
	});
	const columns = includeAnalysis
		? [...EXPORT_COLUMNS, 'platform_analysis', 'client_analysis']
		: EXPORT_COLUMNS;
	const at = ctx.store.now();
	if (Math.max(zip, octet) > json) {
		const csv = Buffer.from(toCsv(columns, csvRows), 'utf8');
		return {
			status: 200,
			raw: zipOne('call-history.csv', csv, at),
			headers: {
				'content-type': zip >= octet ? 'application/zip' : 'application/octet-stream',
				'content-disposition': 'attachment; filename="call-history.zip"',
			},
		};
	}
	ctx.store.exports.push({
		id: ctx.store.newId(),
		requested_at: isoOffset(at),
		email: ctx.store.users[0].email,
		records: rows.length,
		query: Object.fromEntries(
			[...new Set(q.keys())].map((k) => [k, q.getAll(k).length > 1 ? q.getAll(k) : one(q, k)]),
		),
		csv: toCsv(columns, csvRows),
	});
	return {
		status: 200,
		body: {
			message: 'Export queued; you will receive an e-mail with the download link when it is ready.',
		},
	};
}

/** GET /calling/call-details @param {Ctx} ctx @returns {Reply} */
function getCall(ctx) {
	const raw = one(ctx.query, 'id');
	if (raw === undefined || raw === '') throw new Invalid('id is required (the call UUID)');
	const id = uuidValue('id', raw);
	const analysis = boolParam(ctx.query, 'send_analysis', false);
	const found = ctx.store.callsById.get(id);
	// A bad week with lateIn 'both': the details lag as the history does (week/late.js).
	const now = ctx.store.now();
	const lagging = ctx.store.week?.settings.lateIn === 'both';
	if (!found || (lagging && !rowVisible(found, now)))
		throw new Invalid('Call not found', 404, 'not_found');
	const call = lagging ? asShown(found, now) : found;
	return {
		status: 200,
		body: {
			status: 'success',
			data: withParent(callDetails(call, ctx.recordings, Boolean(analysis)), call, ctx.store),
		},
	};
}

/** DELETE /calling/contact/{list_id} @param {Ctx} ctx @returns {Reply} */
function deleteContactList(ctx) {
	const id = ctx.params.list_id.toLowerCase();
	const list = ctx.store.contactLists.get(id);
	if (!list) throw new Invalid('Contact list not found', 404, 'not_found');
	ctx.store.contactLists.delete(id);
	return {
		status: 200,
		body: {
			message: `Bulk list ${list.id} and its ${list.contacts.length} contacts deleted successfully`,
		},
	};
}

const routes = [
	route('POST', '/calling/outbound/individual', startCall, { json: true }),
	route('POST', '/calling/v2/outbound/individual', startCallV2, { json: true }),
	route('GET', '/calling/history', listHistory),
	route('POST', '/calling/history/download', exportHistory),
	route('GET', '/calling/call-details', getCall),
	route('DELETE', '/calling/contact/{list_id}', deleteContactList),
];

module.exports = { routes, historyRecord, callDetails, acceptQ, CALL_STATUSES };
