/**
 * Runs a webhook node's webhook() and webhookMethods through n8n-core's real WebhookContext
 * and HookContext (real parameter reading, static data, credentials and HTTP helpers; nock
 * as the only API). One Workflow object per test keeps the static data between calls, as
 * n8n's database does between requests.
 */
import { EventEmitter } from 'node:events';

import { mock } from 'jest-mock-extended';
import { ExecutionLifecycleHooks, HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeParameters,
	IWebhookData,
	IWebhookResponseData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { CREDENTIALS, makeAdditionalData, makeWorkflow, PACKAGE } from './harness';

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

/** A node id per instance: a workflow-starting request's claims outlive it by a few seconds. */
let instances = 0;

export class WebhookNode {
	readonly node: INode;
	readonly workflow: Workflow;

	/** Credentials of the API (the default points at nock's host; a sandbox's URL works too). */
	credentials: IDataObject = CREDENTIALS;

	constructor(type: string, parameters: IDataObject, nodeName = 'Instant') {
		this.node = {
			id: `node-${++instances}`,
			name: nodeName,
			type: `${PACKAGE}.${type}`,
			typeVersion: 1,
			position: [0, 0],
			parameters: parameters as INodeParameters,
			webhookId: WEBHOOK_ID,
			credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent account' } },
		};
		this.workflow = makeWorkflow(this.node);
	}

	private additionalData() {
		const hooks = new ExecutionLifecycleHooks('webhook', '1', mock());
		const data = makeAdditionalData(this.credentials as never, hooks);
		data.webhookBaseUrl = WEBHOOK_BASE;
		data.webhookTestBaseUrl = `${WEBHOOK_BASE}-test`;
		return data;
	}

	private webhookData(): IWebhookData {
		const type = this.workflow.nodeTypes.getByNameAndVersion(this.node.type, 1);
		return {
			webhookDescription: type.description.webhooks![0],
		} as unknown as IWebhookData;
	}

	/** Static data of the node, as n8n would store it. */
	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	/** One request; the response is left open unless `finish` (the default) closes it. */
	async request(
		req: WebhookRequest,
		{ finish = true, mode = 'webhook' as WorkflowExecuteMode } = {},
	): Promise<{ result: IWebhookResponseData; res: FakeResponse }> {
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
			this.workflow,
			this.node,
			additionalData,
			mode,
			this.webhookData(),
			[],
			null,
		);
		const type = this.workflow.nodeTypes.getByNameAndVersion(this.node.type, 1);
		const result = await type.webhook!.call(ctx);
		if (finish) res.finish();
		return { result, res };
	}

	/** webhookMethods.default[method] in a HookContext (activation / deactivation). */
	async hook(method: 'checkExists' | 'create' | 'delete'): Promise<boolean> {
		const type = this.workflow.nodeTypes.getByNameAndVersion(this.node.type, 1);
		const ctx = new HookContext(
			this.workflow,
			this.node,
			this.additionalData(),
			'trigger',
			'activate',
			this.webhookData(),
		);
		return await type.webhookMethods!.default![method].call(ctx);
	}

	/** The production URL n8n shows for this node. */
	get url(): string {
		return `${WEBHOOK_BASE}/${WEBHOOK_ID}/events`;
	}
}

/** Items a webhook() result starts the workflow with. */
export const emitted = (result: IWebhookResponseData) =>
	(result.workflowData?.[0] ?? []).map((i) => i.json);
