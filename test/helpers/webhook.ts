/**
 * Runs a webhook node's webhook() and webhookMethods through n8n-core's real WebhookContext
 * and HookContext (real parameter reading, static data, credentials and HTTP helpers; nock
 * as the only API). One Workflow object per test keeps the static data between calls, as
 * n8n's database does between requests; or, with a StaticDataStore, each request gets its
 * own copy and saves it whole, as n8n does (see StaticDataStore).
 */
import { EventEmitter } from 'node:events';
import path from 'node:path';

import { mock } from 'jest-mock-extended';
import { ExecutionLifecycleHooks, HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	IWebhookData,
	IWebhookResponseData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ObservableObject } from 'n8n-workflow';

import { AGENT, locator } from './fixtures';
import { CREDENTIALS, makeAdditionalData, makeWorkflow, PACKAGE } from './harness';
import { itemsOf, recorded, RECORDING } from './outputs';

export const WEBHOOK_BASE = 'http://localhost:5678/webhook';
export const WEBHOOK_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The few parts of express's Response a webhook node uses. */
export class FakeResponse extends EventEmitter {
	statusCode = 200;
	body: unknown;
	status(code: number) {
		this.statusCode = code;
		return this;
	}
	json(body: unknown) {
		this.body = body;
		return this;
	}
	/** What n8n does once it has answered: the node's in-flight claims go. */
	finish() {
		this.emit('finish');
		this.emit('close');
	}
}

export interface WebhookRequest {
	body?: unknown;
	headers?: Record<string, string>;
	query?: Record<string, string>;
}

/**
 * A workflow's static data as n8n keeps it for production webhook requests (n8n 1.123.81 and
 * 2.41.1: LiveWebhooks.executeWebhook, WorkflowStaticDataService): each request reads the
 * workflow's whole static data from the database into a Workflow of its own, runs the node's
 * webhook(), and once the request's answer is settled writes that whole copy back if it is
 * marked changed: one UPDATE of the column, no lock, no version, no merge. Activation
 * (ActiveWorkflowManager) reads and saves it the same way around the node's hooks.
 */
export class StaticDataStore {
	/** The column as the database holds it. */
	saved = '{}';
	saves = 0;

	read(): IDataObject {
		return JSON.parse(this.saved) as IDataObject;
	}

	write(data: IDataObject): void {
		this.saved = JSON.stringify(data);
		this.saves++;
	}
}

/**
 * The node's class loaded afresh, with module state of its own: the node as another n8n
 * process runs it (a second webhook process), or as this one does after a restart.
 */
function freshNodeType(type: string): INodeType {
	const name = type.slice(`${PACKAGE}.`.length);
	const files: string[] = require('../../package.json').n8n.nodes;
	const file = files.find((f) => {
		const className = path.basename(f).split('.')[0];
		return className.charAt(0).toLowerCase() + className.slice(1) === name;
	});
	if (!file) throw new Error(`no node file for ${type}`);
	const source = path.resolve(__dirname, '../..', file.replace(/^dist\//, '').replace(/\.js$/, ''));
	const className = path.basename(source).split('.')[0];
	let Class: (new () => INodeType) | undefined;
	jest.isolateModules(() => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		Class = require(source)[className];
	});
	return new Class!();
}

/** A request read from the store and not run yet: n8n has loaded its copy of the static data. */
export interface Loaded {
	workflow: Workflow;
}

/** A node id per instance: module state (claims, what a process knows) is keyed by it. */
let instances = 0;

export class WebhookNode {
	readonly node: INode;
	readonly workflow: Workflow;
	/** With a store, every request and hook loads and saves static data as n8n does. */
	readonly store?: StaticDataStore;
	private readonly nodeType?: INodeType;

	/** Credentials of the API (the default points at nock's host; a sandbox's URL works too). */
	credentials: IDataObject = CREDENTIALS;

	constructor(
		type: string,
		parameters: IDataObject,
		nodeName = 'Instant',
		options: { store?: StaticDataStore; node?: INode; nodeType?: INodeType } = {},
	) {
		this.node = options.node ?? {
			id: `node-${++instances}`,
			name: nodeName,
			type: `${PACKAGE}.${type}`,
			typeVersion: 1,
			position: [0, 0],
			parameters: parameters as INodeParameters,
			webhookId: WEBHOOK_ID,
			credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent account' } },
		};
		this.store = options.store;
		this.nodeType = options.nodeType;
		this.workflow = makeWorkflow(this.node, 'UTC', this.nodeType);
	}

	/**
	 * The same node of the same workflow in another n8n process sharing the database (queue
	 * mode's second webhook process), or in this process after a restart: same store, fresh
	 * module state.
	 */
	otherProcess(): WebhookNode {
		if (!this.store) throw new Error('otherProcess() needs a StaticDataStore');
		const twin = new WebhookNode('', {}, this.node.name, {
			store: this.store,
			node: this.node,
			nodeType: freshNodeType(this.node.type),
		});
		twin.credentials = this.credentials;
		return twin;
	}

	/** n8n reads the static data for a request (store mode): the copy its webhook() will see. */
	begin(): Loaded {
		if (!this.store) throw new Error('begin() needs a StaticDataStore');
		const workflow = makeWorkflow(this.node, 'UTC', this.nodeType);
		// What n8n's Workflow constructor does with the staticData it is given.
		workflow.staticData = ObservableObject.create(this.store.read(), undefined, {
			ignoreEmptyOnFirstChild: true,
		});
		return { workflow };
	}

	/** n8n's save once the answer is settled: the whole copy, when it is marked changed. */
	private saveIfChanged(workflow: Workflow): void {
		if (this.store && workflow.staticData.__dataChanged === true) {
			this.store.write(workflow.staticData);
			workflow.staticData.__dataChanged = false;
		}
	}

	private additionalData() {
		const hooks = new ExecutionLifecycleHooks('webhook', '1', mock());
		const data = makeAdditionalData(this.credentials as never, hooks);
		data.webhookBaseUrl = WEBHOOK_BASE;
		data.webhookTestBaseUrl = `${WEBHOOK_BASE}-test`;
		return data;
	}

	private webhookData(): IWebhookData {
		const type = (this.nodeType ??
			this.workflow.nodeTypes.getByNameAndVersion(this.node.type, 1)) as INodeType;
		return {
			webhookDescription: type.description.webhooks![0],
		} as unknown as IWebhookData;
	}

	/** Static data of the node, as n8n would store it (store mode: as saved). */
	get staticData(): IDataObject {
		if (this.store) return (this.store.read()[`node:${this.node.name}`] ?? {}) as IDataObject;
		return this.workflow.getStaticData('node', this.node);
	}

	/**
	 * One request; the response is left open unless `finish` (the default) closes it. With a
	 * store: read now (or as `loaded` was read, earlier), saved when the webhook returns.
	 */
	async request(
		req: WebhookRequest,
		options: { finish?: boolean; mode?: WorkflowExecuteMode; loaded?: Loaded } = {},
	): Promise<{ result: IWebhookResponseData; res: FakeResponse }> {
		if (!RECORDING) return await this.requestNow(req, options);
		// With OUTPUTS_RECORD set, the request is written down for scripts/dev/outputs.js (outputs.ts).
		return await recorded(
			{
				kind: 'webhook',
				type: this.node.type,
				parameters: this.node.parameters,
				given: { request: req, finish: options.finish, mode: options.mode, store: !!this.store },
			},
			() => this.requestNow(req, options),
			({ result, res }) => ({
				workflowData: result.workflowData?.map(itemsOf),
				webhookResponse: result.webhookResponse,
				noWebhookResponse: result.noWebhookResponse,
				response: { statusCode: res.statusCode, body: res.body },
				staticData: this.staticData,
			}),
		);
	}

	private async requestNow(
		req: WebhookRequest,
		{
			finish = true,
			mode = 'webhook' as WorkflowExecuteMode,
			loaded = undefined as Loaded | undefined,
		} = {},
	): Promise<{ result: IWebhookResponseData; res: FakeResponse }> {
		const workflow = loaded?.workflow ?? (this.store ? this.begin().workflow : this.workflow);
		const additionalData = this.additionalData();
		const res = new FakeResponse();
		additionalData.httpRequest = {
			body: req.body ?? {},
			headers: req.headers ?? {},
			query: req.query ?? {},
			params: {},
		} as never;
		additionalData.httpResponse = res as never;
		const ctx = new WebhookContext(
			workflow,
			this.node,
			additionalData,
			mode,
			this.webhookData(),
			[],
			null,
		);
		const type = workflow.nodeTypes.getByNameAndVersion(this.node.type, 1);
		const result = await type.webhook!.call(ctx);
		this.saveIfChanged(workflow);
		if (finish) res.finish();
		return { result, res };
	}

	/** webhookMethods.default[method] in a HookContext (activation / deactivation). */
	async hook(method: 'checkExists' | 'create' | 'delete'): Promise<boolean> {
		if (!RECORDING) return await this.hookNow(method);
		// With OUTPUTS_RECORD set, the hook is written down for scripts/dev/outputs.js (outputs.ts).
		return await recorded(
			{ kind: `hook:${method}`, type: this.node.type, parameters: this.node.parameters },
			() => this.hookNow(method),
			(done) => ({ done, staticData: this.staticData }),
		);
	}

	private async hookNow(method: 'checkExists' | 'create' | 'delete'): Promise<boolean> {
		const workflow = this.store ? this.begin().workflow : this.workflow;
		const type = workflow.nodeTypes.getByNameAndVersion(this.node.type, 1);
		const ctx = new HookContext(
			workflow,
			this.node,
			this.additionalData(),
			'trigger',
			'activate',
			this.webhookData(),
		);
		const done = await type.webhookMethods!.default![method].call(ctx);
		this.saveIfChanged(workflow);
		return done;
	}

	/** The production URL n8n shows for this node. */
	get url(): string {
		return `${WEBHOOK_BASE}/${WEBHOOK_ID}/events`;
	}
}

/** Items a webhook() result starts the workflow with. */
export const emitted = (result: IWebhookResponseData) =>
	(result.workflowData?.[0] ?? []).map((i) => i.json);

/** The Safety Net on the fixtures' assistant: a sweep every 10 minutes, 5 minutes' grace. */
export const SAFETY_NET = {
	assistant: locator(AGENT),
	safetyNet: true,
	safetyNetOptions: { sweepMinutes: 10, graceMinutes: 5 },
};

/** A completed call of the fixtures' assistant as a sweep's history lists it, made at `atMs`. */
export const sweptRow = (id: string, atMs: number) => ({
	id,
	status: 'completed',
	agent: { id: AGENT },
	created_at: new Date(atMs).toISOString(),
	call_attempt_time: new Date(atMs).toISOString(),
	call_duration: 60,
	transcript: '[]',
});
