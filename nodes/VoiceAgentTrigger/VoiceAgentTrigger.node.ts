import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { assistantLocator } from '../shared/assistants/fields';
import {
	CALL_TYPE_OPTIONS,
	downloadRecordingField,
	VOICEMAIL_FILTERS,
	voicemailFilter,
} from '../shared/calls/fields';
import { getClassificationLabels, searchAssistants } from '../shared/assistants/lists';
import {
	outcomeChosen,
	OUTCOME_CHOICES,
	outcomeFilterFields,
	passesOutcomeFilter,
	type OutcomeFilter,
} from '../shared/calls/outcomeFilter';
import { getCampaigns } from '../shared/campaigns/lists';
import type { Fields } from '../shared/engine/params';
import { readTrigger } from '../shared/engine/triggerParams';
import { noTestEventMessage } from './noTestEvent';
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
import { isTerminalStatus } from '../shared/calls/statuses';
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
const DETAILS_FOR = ['all', 'completed'] as const;
type DetailsFor = (typeof DETAILS_FOR)[number];
const CALL_ENDED = 'callEnded';
const EVENTS = ['callCompleted', CALL_ENDED, CAMPAIGN_ENDED];
/** The call events' fields are shown for them alone. */
const CALLS_ONLY = { show: { event: ['callCompleted', CALL_ENDED] } };

export interface TriggerSettings extends PollOptions {
	includeDetails: boolean;
	/** Which calls' details to read: every emitted call, or only those that connected. */
	detailsFor: DetailsFor;
	downloadRecording: boolean;
	outcomeFilter: OutcomeFilter;
}

function readSettings(ctx: IPollFunctions, params: Fields, event: string): TriggerSettings {
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
	const classification = filters.text('classification', 'Classification').trim();
	return {
		ended: event === CALL_ENDED || undefined,
		lookbackMs: Math.round(lookback * MINUTE),
		emitRecentMs: Math.round(recent * MINUTE),
		agentId: agentId || undefined,
		bulkListId: filters.text('bulkListId', 'Contact List ID').trim() || undefined,
		callTypes: filters.options('callTypes', 'Call Types', CALL_TYPES),
		voicemail: filters.option('voicemail', 'Voicemail', VOICEMAIL_FILTERS, 'any'),
		// The classification is in the analysis, which only the call details carry.
		includeDetails:
			options.boolean('includeDetails', 'Include Call Details and Analysis', false) ||
			classification !== '',
		detailsFor: options.option('detailsFor', 'Read Details For', DETAILS_FOR, 'all'),
		outcomeFilter: {
			outcomes: filters.options('outcomes', 'Outcomes', OUTCOME_CHOICES),
			classification,
		},
		downloadRecording: options.boolean('downloadRecording', 'Download Recording', false),
	};
}

/** What the history can tell of an outcome, where the Outcomes field is. */
const POLLING_OUTCOMES_HINT =
	"Read from the call history: a call nobody answered, or a busy line, usually shows there as Failed (its sub-status has no busy). Not Reached catches every call that did not reach its callee; the Webhook Trigger's events carry the carrier's cause (no answer, busy).";

/**
 * A row whose final status says the call never connected: no conversation, so its details hold
 * no summary and no call-back request. A row without a status, or still in progress, is read.
 */
const neverConnected = (row: { status?: unknown }) =>
	isTerminalStatus(row.status) && String(row.status).trim().toLowerCase() !== 'completed';

const isNotFound = (error: unknown) =>
	error instanceof NodeApiError && String(error.httpCode) === '404';

/** The emitted items, with their recordings when the option asks (a failure never drops a call). */
async function withRecordings(ctx: IPollFunctions, rows: IDataObject[], settings: TriggerSettings) {
	// A call filtered out here is remembered by the cursor all the same: never emitted later.
	const calls = rows
		.map(callRecordOfRow)
		.filter((call) => passesOutcomeFilter(call, settings.outcomeFilter));
	if (calls.length === 0) return undefined;
	if (!settings.downloadRecording) return ctx.helpers.returnJsonArray(calls);
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
		subtitle:
			'={{$parameter["event"] === "campaignEnded" ? "Campaign Ended" : $parameter["event"] === "callEnded" ? "Call Ended" : "Call Completed"}}',
		description:
			'Checks the service on a schedule (polling) and starts the workflow once per completed or ended call, or ended campaign: no setup on the service',
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
						name: 'Call Ended',
						value: CALL_ENDED,
						description:
							'A call reached a final status, whatever its outcome: completed, failed, error, cancelled or forwarded (once per call)',
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
			{
				displayName:
					'The analysis (summary, classification, key points) is read only with the option Include Call Details and Analysis, or when a Classification filter is set',
				name: 'analysisNotice',
				type: 'notice',
				default: '',
				// Call Completed's panel stays as saved workflows know it; its option says the same.
				displayOptions: { show: { event: [CALL_ENDED] } },
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
					...outcomeFilterFields(
						"Reads each call's details (one request per call); a call whose analysis is not ready yet when it is emitted has no classification and is skipped.",
					).map((field) =>
						field.name === 'outcomes' ? { ...field, hint: POLLING_OUTCOMES_HINT } : field,
					),
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
					downloadRecordingField(
						'Whether to add the audio recording of each call as a file (binary field "data"). A call whose recording cannot be downloaded is still emitted, without the file and with recording_error.',
					),
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
					{
						displayName: 'Read Details For',
						name: 'detailsFor',
						type: 'options',
						options: [
							{
								name: 'Every Call',
								value: 'all',
								description: 'One details request per emitted call',
							},
							{
								name: 'Completed Calls Only',
								value: 'completed',
								description:
									'A call that failed, errored, was cancelled or forwarded never connected: it has no summary and no call-back request, so it is emitted as the history shows it, without a details request',
							},
						],
						default: 'all',
						description:
							'With Include Call Details and Analysis on (or a Classification filter): which calls to read the details of',
					},
				],
			},
			...campaignEndedProperties,
		],
	};

	methods = {
		listSearch: { searchAssistants },
		loadOptions: { getCampaigns, getClassificationLabels },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = readTrigger(this, (params) =>
			params.option('event', 'Event', EVENTS, 'callCompleted'),
		);
		if (event === CAMPAIGN_ENDED) {
			return await pollCampaignEnded(this, readTrigger(this, readCampaignFilter));
		}
		const options = readTrigger(this, (params) => readSettings(this, params, event));
		const fetchPage = historyFetcher(this);
		if (options.includeDetails) {
			const enrich = detailsEnricher(
				async (call) => await readCallDetails(this, String(call.id), true),
				isNotFound,
			);
			options.enrich =
				options.detailsFor === 'completed'
					? async (call) => (neverConnected(call) ? call : await enrich(call))
					: enrich;
		}
		const now = Date.now();

		if (this.getMode() === 'manual') {
			// The test event is the newest call of a chosen outcome, not the newest call filtered out.
			const { outcomes, classification } = options.outcomeFilter;
			if (outcomes.length > 0)
				options.accept = (row) => {
					const record = callRecordOfRow(row);
					return outcomeChosen(record.outcome, record, outcomes);
				};
			const call = await latestOnce(fetchPage, now, options);
			const items = call ? await withRecordings(this, [call as IDataObject], options) : undefined;
			if (items) return [items];
			// n8n would show an empty panel: say why, and what the history can tell.
			const why = noTestEventMessage({ outcomes, classification, assistant: !!options.agentId });
			throw new NodeOperationError(this.getNode(), why.message, { description: why.description });
		}

		// The store is the node's static data; pollInto writes it only after every page and
		// every enrichment succeeded, and skips a poll while another of this workflow runs.
		const store = this.getWorkflowStaticData('node');
		// Campaign Ended's memory: switching the event starts that one over.
		delete store.campaigns;
		const result = await pollInto(store, fetchPage, now, options);
		if (!result || result.items.length === 0) return null;
		const items = await withRecordings(this, result.items as IDataObject[], options);
		return items ? [items] : null;
	}
}
