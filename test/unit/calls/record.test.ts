import type { IDataObject } from 'n8n-workflow';
import fc from 'fast-check';

import {
	mergeRecords,
	recordFromDetails,
	recordFromEvent,
	recordFromHistory,
	recordFromStart,
	type CallRecord,
} from '../../../nodes/shared/calls/record';
import { AGENT, CALL } from '../../helpers/fixtures';
import { ADA_ANSWERED, CALLED_ADA, callDetails, NO_ANALYSIS, record } from '../../helpers/record';

const VERSION = '5b2e1c3d-4a5f-4e6d-9c8b-7a6f5e4d3c2b';
const turns = [
	{ speaker: 'bot', text: 'Hello Ada' },
	{ speaker: 'user', text: 'Hi' },
];
const transcriptText = 'Assistant: Hello Ada\nCaller: Hi';

/** Every key of the record, in order: every source gives the same keys. */
const KEYS = [
	'call_id',
	'status',
	'sub_status',
	'outcome',
	'outcome_detail',
	'direction',
	'assistant',
	'from_number',
	'to_number',
	'callee_name',
	'created_at',
	'started_at',
	'ended_at',
	'duration_seconds',
	'cost',
	'voicemail_detected',
	'overall_latency_seconds',
	'first_utterance_seconds',
	'calling_source',
	'recording_url',
	'transcript_turns',
	'transcript_text',
	...Object.keys(NO_ANALYSIS),
	'platform_analysis',
	'client_analysis',
	'tool_call_logs',
	'custom_variables',
	'raw',
];

/** Every key unknown, as test/helpers/record.ts writes the record out, with this raw answer. */
const unknownRecord = (raw: object): CallRecord => record({ raw }) as unknown as CallRecord;

describe('history rows', () => {
	// The live row: agent object with its version, audio_recording, transcript as JSON text
	// whose turns carry extra keys.
	const live = {
		id: CALL,
		to_number: '+14155550100',
		name: 'Ada',
		status: 'completed',
		sub_status: 'USER_TERMINATED',
		transcript:
			'[{"bot":"Hello Ada","message_id":"m1","timestamp":1},{"user":"Hi","message_id":"m2"}]',
		audio_recording: 'https://rec.example/1.wav',
		created_at: '2026-11-25T12:00:00+00:00',
		agent: {
			id: AGENT,
			agent_name: 'Reminder',
			agent_version_id: VERSION,
			orchestration_mode: 'single_node',
			version: { version_id: VERSION, version_slug: 'v2' },
		},
		call_duration: 42.5,
		call_attempt_time: '2026-11-25T12:01:00+00:00',
		call_cost: 1.25,
		call_type: 'outbound',
		inbound_from: null,
		credits_processed: true,
		from_numbers: ['+14155550000'],
		voicemail_detected: false,
	};

	test('a live row maps to every field', () => {
		const mapped = recordFromHistory(live);
		expect(Object.keys(mapped)).toEqual(KEYS);
		expect(mapped).toEqual(
			record({
				call_id: CALL,
				status: 'completed',
				sub_status: 'USER_TERMINATED',
				outcome: 'answered',
				outcome_detail: null,
				direction: 'outbound',
				assistant: { id: AGENT, name: 'Reminder', version_id: VERSION, version_slug: 'v2' },
				from_number: '+14155550000',
				to_number: '+14155550100',
				callee_name: 'Ada',
				created_at: '2026-11-25T12:00:00+00:00',
				started_at: '2026-11-25T12:01:00+00:00',
				ended_at: '2026-11-25T12:01:42.500Z',
				duration_seconds: 42.5,
				cost: 1.25,
				voicemail_detected: false,
				recording_url: 'https://rec.example/1.wav',
				transcript_turns: turns,
				transcript_text: transcriptText,
				raw: live,
			}),
		);
		// The service's answer is kept untouched.
		expect(mapped.raw).toBe(live);
	});

	test('an inbound row: from_number is the caller; a null cost and recording stay null', () => {
		const row = {
			...live,
			call_type: 'inbound',
			inbound_from: '+14155550199',
			call_cost: null,
			audio_recording: null,
		};
		expect(recordFromHistory(row)).toMatchObject({
			direction: 'inbound',
			from_number: '+14155550199',
			cost: null,
			recording_url: null,
		});
	});

	test('the SPEC row without a version object takes agent_version_id; no agent at all is null', () => {
		const { agent: _agent, ...rest } = live;
		expect(
			recordFromHistory({ ...rest, agent: { id: AGENT, agent_version_id: VERSION } }).assistant,
		).toEqual({ id: AGENT, name: null, version_id: VERSION, version_slug: null });
		expect(recordFromHistory(rest).assistant).toEqual({
			id: null,
			name: null,
			version_id: null,
			version_slug: null,
		});
	});

	test('an empty row gives every key, all unknown', () => {
		expect(recordFromHistory({})).toEqual(unknownRecord({}));
	});
});

describe('call details', () => {
	const details = (transcription: unknown) =>
		callDetails({
			recording_url: 'https://rec.example/1.wav',
			transcription_url: transcription,
			platform_analysis: { summary: 'ok' },
			client_analysis: { confirmed: true },
		});

	test.each([
		['a list (as documented)', [{ bot: 'Hello Ada' }, { user: 'Hi' }]],
		['JSON text (as live)', '[{"bot":"Hello Ada"},{"user":"Hi"}]'],
	])('transcription_url as %s', (_label, transcription) => {
		const data = details(transcription) as IDataObject;
		expect(recordFromDetails(data)).toEqual(
			record({
				...ADA_ANSWERED,
				recording_url: 'https://rec.example/1.wav',
				transcript_turns: turns,
				transcript_text: transcriptText,
				summary: 'ok',
				platform_analysis: { summary: 'ok' },
				client_analysis: { confirmed: true },
				raw: data,
			}),
		);
	});

	test('a transcript that is not turns (bad JSON, an object) gives no turns, not an error', () => {
		for (const bad of ['not json', '{"bot":"x"}', 42, null]) {
			expect(recordFromDetails({ id: CALL, transcription_url: bad })).toMatchObject({
				transcript_turns: [],
				transcript_text: '',
			});
		}
	});
});

test('a start answer completed by what was sent', () => {
	const answer = {
		call_id: CALL,
		call_direction: 'outbound',
		call_status: 'registered',
		initiated_at: '2026-11-25T12:00:00Z',
		agent_id: AGENT,
		custom_args_values: { callee_name: 'Ada', mobile_number: '+14155550100' },
		message: 'Call initiated successfully',
	};
	const sent = {
		name: 'Ada',
		mobile_number: '+14155550100',
		agent_id: AGENT,
		from_number: '+14155550000',
		custom_args_values: { callee_name: 'Ada' },
	};
	expect(recordFromStart(answer, sent)).toEqual(
		record({
			call_id: CALL,
			status: 'registered',
			outcome: 'pending',
			...CALLED_ADA,
			custom_variables: { callee_name: 'Ada', mobile_number: '+14155550100' },
			raw: answer,
		}),
	);
});

describe('event deliveries (flat)', () => {
	const common = {
		call_id: CALL,
		call_sid: 'CA123',
		agent_id: AGENT,
		workspace_id: 'ws-1',
		agent_name: 'Reminder',
		version_id: VERSION,
		version_slug: 'v2',
		custom_args_values: { callee_name: 'Ada' },
		bulk_list_id: null,
		call_cost: 0.5,
	};
	const assistant = { id: AGENT, name: 'Reminder', version_id: VERSION, version_slug: 'v2' };

	test('call_started', () => {
		const body = {
			...common,
			event_type: 'call_started',
			event_id: 'e1',
			timestamp: '2026-11-25T12:00:00Z',
			status: 'registered',
			sub_status: 'QUEUED',
			call_type: 'outbound',
			to_number: '+14155550100',
			from_number: '+14155550000',
		};
		expect(recordFromEvent(body, 'call_started')).toEqual({
			...unknownRecord(body),
			call_id: CALL,
			status: 'registered',
			sub_status: 'QUEUED',
			direction: 'outbound',
			assistant,
			from_number: '+14155550000',
			to_number: '+14155550100',
			callee_name: 'Ada',
			created_at: '2026-11-25T12:00:00Z',
			cost: 0.5,
			custom_variables: { callee_name: 'Ada' },
		});
	});

	test('call_completed: the transcript arrives as a list', () => {
		const body = {
			...common,
			event_type: 'call_completed',
			status: 'completed',
			sub_status: 'USER_TERMINATED',
			call_duration: 30,
			to_number: '+14155550100',
			from_number: '+14155550000',
			transcript: [{ bot: 'Hello Ada' }, { user: 'Hi' }],
			retry_count: 0,
			attempts: 1,
			recording_url: null,
		};
		expect(recordFromEvent(body, 'call_completed')).toMatchObject({
			status: 'completed',
			duration_seconds: 30,
			recording_url: null,
			transcript_turns: turns,
			transcript_text: transcriptText,
			raw: body,
		});
	});

	test('recording_completed has no status and no agent_id', () => {
		const { agent_id: _agent, ...rest } = common;
		const body = {
			...rest,
			event_type: 'recording_completed',
			recording_url: 'https://rec.example/1.wav',
			recording_duration: 30,
			sub_status: 'USER_TERMINATED',
		};
		expect(recordFromEvent(body, 'recording_completed')).toMatchObject({
			status: null,
			assistant: { ...assistant, id: null },
			recording_url: 'https://rec.example/1.wav',
		});
	});

	test.each([
		['platform_analysis_completed', 'platform_analysis', 'client_analysis'],
		['client_analysis_completed', 'client_analysis', 'platform_analysis'],
	])('%s: analysis_data becomes %s', (eventType, filled, empty) => {
		const body = { ...common, event_type: eventType, analysis_data: { summary: 'ok' } };
		const record = recordFromEvent(body, eventType) as unknown as Record<string, unknown>;
		expect([record[filled], record[empty]]).toEqual([{ summary: 'ok' }, null]);
	});

	test('all_processing_completed carries both analyses', () => {
		const body = {
			...common,
			event_type: 'all_processing_completed',
			status: 'completed',
			transcript: [{ bot: 'Hello Ada' }, { user: 'Hi' }],
			recording_url: 'https://rec.example/1.wav',
			platform_analysis: { summary: 'ok' },
			platform_analysis_status: 'success',
			client_analysis: null,
			client_analysis_status: 'not_enabled',
		};
		expect(recordFromEvent(body, 'all_processing_completed')).toMatchObject({
			status: 'completed',
			platform_analysis: { summary: 'ok' },
			client_analysis: null,
			transcript_text: transcriptText,
		});
	});

	describe('the fields of 2026-08-04: latencies, calling source, tool call logs', () => {
		const completed = {
			...common,
			event_type: 'call_completed',
			status: 'completed',
			sub_status: 'ACCEPTED',
			call_type: 'outbound',
			call_duration: 30,
			to_number: '+14155550100',
			from_number: '+14155550000',
			transcript: [],
			retry_count: 0,
			attempts: [{ status: 'ACCEPTED', called_on_time: '2026-11-25T12:00:05Z' }],
			recording_url: null,
		};
		const base = (body: object) => ({
			...unknownRecord(body),
			call_id: CALL,
			status: 'completed',
			sub_status: 'ACCEPTED',
			outcome: 'answered',
			direction: 'outbound',
			assistant,
			from_number: '+14155550000',
			to_number: '+14155550100',
			callee_name: 'Ada',
			duration_seconds: 30,
			cost: 0.5,
			custom_variables: { callee_name: 'Ada' },
		});

		test('present: each reaches the record, tool call logs as served', () => {
			const logs = [{ tool: 'book_slot', ok: true }, 'free text'];
			const body = {
				...completed,
				overall_latency_seconds: 1.42,
				first_utterance_seconds: '0.9',
				calling_source: 'plivo',
				tool_call_logs: logs,
			};
			const record = recordFromEvent(body, 'call_completed');
			expect(record).toEqual({
				...base(body),
				overall_latency_seconds: 1.42,
				first_utterance_seconds: 0.9,
				calling_source: 'plivo',
				tool_call_logs: logs,
			});
			expect(Object.keys(record)).toEqual(KEYS);
		});

		test('call_started: latencies null and no tool calls yet; calling_source absent stays null', () => {
			const body = {
				...completed,
				event_type: 'call_started',
				status: 'registered',
				call_duration: undefined,
				overall_latency_seconds: null,
				first_utterance_seconds: null,
				tool_call_logs: [],
			};
			expect(recordFromEvent(body, 'call_started')).toMatchObject({
				overall_latency_seconds: null,
				first_utterance_seconds: null,
				calling_source: null,
				tool_call_logs: [],
			});
		});

		test('an older payload (before 2026-08-04) without them: every one null', () => {
			expect(recordFromEvent(completed, 'call_completed')).toEqual(base(completed));
		});

		test('values of the wrong type are not passed off as the field', () => {
			const body = {
				...completed,
				overall_latency_seconds: 'fast',
				first_utterance_seconds: {},
				calling_source: '',
				tool_call_logs: { not: 'a list' },
			};
			expect(recordFromEvent(body, 'call_completed')).toEqual(base(body));
		});
	});
});

test('merging a history row with its details: unknowns filled, history first, both answers kept', () => {
	const row = { id: CALL, status: 'completed', name: 'Ada', transcript: '[]', call_duration: 10 };
	const data = {
		id: CALL,
		call_status: 'completed',
		callee_name: 'Someone else',
		agent_id: AGENT,
		transcription_url: [{ bot: 'Hello Ada' }, { user: 'Hi' }],
		platform_analysis: { summary: 'ok' },
	};
	const merged = mergeRecords(recordFromHistory(row), recordFromDetails(data));
	expect(merged).toMatchObject({
		callee_name: 'Ada',
		duration_seconds: 10,
		assistant: { id: AGENT, name: null, version_id: null, version_slug: null },
		transcript_turns: turns,
		platform_analysis: { summary: 'ok' },
		client_analysis: null,
		raw: row,
		raw_details: data,
	});
	expect(Object.keys(merged)).toEqual([...KEYS, 'raw_details']);
});

test('a blank text in one read does not hide the value of the other read', () => {
	const row = { id: CALL, status: 'failed', sub_status: '  ', name: ' ' };
	const data = {
		id: CALL,
		call_status: 'failed',
		call_sub_status: 'BUSY_LINE',
		callee_name: 'Ada',
	};
	expect(recordFromHistory(row)).toMatchObject({ sub_status: null, callee_name: null });
	expect(mergeRecords(recordFromHistory(row), recordFromDetails(data))).toMatchObject({
		sub_status: 'BUSY_LINE',
		outcome: 'busy',
		callee_name: 'Ada',
	});
});

test('a duration that would end past the last date JavaScript has gives no end, not an error', () => {
	const row = { id: CALL, status: 'completed', call_attempt_time: '2026-11-29T10:00:00Z' };
	expect(recordFromHistory({ ...row, call_duration: 8.64e12 }).ended_at).toBeNull();
	expect(recordFromHistory({ ...row, call_duration: 60 }).ended_at).toBe(
		'2026-11-29T10:01:00.000Z',
	);
});

test('property: any object from any source gives exactly the record keys, never throws', () => {
	const value = fc.oneof(
		fc.string(),
		fc.double(),
		fc.boolean(),
		fc.constant(null),
		fc.array(fc.dictionary(fc.constantFrom('bot', 'user', 'x'), fc.string())),
		fc.dictionary(fc.string(), fc.string()),
	);
	const keys = fc.constantFrom(
		'id',
		'call_id',
		'status',
		'call_status',
		'agent',
		'agent_id',
		'transcript',
		'transcription_url',
		'call_duration',
		'call_attempt_time',
		'call_cost',
		'from_numbers',
		'audio_recording',
		'recording_url',
		'analysis_data',
		'custom_args_values',
	);
	fc.assert(
		fc.property(fc.dictionary(keys, value), (input) => {
			for (const record of [
				recordFromHistory(input),
				recordFromDetails(input),
				recordFromEvent(input, 'platform_analysis_completed'),
				recordFromStart(input, {}),
			]) {
				expect(Object.keys(record)).toEqual(KEYS);
				expect(record.raw).toBe(input);
				for (const key of ['call_id', 'status', 'from_number', 'recording_url'] as const) {
					expect(record[key] === null || typeof record[key] === 'string').toBe(true);
				}
				expect(record.duration_seconds === null || Number.isFinite(record.duration_seconds)).toBe(
					true,
				);
			}
		}),
	);
});

test('property: a merge (history + details, or any two reads) never loses a field either read had', () => {
	const value = fc.oneof(
		fc.string({ minLength: 1 }),
		fc.double({ noNaN: true, min: 0, max: 1e6 }),
		fc.boolean(),
		fc.constant(null),
		fc.constant(''),
		fc.constant([]),
	);
	const keys = fc.constantFrom(
		'id',
		'call_id',
		'status',
		'call_status',
		'sub_status',
		'agent',
		'transcript',
		'transcription_url',
		'call_duration',
		'call_attempt_time',
		'created_at',
		'call_cost',
		'from_numbers',
		'audio_recording',
		'recording_url',
		'voicemail_detected',
		'platform_analysis',
		'custom_args_values',
	);
	const agent = fc.record(
		{ id: fc.string(), agent_name: fc.string(), version: fc.record({ version_id: fc.string() }) },
		{ requiredKeys: [] },
	);
	const read = fc
		.dictionary(keys, value)
		.chain((d) => fc.option(agent).map((a) => (a ? { ...d, agent: a } : d)));
	const known = (v: unknown) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
	// Derived from the merged values, not taken from either read.
	const DERIVED = new Set([
		'raw',
		'ended_at',
		'outcome',
		// From the merged sub-status: a sub-status the table reads as nothing ("!") keeps the
		// first read's, with no detail, where the second read's alone had one.
		'outcome_detail',
		...Object.keys(NO_ANALYSIS),
	]);
	fc.assert(
		fc.property(read, read, (h, d) => {
			const first = recordFromHistory(h);
			const second = recordFromDetails(d);
			const merged = mergeRecords(first, second) as Record<string, unknown>;
			for (const key of Object.keys(first)) {
				if (DERIVED.has(key)) continue;
				const a = (first as unknown as Record<string, unknown>)[key];
				const b = (second as unknown as Record<string, unknown>)[key];
				if (key === 'assistant') {
					for (const k of Object.keys(a as object)) {
						const av = (a as Record<string, unknown>)[k];
						const bv = (b as Record<string, unknown>)[k];
						if (av != null) expect((merged.assistant as Record<string, unknown>)[k]).toBe(av);
						else if (bv != null) expect((merged.assistant as Record<string, unknown>)[k]).toBe(bv);
					}
				} else if (known(a)) expect(merged[key]).toEqual(a);
				else if (known(b)) expect(merged[key]).toEqual(b);
			}
			expect(merged.raw).toBe(h);
			expect(merged.raw_details).toBe(d);
		}),
	);
});

describe('property: the same call gives the same outcome from every source', () => {
	// Status and sub-status pairs as FACTS has each source serve them: the enum in history and
	// details; on events the same enum, except failed/error where the carrier's lower-case
	// text stands (FACTS gives the enum names among those texts, lower-cased).
	const final = fc.oneof(
		fc.record({
			status: fc.constant('completed'),
			sub: fc.constantFrom(
				'ACCEPTED',
				'VOICEMAIL_DETECTED',
				'VOICEMAIL_DETECTED_VIA_LLM',
				'MAX_CALL_DURATION',
				'USER_TERMINATED',
				'RECONCILED_TO_COMPLETED_FROM_ONGOING',
			),
		}),
		fc.record({
			status: fc.constantFrom('failed', 'error'),
			sub: fc.constantFrom(
				'NOT_ABLE_TO_CALL',
				'RETRY_LIMIT_REACHED',
				'USER_DID_NOT_JOIN',
				'FAILED',
				'DND_SKIPPED',
			),
		}),
		fc.record({
			status: fc.constant('cancelled'),
			sub: fc.constantFrom('USER_TERMINATED', 'RATE_LIMITED'),
		}),
		fc.record({ status: fc.constant('forwarded'), sub: fc.constant('ACCEPTED') }),
		// An unknown sub-status on a call that connected (every source carries its evidence).
		fc.record({ status: fc.constantFrom('completed', 'failed'), sub: fc.constant('NEW_REASON') }),
	);
	const analysis = {
		key_points: ['k'],
		action_items: [],
		summary: 's',
		classification: 'c',
		callback_requested: false,
		callback_requested_time: null,
		status: 'analyzed',
		call_disconnect_reason: 'agent_hangup',
		timezone: 'Asia/Kolkata',
	};

	test('history, details, events and the safety net agree', () => {
		fc.assert(
			fc.property(
				final,
				fc.double({ min: 1, max: 600, noNaN: true }),
				({ status, sub }, seconds) => {
					const voicemail = sub.startsWith('VOICEMAIL');
					const carrier = status === 'failed' || status === 'error' ? sub.toLowerCase() : sub;
					const row = {
						id: CALL,
						status,
						sub_status: sub,
						call_duration: seconds,
						voicemail_detected: voicemail,
					};
					const details = {
						id: CALL,
						call_status: status,
						call_sub_status: sub,
						platform_analysis: analysis,
					};
					const event = { call_id: CALL, status, sub_status: carrier, call_duration: seconds };
					const records = [
						recordFromHistory(row),
						recordFromDetails(details),
						recordFromEvent({ ...event, transcript: [] }, 'call_completed'),
						recordFromEvent({ ...event, analysis_data: analysis }, 'platform_analysis_completed'),
						recordFromEvent({ ...event, platform_analysis: analysis }, 'all_processing_completed'),
					];
					const outcomes = [
						...records.map((r) => r.outcome),
						mergeRecords(records[0], records[1]).outcome,
					];
					expect(new Set(outcomes).size).toBe(1);
					// As served: the carrier's text is the enum lower-cased.
					expect(new Set(records.map((r) => r.outcome_detail?.toLowerCase())).size).toBe(1);
				},
			),
		);
	});

	test('before the end every source says pending, the start answer too', () => {
		fc.assert(
			fc.property(fc.constantFrom('registered', 'ongoing', 'retry'), (status) => {
				const sub = status === 'ongoing' ? 'ACCEPTED' : 'QUEUED';
				expect([
					recordFromStart({ call_id: CALL, call_status: status }, {}).outcome,
					recordFromHistory({ id: CALL, status, sub_status: sub }).outcome,
					recordFromDetails({ id: CALL, call_status: status, call_sub_status: sub }).outcome,
					recordFromEvent({ call_id: CALL, status, sub_status: sub }, 'call_started').outcome,
				]).toEqual(['pending', 'pending', 'pending', 'pending']);
			}),
		);
	});
});
