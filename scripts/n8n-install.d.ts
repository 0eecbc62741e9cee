/** Types of scripts/n8n-install.js for the TypeScript end-to-end tests. */

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
	info: { n8n: string; node: string; installedAt: string; seconds: number };
}

export const PINS: Record<1 | 2, { n8n: string; node: string | null }>;
export function selectedMajor(argv?: string[]): 1 | 2;
export function layout(major: 1 | 2): Omit<N8nInstall, 'nodeBin' | 'n8nBin' | 'info'>;
export function installed(major: 1 | 2): N8nInstall | null;
export function ensureN8n(options?: {
	major?: 1 | 2;
	log?: (line: string) => void;
}): Promise<N8nInstall>;
