/**
 * Runs real workflows through n8n-core's execution engine (WorkflowExecute, real parameter
 * resolution, real credential injection through the credential's authenticate), with nock as
 * the only HTTP backend. Nothing inside the nodes is mocked.
 */
import path from 'node:path';

import nock from 'nock';

import { mock } from 'jest-mock-extended';
import {
	BinaryDataService,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	createDeferredPromise,
	createRunExecutionData,
	ICredentialsHelper,
	Workflow,
} from 'n8n-workflow';

import { errorOf, itemsOf, recorded, RECORDING } from './outputs';

export const PACKAGE = 'n8n-nodes-voice-agent';
export const BASE_URL = 'https://api.test.local/ca/api/v0';
export const API_KEY = 'test-key-0123456789abcdef';
export const CREDENTIALS = { apiKey: API_KEY, baseUrl: BASE_URL };

const ROOT = path.resolve(__dirname, '../..');

/**
 * The classes package.json's `n8n` section names, loaded from their TypeScript sources the way
 * n8n's loader finds them: `dist/nodes/X/X.node.js` exports a class named `X`. A node added to
 * package.json is known to every test without editing this file.
 */
function packageClasses<T>(key: 'nodes' | 'credentials', suffix: string): Array<new () => T> {
	const files: string[] = require(path.join(ROOT, 'package.json')).n8n[key];
	return files.map((file) => {
		const source = path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, ''));
		const className = path.basename(source, suffix);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const Class = require(source)[className] as (new () => T) | undefined;
		if (typeof Class !== 'function') throw new Error(`${file} does not export class ${className}`);
		return Class;
	});
}

let nodeClasses: Map<string, new () => INodeType> | undefined;

/** Every node class of the package, by its full type name (n8n-nodes-voice-agent.<name>). */
export function packageNodeClasses(): ReadonlyMap<string, new () => INodeType> {
	nodeClasses ??= new Map(
		packageClasses<INodeType>('nodes', '.node').map((Class) => [
			`${PACKAGE}.${new Class().description.name}`,
			Class,
		]),
	);
	return nodeClasses;
}

const credentialTypes: Record<string, ICredentialType> = Object.fromEntries(
	packageClasses<ICredentialType>('credentials', '.credentials').map((Class) => {
		const type = new Class();
		return [type.name, type];
	}),
);

/**
 * Node types for one workflow: a fresh instance of each node class, as n8n loads them, and
 * `own`, a node type of the test's own (full type name → node type), served first.
 */
class TestNodeTypes implements INodeTypes {
	private readonly instances: Map<string, INodeType>;

	constructor(own: Record<string, INodeType> = {}) {
		this.instances = new Map(Object.entries(own));
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		return this.getByNameAndVersion(nodeType);
	}

	getByNameAndVersion(nodeType: string): INodeType {
		let type = this.instances.get(nodeType);
		if (type) return type;
		const classes = packageNodeClasses();
		let Class = classes.get(nodeType);
		// n8n names the AI-tool variant of a node "<name>Tool"; the same class runs it.
		if (!Class && nodeType.endsWith('Tool')) {
			const Base = classes.get(nodeType.slice(0, -'Tool'.length));
			if (Base && new Base().description.usableAsTool) Class = Base;
		}
		if (!Class) throw new Error(`Unknown node type ${nodeType}`);
		type = new Class();
		this.instances.set(nodeType, type);
		return type;
	}

	getKnownTypes() {
		return {};
	}
}

/** Applies the credential type's own authenticate(), as n8n's CredentialsHelper does. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		if (typeof type?.authenticate === 'function')
			return await type.authenticate(credentials, requestOptions);
		throw new Error(`credential type ${typeName} must authenticate with a function`);
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		_node: INode,
		_expired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	getCredentialsProperties() {
		return [];
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`no test credentials of type ${type}`);
		return { ...data };
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used in tests');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}
}

// n8n-core keeps its own copy of the DI container; use that one, not a hoisted other version.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Container } = require(
	require.resolve('@n8n/di', { paths: [path.dirname(require.resolve('n8n-core'))] }),
) as typeof import('@n8n/di');

// The engine's SSH tunnel manager starts a one-minute cleanup interval the first time a node
// runs and clears it only on n8n's shutdown; shut it down after each test file, as n8n would,
// so that jest exits on its own.
afterAll(() => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { SSHClientsManager } = require('n8n-core/dist/execution-engine/ssh-clients-manager') as {
		SSHClientsManager: new (...args: any[]) => { onShutdown(): void };
	};
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
});

let binaryReady: Promise<void> | undefined;

/** Binary data kept in memory ('default' mode), as n8n does without a storage mode. */
export async function initBinaryData(): Promise<void> {
	binaryReady ??= Container.get(BinaryDataService).init();
	await binaryReady;
}

/**
 * The mode a node runs in unless a test names one: n8n's CLI, the one mode in which Start's
 * Duplicate Protection (Automatic) reads no history, so a test of anything else sees only its
 * own requests. The guard's own tests name their modes (test/nodes/.../rerunGuard.test.ts).
 */
const DEFAULT_MODE: WorkflowExecuteMode = 'cli';

export interface RunNodeOptions {
	/** Node type short name, e.g. voiceAgentCalling. */
	type: string;
	parameters: IDataObject;
	/** Input items; one empty item when omitted. */
	items?: INodeExecutionData[];
	credentials?: ICredentialDataDecryptedObject | null;
	continueOnFail?: boolean;
	/** n8n's execution mode; 'cli' when omitted (DEFAULT_MODE). */
	mode?: WorkflowExecuteMode;
	timezone?: string;
	nodeName?: string;
	/** Node settings as n8n stores them (retryOnFail, maxTries, executeOnce, ...). */
	settings?: Partial<INode>;
	/** The node type to run under `type` when package.json does not declare it as is. */
	nodeType?: INodeType;
}

export interface RunNodeResult {
	/** Output items of the node (first output), with pairedItem kept. */
	output: INodeExecutionData[];
	/** Every output's items (Check Calls: Ended, Pending). */
	outputs: INodeExecutionData[][];
	/** The error the run ended with, as the user sees it. */
	error?: Error & IDataObject;
	run: IRun;
}

export function makeWorkflow(node: INode, timezone = 'UTC', nodeType?: INodeType): Workflow {
	return new Workflow({
		id: 'test',
		name: 'test',
		nodes: [node],
		connections: {},
		nodeTypes: new TestNodeTypes(nodeType ? { [node.type]: nodeType } : {}),
		active: false,
		settings: { timezone },
	});
}

export function makeAdditionalData(
	credentials: ICredentialDataDecryptedObject | null,
	hooks: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	// Only what the engine reads is real; the rest of the large interface is a mock.
	const additionalData = mock<IWorkflowExecuteAdditionalData>() as IWorkflowExecuteAdditionalData;
	additionalData.hooks = hooks;
	additionalData.currentNodeParameters = undefined;
	additionalData.credentialsHelper = new TestCredentialsHelper(
		credentials ? { voiceAgentApi: credentials } : {},
	);
	additionalData.executionTimeoutTimestamp = undefined;
	return additionalData;
}

/**
 * The context n8n gives a dropdown (listSearch / loadOptions method) of a node of this
 * package: `current` is what the panel holds now, `path` the field whose list is asked for,
 * `stored` the node's saved parameters, `credentials` the API it reads (the test service's).
 */
export function loadOptionsContext(
	type: string,
	path: string,
	current?: Record<string, unknown>,
	stored: INodeParameters = {},
	credentials: typeof CREDENTIALS = CREDENTIALS,
): LoadOptionsContext {
	const node: INode = {
		id: 'node-1',
		name: 'Voice Agent',
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: stored,
		credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent account' } },
	};
	const additionalData = makeAdditionalData(
		credentials,
		new ExecutionLifecycleHooks('manual', '1', mock()),
	);
	if (current) additionalData.currentNodeParameters = current as INodeParameters;
	return new LoadOptionsContext(makeWorkflow(node), node, additionalData, path);
}

/** Runs one node of this package on the given items through WorkflowExecute. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	if (!RECORDING) return await runNodeNow(options);
	// With OUTPUTS_RECORD set, the run is written down for scripts/dev/outputs.js (outputs.ts).
	const { type, parameters, nodeType, items, ...rest } = options;
	const given = { ...rest, items: items && itemsOf(items), ownNodeType: nodeType && true };
	return await recorded(
		{ kind: 'execute', type: `${PACKAGE}.${type}`, parameters, given },
		() => runNodeNow(options),
		(result) => ({
			outputs: result.outputs.map(itemsOf),
			error: result.error && errorOf(result.error),
		}),
	);
}

async function runNodeNow(options: RunNodeOptions): Promise<RunNodeResult> {
	await initBinaryData();
	const name = options.nodeName ?? 'Voice Agent';
	const node: INode = {
		id: 'node-1',
		name,
		type: `${PACKAGE}.${options.type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as INodeParameters,
		credentials: { voiceAgentApi: { id: '1', name: 'Voice Agent account' } },
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...options.settings,
	};
	const workflow = makeWorkflow(node, options.timezone ?? 'UTC', options.nodeType);
	const hooks = new ExecutionLifecycleHooks(options.mode ?? DEFAULT_MODE, '1', mock());
	const done = createDeferredPromise<IRun>();
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => done.resolve(fullRunData));
	const additionalData = makeAdditionalData(
		options.credentials === undefined ? CREDENTIALS : options.credentials,
		hooks,
	);
	const runExecutionData: IRunExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node, data: { main: [options.items ?? [{ json: {} }]] }, source: null },
			],
		},
	});
	const execute = new WorkflowExecute(
		additionalData,
		options.mode ?? DEFAULT_MODE,
		runExecutionData,
	);
	await execute.processRunExecutionData(workflow);
	const run = await done.promise;
	const taskData = run.data.resultData.runData[name]?.[0];
	const outputs = (taskData?.data?.main ?? []).map((items) => items ?? []);
	const output = outputs[0] ?? [];
	const error = (run.data.resultData.error ?? taskData?.error) as (Error & IDataObject) | undefined;
	return { output, outputs, error, run };
}

/**
 * The node as n8n presents it to an AI agent: its description named "<name>Tool", so that
 * fields shown only in tool mode ('@tool') are kept. The harness runs "<name>Tool" with the
 * node's own description unless a test passes this as runNode's nodeType.
 */
export function asTool<T extends INodeType>(node: T): T {
	node.description = { ...node.description, name: `${node.description.name}Tool` };
	return node;
}

/** Output JSON only, for exact comparisons. */
export const jsonOf = (items: INodeExecutionData[]) => items.map((i) => i.json);

/** The API as nock sees it: every request must carry the key and accept JSON. */
export const mockApi = (baseUrl = BASE_URL) =>
	nock(baseUrl)
		.matchHeader('x-api-key', API_KEY)
		.matchHeader('accept', /application\/json/);

/**
 * Every request nock had no answer for, to any host, as "METHOD path". The file removes the
 * listener after each test: nock.emitter.removeAllListeners('no match').
 */
export function recordAll(): string[] {
	const seen: string[] = [];
	nock.emitter.on('no match', (req: { method?: string; path?: string }) =>
		seen.push(`${req.method} ${req.path}`),
	);
	return seen;
}

/** After each test: fail when a mocked request was never made, then clear the mocks. */
export function expectAllMocksUsed(): void {
	afterEach(() => {
		const pending = nock.pendingMocks();
		nock.cleanAll();
		expect(pending).toEqual([]);
	});
}
