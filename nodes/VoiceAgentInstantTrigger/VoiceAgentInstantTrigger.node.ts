import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getClassificationLabels, searchAssistants } from '../shared/assistants/lists';
import { carriedFilterReason } from '../shared/calls/outcomeFilter';
import { isPlainObject } from '../shared/http/shape';
import { EVENT_OPTIONS } from '../shared/assistants/events';
import { properties, readConfig, type Config } from './config';
import { classify, primaryEvent, type Delivery } from './events';
import { TriggerMemory } from './known';
import { callKey, deliveryKey } from './memory';
import { checkExists, create, remove } from './registration';
import { isAuthentic } from './secret';
import { runSweep, type NodeState } from './state';

/**
 * Triggers whose sweep a request of this process is running: one sweep at a time per
 * trigger and process. A claim lives as long as the request's response (given back when it
 * is finished or closed). Which deliveries and calls were emitted is known.ts's job.
 */
const sweeping = new Set<string>();

/** Takes this trigger's sweep for the request; false when another request runs it. */
function claimSweep(ctx: IWebhookFunctions): boolean {
	const scope = `${ctx.getWorkflow().id ?? ''}|${ctx.getNode().id}`;
	if (sweeping.has(scope)) return false;
	sweeping.add(scope);
	const res = ctx.getResponseObject();
	const release = () => sweeping.delete(scope);
	res.once('finish', release);
	res.once('close', release);
	return true;
}

/** The delivery's body; n8n parses JSON bodies, a callback sent without Content-Type is not. */
function bodyOf(ctx: IWebhookFunctions): unknown {
	const body = ctx.getBodyData();
	if (isPlainObject(body) && Object.keys(body).length > 0) return body;
	const raw = (ctx.getRequestObject() as { rawBody?: unknown }).rawBody;
	if (raw instanceof Uint8Array || typeof raw === 'string') {
		try {
			return JSON.parse(Buffer.from(raw).toString('utf8'));
		} catch {
			return body;
		}
	}
	return body;
}

/** Why a delivery starts nothing, or undefined when it is one the user selected. */
function ignoredBecause(delivery: Delivery, config: Config): string | undefined {
	if (delivery.kind === 'event' && !(config.events as string[]).includes(delivery.eventType)) {
		return `event type ${delivery.eventType} is not selected`;
	}
	if (delivery.kind === 'callback') {
		if (!config.acceptCallbacks) return 'status callbacks are not accepted';
		if (!delivery.terminal) return `status ${delivery.status} is not final`;
	}
	// The item is a call record: its assistant's id (null when the delivery names none).
	const agentId = (delivery.item.assistant as { id?: unknown } | undefined)?.id;
	if (config.agentId && typeof agentId === 'string' && agentId !== config.agentId) {
		return 'another assistant';
	}
	return undefined;
}

/** The canvas subtitle: the selected events by the names the field and the actions list use. */
const SUBTITLE = `={{(($parameter["events"] || []).map(function (e) { return (${JSON.stringify(
	Object.fromEntries(EVENT_OPTIONS.map((o) => [o.value, o.name])),
)})[e] || e; })).join(", ")}}`;

/** What "Listen for test event" needs; shown in the trigger panel beside the parameters. */
const TEST_HELP =
	"<b>To test</b>: fill in the Secret, then click 'Listen for test event' and start a call with the assistant. " +
	'With Register on Assistant on, the Test URL is subscribed while the editor listens; otherwise put the Test URL ' +
	"(Webhook URLs, top of the parameters) into the assistant's event subscriptions, with the header <code>x-voice-agent-secret</code> set to the Secret (or <code>?secret=…</code> on the URL). " +
	'Each event type selected in Events starts one execution.';

export class VoiceAgentInstantTrigger implements INodeType {
	description: INodeTypeDescription = {
		// "Webhook" in the name: beside the polling trigger, the name says how each one works.
		displayName: 'Voice Agent Webhook Trigger',
		name: 'voiceAgentInstantTrigger',
		icon: {
			light: 'file:../../icons/voiceAgent.svg',
			dark: 'file:../../icons/voiceAgent.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: SUBTITLE,
		description:
			'Starts the workflow the moment the service sends a call event (webhook): instant, set up once on the assistant',
		defaults: { name: 'Voice Agent Webhook Trigger' },
		// The canvas shows this on the node while the editor listens for a test event.
		eventTriggerDescription: 'Waiting for a call event: start a call with the assistant',
		activationMessage:
			'Call events sent to the Production URL now start this workflow (listed under Executions).',
		triggerPanel: {
			header: 'Receive call events from the voice agent service',
			executionsHelp: {
				inactive: TEST_HELP,
				active: `${TEST_HELP}<br /><br /><b>The workflow is active</b>: events sent to the Production URL start it; those executions are listed under Executions, not here.`,
			},
			activationHint:
				'Once the workflow works, activate it: events then go to the Production URL (with Register on Assistant, the subscription moves there by itself).',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAgentApi', required: false }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'events',
			},
		],
		properties,
	};

	methods = {
		listSearch: { searchAssistants },
		loadOptions: { getClassificationLabels },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const res = this.getResponseObject();
		const reply = (status: number, body: IDataObject): IWebhookResponseData => {
			res.status(status).json(body);
			return { noWebhookResponse: true };
		};
		let config: Config;
		try {
			config = readConfig(this);
		} catch (error) {
			this.logger.warn(`Voice Agent Webhook Trigger: ${(error as Error).message}`);
			return reply(500, { error: 'The trigger is misconfigured; see the n8n log.' });
		}
		const query = this.getQueryData() as IDataObject;
		if (!isAuthentic(config.secret, this.getHeaderData(), query)) {
			return reply(401, { error: 'Missing or wrong secret' });
		}

		const data = this.getWorkflowStaticData('node') as NodeState;
		const now = Date.now();
		const memory = TriggerMemory.of(this, data.memory, now);
		const handled = await handle(this, config, data, memory, query, now);
		// Whatever the request did, the copy n8n saves for it carries every key this process
		// knows (known.ts): after the last await, so what other requests remembered is in too.
		const written = memory.toWrite();
		if (written) data.memory = written;
		if ('error' in handled) return reply(handled.status, { error: handled.error });
		if (handled.items.length === 0) return { webhookResponse: handled.answer };
		reply(200, handled.answer);
		return startWorkflow(this, handled.items);
	}
}

/** One authenticated request: a delivery (and a sweep when one is due), or `?sweep`. */
async function handle(
	ctx: IWebhookFunctions,
	config: Config,
	data: NodeState,
	memory: TriggerMemory,
	query: IDataObject,
	now: number,
): Promise<{ items: IDataObject[]; answer: IDataObject } | { status: number; error: string }> {
	const items: IDataObject[] = [];
	let answer: IDataObject = { received: true };
	const sweepRequested = query.sweep !== undefined;
	if (!sweepRequested) {
		const delivery = classify(bodyOf(ctx));
		if (delivery.kind === 'unknown') {
			return {
				status: 400,
				error: `Not a delivery of the voice agent service: ${delivery.reason}`,
			};
		}
		answer = admit(delivery, config, memory, items);
	}
	const swept = await sweepIfDue(ctx, config, data, memory, now, sweepRequested);
	if ('failed' in swept) return { status: 502, error: `Sweep failed: ${swept.failed}` };
	items.push(...swept.items);
	if (swept.answer) answer = { ...answer, ...swept.answer };
	return { items, answer };
}

/**
 * A delivery, judged: ignored (not an event this trigger is for), a duplicate (its key
 * known: in this request's copy of the memory, or to this process, which includes a copy
 * being handled by a concurrent request), or new: remembered and emitted. Checked and
 * remembered without an await between, so two copies in one process cannot both pass.
 */
function admit(
	delivery: Exclude<Delivery, { kind: 'unknown' }>,
	config: Config,
	memory: TriggerMemory,
	items: IDataObject[],
): IDataObject {
	const primary = primaryEvent(config.events, config.acceptCallbacks);
	const ignored = ignoredBecause(delivery, config);
	if (ignored) return { received: true, ignored };
	const dKey = deliveryKey(delivery.key);
	const isPrimary = delivery.eventType === primary && delivery.terminal;
	const cKey = callKey(delivery.callId);
	if (memory.has(dKey) || (isPrimary && memory.has(cKey))) {
		return { received: true, duplicate: true };
	}
	memory.remember(dKey);
	if (isPrimary) memory.remember(cKey);
	// Judged after it is remembered: a retry of a filtered delivery is a duplicate, and the
	// safety net does not emit its call later.
	const filtered = carriedFilterReason(delivery.item, config.outcomeFilter);
	if (filtered) return { received: true, ignored: filtered };
	items.push(delivery.item);
	return { received: true };
}

/**
 * The safety net's sweep, when it is due or asked for (`?sweep`) and no other request of
 * this process runs one: the calls it finds that no delivery brought. A failed sweep stores
 * nothing (the next one reads the same window again); only an asked-for one reports the
 * failure.
 */
async function sweepIfDue(
	ctx: IWebhookFunctions,
	config: Config,
	data: NodeState,
	memory: TriggerMemory,
	now: number,
	requested: boolean,
): Promise<{ items: IDataObject[]; answer?: IDataObject } | { failed: string }> {
	const due = !data.sweep?.at || now - Number(data.sweep.at) >= config.sweepMs;
	if (config.safetyNet && (requested || due) && claimSweep(ctx)) {
		try {
			// The calls no delivery (of any request, in this copy or this process) emitted.
			const found = await runSweep(ctx, config, data, memory, now);
			const items = found.filter(
				(item) => carriedFilterReason(item, config.outcomeFilter) === undefined,
			);
			return { items, answer: { swept: found.length } };
		} catch (error) {
			ctx.logger.warn(`Voice Agent Webhook Trigger: sweep failed: ${(error as Error).message}`);
			if (requested) return { failed: (error as Error).message };
			return { items: [] };
		}
	}
	if (!requested) return { items: [] };
	return {
		items: [],
		answer: { received: true, swept: config.safetyNet ? 'already running' : 'safety net is off' },
	};
}

/**
 * Starts the workflow with `items` after the node has answered the request itself. Why not
 * leave the answer to n8n: n8n saves the static data (the memory, the sweep cursor) when
 * it answers, and only if it is still marked changed. n8n 1.x answers an "onReceived"
 * webhook before it builds the execution; n8n 2.x builds the execution first, which marks
 * the static data unchanged, so the memory was never saved (measured: every retried
 * delivery started the workflow again). A webhook that answered itself (`noWebhookResponse`)
 * makes both versions save right away, before the execution is built.
 */
function startWorkflow(ctx: IWebhookFunctions, items: IDataObject[]): IWebhookResponseData {
	return { noWebhookResponse: true, workflowData: [ctx.helpers.returnJsonArray(items)] };
}
