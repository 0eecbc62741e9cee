/**
 * One n8n "process" of the soak: the package's node classes loaded as n8n loads them, run
 * through n8n-core's real execution engine (WorkflowExecute for an operation, PollContext for
 * the trigger's poll), with the credential injected by its own authenticate(). The soak
 * requires this file in a fresh module registry for each process it starts, so a restart
 * loses everything a process holds in memory (module state included) and keeps only what n8n
 * keeps: the workflow's saved static data.
 *
 * As test/helpers/harness.ts, without jest hooks (a process starts in the middle of the run).
 */
import path from 'node:path';

import { mock } from 'jest-mock-extended';
import { BinaryDataService, ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import {
	createDeferredPromise,
	createRunExecutionData,
	ICredentialsHelper,
	Workflow,
} from 'n8n-workflow';

const PACKAGE = 'n8n-nodes-voice-agent';
const ROOT = path.resolve(__dirname, '../..');

function packageClasses<T>(key: 'nodes' | 'credentials', suffix: string): Array<new () => T> {
	const files: string[] = require(path.join(ROOT, 'package.json')).n8n[key];
	return files.map((file) => {
		const source = path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, ''));
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		return require(source)[path.basename(source, suffix)] as new () => T;
	});
}

const nodeClasses = new Map(
	packageClasses<INodeType>('nodes', '.node').map((Class) => [
		`${PACKAGE}.${new Class().description.name}`,
		Class,
	]),
);
const credentialTypes: Record<string, ICredentialType> = Object.fromEntries(
	packageClasses<ICredentialType>('credentials', '.credentials').map((Class) => {
		const type = new Class();
		return [type.name, type];
	}),
);

class NodeTypes implements INodeTypes {
	private readonly instances = new Map<string, INodeType>();
	getByName(nodeType: string) {
		return this.getByNameAndVersion(nodeType);
	}
	getByNameAndVersion(nodeType: string): INodeType {
		let type = this.instances.get(nodeType);
		if (!type) {
			const Class = nodeClasses.get(nodeType);
			if (!Class) throw new Error(`Unknown node type ${nodeType}`);
			type = new Class();
			this.instances.set(nodeType, type);
		}
		return type;
	}
	getKnownTypes() {
		return {};
	}
}

class CredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: ICredentialDataDecryptedObject) {
		super();
	}
	getParentTypes() {
		return [];
	}
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		if (typeof type?.authenticate !== 'function') throw new Error(`no authenticate on ${typeName}`);
		return await type.authenticate(credentials, requestOptions);
	}
	async preAuthentication() {
		return undefined;
	}
	async runPreAuthentication() {
		return undefined;
	}
	getCredentialsProperties() {
		return [];
	}
	async getDecrypted() {
		return { ...this.data };
	}
	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
}

function additionalData(
	credentials: ICredentialDataDecryptedObject,
	hooks: ExecutionLifecycleHooks,
) {
	const data = mock<IWorkflowExecuteAdditionalData>() as IWorkflowExecuteAdditionalData;
	data.hooks = hooks;
	data.currentNodeParameters = undefined;
	data.credentialsHelper = new CredentialsHelper(credentials);
	data.executionTimeoutTimestamp = undefined;
	return data;
}

const nodeTypes = new NodeTypes();
// Required now, while this process's module registry is the one being filled (a require made
// later would reach another process's copy of n8n-core's DI container).
const Container = require(
	require.resolve('@n8n/di', { paths: [path.dirname(require.resolve('n8n-core'))] }),
).Container as { get<T>(c: new (...a: never[]) => T): T };
let binaryReady: Promise<void> | undefined;

export interface Operation {
	type: string;
	name: string;
	parameters: IDataObject;
	items: INodeExecutionData[];
	credentials: ICredentialDataDecryptedObject;
	/** Node settings as n8n stores them: retryOnFail, maxTries, waitBetweenTries, onError. */
	settings?: Partial<INode>;
}

export interface OperationResult {
	outputs: INodeExecutionData[][];
	error?: Error;
}

/** One execution of one node on `items`, as n8n runs it (Retry On Fail and onError included). */
export async function execute(op: Operation): Promise<OperationResult> {
	binaryReady ??= Container.get(BinaryDataService).init();
	await binaryReady;
	const node: INode = {
		id: `soak-${op.name}`,
		name: op.name,
		type: `${PACKAGE}.${op.type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: op.parameters as INodeParameters,
		credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent account' } },
		...op.settings,
	};
	const workflow = new Workflow({
		id: op.name,
		nodes: [node],
		connections: {},
		nodeTypes,
		active: true,
		settings: { timezone: 'UTC' },
	});
	const hooks = new ExecutionLifecycleHooks('trigger', '1', mock());
	const done = createDeferredPromise<IRun>();
	hooks.addHandler('workflowExecuteAfter', (run) => done.resolve(run));
	const runData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [op.items] }, source: null }] },
	});
	const run = new WorkflowExecute(additionalData(op.credentials, hooks), 'trigger', runData);
	await run.processRunExecutionData(workflow);
	const result = await done.promise;
	const task = result.data.resultData.runData[op.name]?.[0];
	const outputs = (task?.data?.main ?? []).map((items) => items ?? []);
	const error = (result.data.resultData.error ?? task?.error) as Error | undefined;
	return { outputs, error };
}

/**
 * The trigger of an active workflow in this process: its Workflow (and so its static data)
 * lives as long as the process; it starts from the static data n8n saved.
 */
export function trigger(
	parameters: IDataObject,
	credentials: ICredentialDataDecryptedObject,
	saved: IDataObject,
) {
	const node: INode = {
		id: 'soak-trigger',
		name: 'When a call ends',
		type: `${PACKAGE}.voiceAgentTrigger`,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INodeParameters,
		credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent account' } },
	};
	const workflow = new Workflow({
		id: 'soak-trigger',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: true,
		staticData: JSON.parse(JSON.stringify(saved)),
		settings: { timezone: 'UTC' },
	});
	const stored = workflow.getNode(node.name)!;
	return {
		/** One poll; what n8n would save afterwards (undefined: nothing changed, nothing saved). */
		async poll(): Promise<{ items: INodeExecutionData[]; save?: IDataObject }> {
			const hooks = new ExecutionLifecycleHooks('trigger', '1', mock());
			const context = new PollContext(
				workflow,
				stored,
				additionalData(credentials, hooks),
				'trigger',
				'activate',
			);
			const type = nodeTypes.getByNameAndVersion(stored.type);
			const out = await type.poll!.call(context);
			const changed = workflow.staticData.__dataChanged === true;
			let save: IDataObject | undefined;
			if (changed) {
				// What n8n writes to its database: the object without the change flag.
				save = JSON.parse(JSON.stringify(workflow.staticData));
				delete save!.__dataChanged;
				workflow.staticData.__dataChanged = false;
			}
			return { items: out?.[0] ?? [], save };
		},
	};
}
