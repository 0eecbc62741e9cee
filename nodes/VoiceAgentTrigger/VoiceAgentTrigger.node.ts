import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { assistantLocator, CALL_TYPE_OPTIONS } from '../shared/descriptions';
import { searchAssistants } from '../shared/listSearch';
import { recordingsFor } from '../shared/recording';
import { apiRequest } from '../shared/transport';
import { UUID_RE } from '../shared/validate';
import type { CallRow, VoicemailFilter } from './cursor';
import { latestOnce, pollOnce, type FetchPage, type PollOptions } from './pollOnce';

const MINUTE = 60000;
export const DEFAULT_LOOKBACK_MINUTES = 24 * 60;
export const MAX_LOOKBACK_MINUTES = 7 * 24 * 60;

function readOptions(ctx: IPollFunctions): PollOptions {
	const node = ctx.getNode();
	const agentId = String(
		ctx.getNodeParameter('assistant', '', { extractValue: true }) ?? '',
	).trim();
	if (agentId !== '' && !UUID_RE.test(agentId)) {
		throw new NodeOperationError(
			node,
			`Assistant: "${agentId}" is not a valid ID (UUID expected)`,
			{
				description: 'Pick an assistant from the list, paste its ID, or leave it empty for all.',
			},
		);
	}
	const filters = ctx.getNodeParameter('filters', {}) as IDataObject;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const lookback = Number(options.lookbackMinutes ?? DEFAULT_LOOKBACK_MINUTES);
	if (!Number.isFinite(lookback) || lookback < 1 || lookback > MAX_LOOKBACK_MINUTES) {
		throw new NodeOperationError(
			node,
			`Options › Lookback Window (Minutes): ${JSON.stringify(options.lookbackMinutes)} is not between 1 and ${MAX_LOOKBACK_MINUTES}`,
		);
	}
	const recent = Number(options.emitRecentMinutes ?? 0);
	if (!Number.isFinite(recent) || recent < 0) {
		throw new NodeOperationError(
			node,
			`Options › Emit Recent Calls on First Poll (Minutes): ${JSON.stringify(options.emitRecentMinutes)} is not a number of minutes`,
		);
	}
	const callTypes = filters.callTypes;
	return {
		lookbackMs: Math.round(lookback * MINUTE),
		emitRecentMs: Math.round(recent * MINUTE),
		agentId: agentId || undefined,
		bulkListId: String(filters.bulkListId ?? '').trim() || undefined,
		callTypes: Array.isArray(callTypes) ? callTypes.map(String) : [],
		voicemail: (filters.voicemail as VoicemailFilter | undefined) ?? 'any',
		decodeTranscript: options.decodeTranscript !== false,
	};
}

/** The emitted items, with their recordings when the option asks (a failure never drops a call). */
async function withRecordings(ctx: IPollFunctions, calls: IDataObject[]) {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	if (options.downloadRecording !== true && options.downloadRecording !== 'true') {
		return ctx.helpers.returnJsonArray(calls);
	}
	return await recordingsFor(ctx, calls);
}

export class VoiceAgentTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Agent Trigger',
		name: 'voiceAgentTrigger',
		icon: { light: 'file:voiceAgent.svg', dark: 'file:voiceAgent.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Call Completed"}}',
		description: 'Starts the workflow when an AI voice agent call completes',
		defaults: { name: 'Voice Agent Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAgentApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Call Completed',
						value: 'callCompleted',
						description: 'A call reached the status completed (once per call)',
					},
				],
				default: 'callCompleted',
			},
			assistantLocator({
				required: false,
				description:
					'Only calls handled by this assistant. Leave empty for calls of all assistants.',
			}),
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: [
					{
						displayName: 'Call Types',
						name: 'callTypes',
						type: 'multiOptions',
						options: CALL_TYPE_OPTIONS,
						default: [],
						description: 'Only calls of these types; none selected means all',
					},
					{
						displayName: 'Contact List ID',
						name: 'bulkListId',
						type: 'string',
						default: '',
						description: 'Only calls of this contact (bulk) list',
					},
					{
						displayName: 'Voicemail',
						name: 'voicemail',
						type: 'options',
						options: [
							{ name: 'Any', value: 'any' },
							{ name: 'Exclude Voicemail', value: 'exclude' },
							{ name: 'Only Voicemail', value: 'only' },
						],
						default: 'any',
						description: 'Whether calls where voicemail was detected are included',
					},
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Decode Transcript',
						name: 'decodeTranscript',
						type: 'boolean',
						default: true,
						description:
							'Whether to add transcript_turns (speaker and text) and transcript_text beside the raw transcript',
					},
					{
						displayName: 'Download Recording',
						name: 'downloadRecording',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the audio recording of each call as a file (binary field "data"). A call whose recording cannot be downloaded is still emitted, without the file and with recording_error.',
					},
					{
						displayName: 'Emit Recent Calls on First Poll (Minutes)',
						name: 'emitRecentMinutes',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: MAX_LOOKBACK_MINUTES },
						default: 0,
						description:
							'On activation the trigger records what exists and emits nothing. Set this to also emit calls that completed in the last N minutes.',
					},
					{
						displayName: 'Include Call Details and Analysis',
						name: 'includeDetails',
						type: 'boolean',
						default: false,
						description:
							'Whether to read the details of each call with its platform and client analysis (one extra request per call), added under "details"',
					},
					{
						displayName: 'Lookback Window (Minutes)',
						name: 'lookbackMinutes',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_LOOKBACK_MINUTES },
						default: DEFAULT_LOOKBACK_MINUTES,
						description:
							'A call is caught if it completes within this time after it was created. Longer catches later completions (scheduled calls, retries) but reads more pages per poll.',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchAssistants } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const options = readOptions(this);
		const includeDetails = (this.getNodeParameter('options', {}) as IDataObject).includeDetails;
		const fetchPage: FetchPage = async (qs) => {
			const body = await apiRequest.call(this, { method: 'GET', path: '/calling/history', qs });
			return { rows: (body.calls as CallRow[] | undefined) ?? [], total: body.total };
		};
		if (includeDetails === true) {
			options.enrich = async (call) => {
				const body = await apiRequest.call(this, {
					method: 'GET',
					path: '/calling/call-details',
					qs: { id: String(call.id), send_analysis: true },
				});
				return { ...call, details: (body.data as IDataObject | undefined) ?? {} };
			};
		}
		const now = Date.now();

		if (this.getMode() === 'manual') {
			const call = await latestOnce(fetchPage, now, options);
			return call ? [await withRecordings(this, [call as IDataObject])] : null;
		}

		const staticData = this.getWorkflowStaticData('node');
		const result = await pollOnce(fetchPage, staticData.cursor, now, options);
		// Only here, after every page (and every enrichment) succeeded.
		staticData.cursor = { ...result.state };
		if (result.items.length === 0) return null;
		return [await withRecordings(this, result.items as IDataObject[])];
	}
}
