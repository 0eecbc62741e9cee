/**
 * The node's fields and their one reading, shared by the webhook and the activation hooks
 * (whose getNodeParameter takes no item index: they are adapted to the shared readers).
 */
import type { IHookFunctions, INodeProperties, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assistantLocator } from '../shared/assistants/fields';
import type { Fields } from '../shared/engine/params';
import { readTrigger } from '../shared/engine/triggerParams';
import { UUID_RE } from '../shared/engine/validate';
import { EVENT_OPTIONS, EVENT_TYPES, type EventType } from '../shared/assistants/events';
import {
	OUTCOME_CHOICES,
	outcomeFilterFields,
	type OutcomeFilter,
} from '../shared/calls/outcomeFilter';
import { MIN_SECRET_LENGTH, SECRET_HEADER, SECRET_QUERY } from './secret';

const MINUTE = 60000;
export const DEFAULT_SWEEP_MINUTES = 10;
export const DEFAULT_GRACE_MINUTES = 5;
export const SWEEP_LOOKBACK_MINUTES = 24 * 60;
export const MAX_SWEEP_LOOKBACK_MINUTES = 7 * 24 * 60;

/** How Outcomes treats a retried attempt (Call Attempt Ended with status "retry"). */
export const OUTCOMES_HINT =
	'Call Attempt Ended: an attempt the service retries passes when the outcome of that attempt (attempt_outcome: busy, no answer, …) is selected, not as pending; one whose outcome the service does not give does not pass. Call Started and Recording Ready are not judged.';

export const properties: INodeProperties[] = [
	{
		// Short on purpose: the steps live in the trigger panel's help (left of the parameters).
		displayName:
			"Call events arrive at this trigger's URL (Webhook URLs, above) through the assistant's event subscriptions: turn on Register on Assistant to add this trigger's entry, next to any others.",
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Secret',
		name: 'secret',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		placeholder: `At least ${MIN_SECRET_LENGTH} characters, e.g. a random text of 32`,
		hint: `Every delivery must carry it: header ${SECRET_HEADER}, or ?${SECRET_QUERY}= in the URL (Register on Assistant adds that). Others get 401.`,
		description: `Shared secret every delivery must carry; at least ${MIN_SECRET_LENGTH} characters. The trigger does not listen (test or production) without one.`,
	},
	{
		// Why the editor's "Execute step" stays off while the Secret is empty (n8n shows no reason
		// of its own). Shown only while it is empty: a display condition with a regex (the length)
		// runs at every execution in n8n 2.x, in a vm with a 250 ms timeout, and on a busy machine
		// that failed webhook deliveries ("Regular expression execution timed out"). A short
		// secret is refused when the trigger listens, naming the rule.
		displayName: `Fill in a secret of at least ${MIN_SECRET_LENGTH} characters: until then the trigger cannot listen, in a test or when active`,
		name: 'secretTooShort',
		type: 'notice',
		default: '',
		// "hide": the editor shows a field whenever a "show" value is an expression.
		displayOptions: { hide: { secret: [{ _cnd: { not: '' } }] } },
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: EVENT_OPTIONS,
		default: ['all_processing_completed'],
		description:
			'Assistant events that start the workflow, one item per event. Others are answered 200 and ignored. The analysis (summary, classification, key points) comes with All Processing Completed (and Platform Analysis Completed).',
	},
	{
		displayName: 'Accept Per-Call Status Callbacks (Legacy)',
		name: 'acceptCallbacks',
		type: 'boolean',
		default: true,
		description:
			'Whether status callbacks of calls started with this URL as Status Callback URL start the workflow; only final statuses do. Legacy: the vendor removed per-call callbacks from its reference on 2026-08-03, so the service may not send them; use event subscriptions.',
	},
	assistantLocator({
		required: false,
		description:
			'Only events of this assistant. Required to register on it; the safety net sweeps its calls. Leave empty for all assistants.',
	}),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: outcomeFilterFields(
			'Judges the events that carry an analysis (All Processing Completed, Platform Analysis Completed); other events pass. Outcomes judges the events with a final status.',
		).map((field) => (field.name === 'outcomes' ? { ...field, hint: OUTCOMES_HINT } : field)),
	},
	{
		displayName: 'Register on Assistant',
		name: 'registerOnAssistant',
		type: 'boolean',
		default: false,
		description:
			'Whether to add this trigger to the event subscriptions of the assistant when the workflow is activated, and to remove it when it is deactivated',
	},
	{
		displayName:
			"The service keeps one list of subscriptions per assistant version and replaces it whole on every change. Activation reads the list, adds or updates only this trigger's entry (by its URL; the secret goes in a header) and writes every other entry back as it was; deactivation removes only this trigger's entry. If another entry has a secret the service only shows masked, nothing is written and activation fails, saying what to set by hand. During an A/B test every variant that takes calls gets the entry.",
		name: 'registerWarning',
		type: 'notice',
		default: '',
		displayOptions: { show: { registerOnAssistant: [true] } },
	},
	{
		displayName: 'Safety Net',
		name: 'safetyNet',
		type: 'boolean',
		default: false,
		description:
			'Whether to also sweep the call history now and then and emit any completed call whose event never arrived (the service drops a delivery after 3 retries)',
	},
	{
		displayName: `The sweep runs inside deliveries once it is due, and on every authenticated POST to this URL with ?sweep=1 (e.g. from a Schedule Trigger + HTTP Request in another workflow, for quiet assistants). Each call is emitted once, whichever way it arrives.`,
		name: 'safetyNetNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { safetyNet: [true] } },
	},
	{
		displayName: 'Safety Net Options',
		name: 'safetyNetOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { safetyNet: [true] } },
		options: [
			{
				displayName: 'Sweep Every (Minutes)',
				name: 'sweepMinutes',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: DEFAULT_SWEEP_MINUTES,
				description: 'A delivery runs a sweep when the last one is at least this old',
			},
			{
				displayName: 'Wait for Late Events (Minutes)',
				name: 'graceMinutes',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: DEFAULT_GRACE_MINUTES,
				description:
					'A completed call found by the sweep is emitted only when its event has not arrived this long after the sweep first saw it (processing and retries take minutes)',
			},
			{
				displayName: 'Lookback Window (Minutes)',
				name: 'lookbackMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_SWEEP_LOOKBACK_MINUTES },
				default: SWEEP_LOOKBACK_MINUTES,
				description: 'Calls created this long ago or later are swept',
			},
		],
	},
];

export interface Config {
	secret: string;
	events: EventType[];
	acceptCallbacks: boolean;
	agentId?: string;
	register: boolean;
	safetyNet: boolean;
	sweepMs: number;
	graceMs: number;
	lookbackMs: number;
	outcomeFilter: OutcomeFilter;
}

export function readConfig(ctx: IHookFunctions | IWebhookFunctions): Config {
	return readTrigger(ctx, (f) => configOf(ctx, f));
}

function configOf(ctx: IHookFunctions | IWebhookFunctions, f: Fields): Config {
	const node = ctx.getNode();
	const agentId = f.locator('assistant', 'Assistant');
	if (agentId !== '' && !UUID_RE.test(agentId)) {
		throw new NodeOperationError(node, `Assistant: "${agentId}" is not a valid ID (UUID expected)`);
	}
	const safety = f.collection('safetyNetOptions', 'Safety Net Options');
	const filters = f.collection('filters', 'Filters');
	const minutes = (name: string, label: string, fallback: number, min: number, max?: number) =>
		Math.round(safety.number(name, label, fallback, { min, max }) * MINUTE);
	return {
		secret: f.text('secret', 'Secret').trim(),
		events: f.options('events', 'Events', EVENT_TYPES),
		acceptCallbacks: f.boolean(
			'acceptCallbacks',
			'Accept Per-Call Status Callbacks (Legacy)',
			true,
		),
		agentId: agentId || undefined,
		register: f.boolean('registerOnAssistant', 'Register on Assistant', false),
		safetyNet: f.boolean('safetyNet', 'Safety Net', false),
		sweepMs: minutes('sweepMinutes', 'Sweep Every (Minutes)', DEFAULT_SWEEP_MINUTES, 0),
		graceMs: minutes('graceMinutes', 'Wait for Late Events (Minutes)', DEFAULT_GRACE_MINUTES, 0),
		lookbackMs: minutes(
			'lookbackMinutes',
			'Lookback Window (Minutes)',
			SWEEP_LOOKBACK_MINUTES,
			1,
			MAX_SWEEP_LOOKBACK_MINUTES,
		),
		outcomeFilter: {
			outcomes: filters.options('outcomes', 'Outcomes', OUTCOME_CHOICES),
			classification: filters.text('classification', 'Classification').trim(),
		},
	};
}

/** What activation insists on: a usable secret, and an assistant to register on. */
export function assertActivatable(ctx: IHookFunctions, config: Config): void {
	const node = ctx.getNode();
	if (config.secret.length < MIN_SECRET_LENGTH) {
		// Also reached by "Listen for test event": say what is wrong, not "activate".
		throw new NodeOperationError(
			node,
			`Secret: at least ${MIN_SECRET_LENGTH} characters are needed before the trigger can listen (it has ${config.secret.length})`,
			{ description: 'Fill in a long random text; every delivery must carry it.' },
		);
	}
	if (config.register && !config.agentId) {
		throw new NodeOperationError(node, 'Assistant: pick the assistant to register on', {
			description: 'Register on Assistant is on, so an assistant is needed.',
		});
	}
	if (config.register && config.events.length === 0) {
		throw new NodeOperationError(node, 'Events: select at least one event to register');
	}
}
