/**
 * Runs a polling trigger's poll() for real: n8n-core's PollContext on a Workflow, with the
 * credential injected by its own authenticate() and nock as the only backend. The Workflow
 * (and so its static data) lives as long as the harness, as it does for an active workflow.
 */
import { mock } from 'jest-mock-extended';
import { ExecutionLifecycleHooks, PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { CREDENTIALS, makeAdditionalData, makeWorkflow, PACKAGE } from './harness';
import { itemsOf, recorded, RECORDING } from './outputs';

export interface PollHarnessOptions {
	/** Node type short name, e.g. voiceAgentTrigger (any node named in package.json). */
	type: string;
	parameters: INodeParameters;
	credentials?: ICredentialDataDecryptedObject | null;
	timezone?: string;
}

export class PollHarness {
	readonly workflow: Workflow;
	readonly node: INode;

	constructor(private readonly options: PollHarnessOptions) {
		const node: INode = {
			id: 'trigger-1',
			name: 'Voice Agent Trigger',
			type: `${PACKAGE}.${options.type}`,
			typeVersion: 1,
			position: [0, 0],
			parameters: options.parameters,
			credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent account' } },
		};
		this.workflow = makeWorkflow(node, options.timezone ?? 'UTC');
		// The Workflow fills in parameter defaults: use its copy of the node.
		this.node = this.workflow.getNode(node.name)!;
	}

	/** One poll, as n8n runs it: 'trigger' when active, 'manual' for Fetch Test Event. */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<INodeExecutionData[][] | null> {
		if (!RECORDING) return await this.pollNow(mode);
		// With OUTPUTS_RECORD set, the poll is written down for scripts/dev/outputs.js (outputs.ts).
		const { type, parameters, ...rest } = this.options;
		return await recorded(
			{ kind: 'poll', type: `${PACKAGE}.${type}`, parameters, given: { ...rest, mode } },
			() => this.pollNow(mode),
			(result) => ({ outputs: result && result.map(itemsOf), staticData: this.staticData() }),
		);
	}

	private async pollNow(mode: WorkflowExecuteMode): Promise<INodeExecutionData[][] | null> {
		const hooks = new ExecutionLifecycleHooks(mode, '1', mock());
		const additionalData = makeAdditionalData(
			this.options.credentials === undefined ? CREDENTIALS : this.options.credentials,
			hooks,
		);
		const context = new PollContext(
			this.workflow,
			this.node,
			additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
		);
		const nodeType = this.workflow.nodeTypes.getByNameAndVersion(this.node.type, 1) as INodeType;
		return await nodeType.poll!.call(context);
	}

	/** The node's workflow static data, as plain JSON. */
	staticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData[`node:${this.node.name}`] ?? {}));
	}
}
