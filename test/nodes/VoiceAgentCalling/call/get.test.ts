/** Call › Get: the call record, its transcript decoded, its recording as a file. */
import { API_KEY, jsonOf, runNode, expectAllMocksUsed, mockApi } from '../../../helpers/harness';
import { ADA_ANSWERED, callDetails, record } from '../../../helpers/record';
import { CALL, unauthorizedItem } from '../../../helpers/fixtures';
import { details, recordingHost, REC_URL, wavReply } from '../../../helpers/recording';

expectAllMocksUsed();

/** Call › Get of CALL with these fields. */
const getCall = (fields: Record<string, unknown>) =>
	runNode({
		type: 'voiceAgentCalling',
		parameters: { resource: 'call', operation: 'get', callId: CALL, ...fields },
	});

describe('Call › Get', () => {
	// The platform analysis as the vendor reference gives it.
	const analysis = {
		key_points: ['Ada confirmed'],
		action_items: [],
		summary: 'ok',
		classification: 'confirmed',
		callback_requested: true,
		callback_requested_time: '2026-11-26T09:00:00',
		status: 'analyzed',
		call_disconnect_reason: 'agent_hangup',
		timezone: 'Asia/Kolkata',
	};
	const details = callDetails({
		recording_url: 'https://rec.example/1.mp3',
		transcription_url: '[{"bot":"Hello Ada"},{"user":"Hi","timestamp":3}]',
		platform_analysis: analysis,
		client_analysis: {},
	});

	test('reads details with analysis and decodes the transcript', async () => {
		const scope = mockApi()
			.get('/calling/call-details')
			.query({ id: CALL, send_analysis: 'true' })
			.reply(200, { status: 'success', data: details });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL, includeAnalysis: true },
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([
			record({
				...ADA_ANSWERED,
				recording_url: 'https://rec.example/1.mp3',
				transcript_turns: [
					{ speaker: 'bot', text: 'Hello Ada' },
					{ speaker: 'user', text: 'Hi' },
				],
				transcript_text: 'Assistant: Hello Ada\nCaller: Hi',
				summary: 'ok',
				classification: 'confirmed',
				key_points: ['Ada confirmed'],
				action_items: [],
				callback_requested: true,
				callback_at: '2026-11-26T09:00:00+05:30',
				callback_requested_time: '2026-11-26T09:00:00',
				disconnect_reason: 'agent_hangup',
				platform_analysis: analysis,
				client_analysis: {},
				raw: details,
			}),
		]);
		scope.done();
	});

	test('a transcript as a list (as documented), no analysis', async () => {
		const data = { id: CALL, transcription_url: [{ bot: 'x' }] };
		const scope = mockApi()
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { status: 'success', data });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(jsonOf(output)).toEqual([
			record({
				call_id: CALL,
				transcript_turns: [{ speaker: 'bot', text: 'x' }],
				transcript_text: 'Assistant: x',
				raw: data,
			}),
		]);
		scope.done();
	});

	test('404 and 401 reach the user with the service text and advice', async () => {
		const scope = mockApi()
			.get('/calling/call-details')
			.query(true)
			.reply(404, { error: { code: 'not_found', message: 'Call not found' } })
			.get('/calling/call-details')
			.query(true)
			.reply(401, { error: { code: '401 Unauthorized', message: 'Invalid credentials' } });
		const { output } = await runNode({
			type: 'voiceAgentCalling',
			continueOnFail: true,
			items: [{ json: {} }, { json: {} }],
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(output).toEqual([
			{
				json: {
					error: 'Call not found',
					description: 'The service did not find what was asked for. Check the ID.',
					httpCode: '404',
				},
				pairedItem: { item: 0 },
			},
			unauthorizedItem(1),
		]);
		expect(JSON.stringify(output)).not.toContain(API_KEY);
		scope.done();
	});

	test('reads retry 5xx and then succeed', async () => {
		const scope = mockApi()
			.get('/calling/call-details')
			.query(true)
			.reply(503, 'Service Unavailable', { 'Retry-After': '0' })
			.get('/calling/call-details')
			.query(true)
			.reply(502, { detail: 'Bad gateway' })
			.get('/calling/call-details')
			.query(true)
			.reply(200, { status: 'success', data: { id: CALL } });
		const { output, error } = await runNode({
			type: 'voiceAgentCalling',
			parameters: { resource: 'call', operation: 'get', callId: CALL },
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([record({ call_id: CALL, raw: { id: CALL } })]);
		scope.done();
	});
});

describe('Call › Get › Download Recording', () => {
	test('the details with the recording as a file', async () => {
		details();
		recordingHost(wavReply);
		const { output } = await getCall({ downloadRecording: true });
		expect(output[0].json).toEqual(
			record({
				call_id: CALL,
				status: 'completed',
				outcome: 'answered',
				recording_url: REC_URL,
				raw: { id: CALL, call_status: 'completed', recording_url: REC_URL },
			}),
		);
		expect(output[0].binary?.data).toMatchObject({
			mimeType: 'audio/wav',
			fileName: `${CALL}.wav`,
		});
	});
});

describe('call reads: fields read as their types', () => {
	test('Include Analysis "false" is false', async () => {
		mockApi()
			.get('/calling/call-details')
			.query({ id: CALL })
			.reply(200, { data: { id: CALL, transcription_url: '[]' } });
		const { output } = await getCall({ includeAnalysis: '={{ "false" }}' });
		expect(jsonOf(output).map((json) => [json.call_id, json.raw])).toEqual([
			[CALL, { id: CALL, transcription_url: '[]' }],
		]);
	});
});
