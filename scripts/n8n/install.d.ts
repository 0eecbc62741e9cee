/** Types of scripts/n8n/install.js for the TypeScript end-to-end tests. */

export interface N8nInstall {
	major: 1 | 2;
	version: string;
	nodeMajor: string | null;
	cacheRoot: string;
	/** The cache folder n8n is installed in. */
	dir: string;
	/** The Node binary n8n runs on (Node 24 from the cache for n8n 2.x). */
	nodeBin: string;
	/** node_modules/n8n/bin/n8n inside dir. */
	n8nBin: string;
	info: {
		n8n: string;
		node: string;
		installedAt: string;
		seconds: number;
		/** The recipe that made (or last upgraded) the install; absent means 1. */
		recipe?: number;
		/** Missing required peer dependencies that were added, name to version. */
		peers?: Record<string, string>;
		peersSeconds?: number;
		upgradedAt?: string;
	};
	/** False when an older recipe made it: ensureN8n upgrades it in place. */
	current: boolean;
}

export interface MissingPeer {
	name: string;
	/** Who wants it, with the range each declares. */
	wanted: Array<{ by: string; range: string }>;
}

export interface OwnNodesReport {
	name: string;
	version: string;
	/** Node and credential files the package lists. */
	files: number;
	failed: Array<{ file: string; error: string }>;
}

export const PINS: Record<1 | 2, { n8n: string; node: string | null }>;
/** Version of the install recipe, kept in the install's marker. */
export const RECIPE: number;
/** n8n's own node packages: n8n-nodes-base and @n8n/n8n-nodes-langchain. */
export const OWN_NODE_PACKAGES: string[];
export function selectedMajor(argv?: string[]): 1 | 2;
export function layout(major: 1 | 2): Omit<N8nInstall, 'nodeBin' | 'n8nBin' | 'info' | 'current'>;
export function installed(major: 1 | 2): N8nInstall | null;
export function ensureN8n(options?: {
	major?: 1 | 2;
	log?: (line: string) => void;
}): Promise<N8nInstall>;
/** Required peer dependencies no package of the install folder can resolve. */
export function missingPeers(dir: string): MissingPeer[];
/** Loads every node and credential of n8n's own node packages in the install's Node. */
export function loadOwnNodes(
	install: Pick<N8nInstall, 'nodeBin' | 'dir'>,
): Promise<OwnNodesReport[]>;
