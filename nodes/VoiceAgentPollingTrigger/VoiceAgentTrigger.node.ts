import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { assistantLocator } from '../shared/assistants/fields';
import { CALL_TYPE_OPTIONS, VOICEMAIL_FILTERS, voicemailFilter } from '../shared/calls/fields';
import { searchAssistants } from '../shared/assistants/lists';
import { getCampaigns } from '../shared/campaigns/lists';
import { readTrigger, type Fields } from '../shared/engine/params';
import { recordingsFor } from '../shared/calls/recording';
import { readCallDetails } from '../shared/calls/details';
import { historyFetcher } from '../shared/calls/history';
import {
	callRecordOfRow,
	detailsEnricher,
	latestOnce,
	pollInto,
	type PollOptions,
} from '../shared/calls/poll';
import { UUID_RE } from '../shared/engine/validate';
import {
	CAMPAIGN_ENDED,
	campaignEndedProperties,
	pollCampaignEnded,
	readCampaignFilter,
} from './campaignEnded';

const MINUTE = 60000;
export const FIRST_POLL_LOOKBACK_MINUTES = 24 * 60;
export const MAX_POLL_LOOKBACK_MINUTES = 7 * 24 * 60;

const CALL_TYPES = CALL_TYPE_OPTIONS.map((o) => o.value);
const EVENTS = ['callCompleted', CAMPAIGN_ENDED];
/** Call Completed's fields are shown for it alone. */
const CALLS_ONLY = { show: { event: ['callCompleted'] } };

export interface TriggerSettings extends PollOptions {
	includeDetails: boolean;
	downloadRecording: boolean;
}

function readSettings(ctx: IPollFunctions, params: Fields): TriggerSettings {
	const node = ctx.getNode();
	const agentId = params.locator('assistant', 'Assistant');
	if (agentId !== '' && !UUID_RE.test(agentId)) {
		throw new NodeOperationError(
			node,
			`Assistant: "${agentId}" is not a valid ID (UUID expected)`,
			{
				description: 'Pick an assistant from the list, paste its ID, or leave it empty for all.',
			},
		);
	}
	const filters = params.collection('filters', 'Filters');
	const options = params.collection('options', 'Options');
	const lookback = options.number(
		'lookbackMinutes',
		'Lookback Window (Minutes)',
		FIRST_POLL_LOOKBACK_MINUTES,
		{ min: 1, max: MAX_POLL_LOOKBACK_MINUTES },
	);
	const recent = options.number(
		'emitRecentMinutes',
		'Emit Recent Calls on First Poll (Minutes)',
		0,
		{
			min: 0,
			max: MAX_POLL_LOOKBACK_MINUTES,
		},
	);
	return {
		lookbackMs: Math.round(lookback * MINUTE),
		emitRecentMs: Math.round(recent * MINUTE),
		agentId: agentId || undefined,
		bulkListId: filters.text('bulkListId', 'Contact List ID').trim() || undefined,
		callTypes: filters.options('callTypes', 'Call Types', CALL_TYPES),
		voicemail: filters.option('voicemail', 'Voicemail', VOICEMAIL_FILTERS, 'any'),
		includeDetails: options.boolean('includeDetails', 'Include Call Details and Analysis', false),
		downloadRecording: options.boolean('downloadRecording', 'Download Recording', false),
	};
}

const isNotFound = (error: unknown) =>
	error instanceof NodeApiError && String(error.httpCode) === '404';

/** The emitted items, with their recordings when the option asks (a failure never drops a call). */
async function withRecordings(ctx: IPollFunctions, rows: IDataObject[], download: boolean) {
	const calls = rows.map(callRecordOfRow);
	if (!download) return ctx.helpers.returnJsonArray(calls);
	return await recordingsFor(ctx, calls);
}

export class VoiceAgentTrigger implements INodeType {
	description: INodeTypeDescription = {
		// "Polling" in the name: beside the webhook trigger, the name says how each one works.
		displayName: 'Voice Agent Polling Trigger',
		name: 'voiceAgentTrigger',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"] === "campaignEnded" ? "Campaign Ended" : "Call Completed"}}',
		description:
			'Checks the service on a schedule (polling) and starts the workflow once per completed call or ended campaign: no setup on the service',
		defaults: { name: 'Voice Agent Polling Trigger' },
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
					{
						name: 'Campaign Ended',
						value: CAMPAIGN_ENDED,
						description:
							'A campaign reached a final status (once per campaign), with its call counts',
					},
				],
				default: 'callCompleted',
			},
			assistantLocator({
				required: false,
				description:
					'Only calls handled by this assistant. Leave empty for calls of all assistants.',
				displayOptions: CALLS_ONLY,
			}),
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				displayOptions: CALLS_ONLY,
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
					voicemailFilter('Whether calls where voicemail was detected are included'),
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: CALLS_ONLY,
				options: [
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
						typeOptions: { minValue: 0, maxValue: MAX_POLL_LOOKBACK_MINUTES },
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
							'Whether to read the details of each call with its platform and client analysis (one extra request per call), merged into each call record',
					},
					{
						displayName: 'Lookback Window (Minutes)',
						name: 'lookbackMinutes',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_POLL_LOOKBACK_MINUTES },
						default: FIRST_POLL_LOOKBACK_MINUTES,
						description:
							'A call is caught if it completes within this time after it was created. Longer catches later completions (scheduled calls, retries) but reads more pages per poll.',
					},
				],
			},
			...campaignEndedProperties,
		],
	};

	methods = { listSearch: { searchAssistants }, loadOptions: { getCampaigns } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = readTrigger(this, (params) =>
			params.option('event', 'Event', EVENTS, 'callCompleted'),
		);
		if (event === CAMPAIGN_ENDED) {
			return await pollCampaignEnded(this, readTrigger(this, readCampaignFilter));
		}
		const options = readTrigger(this, (params) => readSettings(this, params));
		const fetchPage = historyFetcher(this);
		if (options.includeDetails) {
			options.enrich = detailsEnricher(
				async (call) => await readCallDetails(this, String(call.id), true),
				isNotFound,
			);
		}
		const now = Date.now();

		if (this.getMode() === 'manual') {
			const call = await latestOnce(fetchPage, now, options);
			return call
				? [await withRecordings(this, [call as IDataObject], options.downloadRecording)]
				: null;
		}

		// The store is the node's static data; pollInto writes it only after every page and
		// every enrichment succeeded, and skips a poll while another of this workflow runs.
		const store = this.getWorkflowStaticData('node');
		// Campaign Ended's memory: switching the event starts that one over.
		delete store.campaigns;
		const result = await pollInto(store, fetchPage, now, options);
		if (!result || result.items.length === 0) return null;
		return [await withRecordings(this, result.items as IDataObject[], options.downloadRecording)];
	}
}
