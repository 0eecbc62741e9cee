/** Types of scripts/n8n/sqlite3.js for the TypeScript tests. */

interface BuildOptions {
	/** The Node n8n runs on (its Node-API version picks the build). */
	nodeBin: string;
	env: NodeJS.ProcessEnv;
	log: (line: string) => void;
}

/** sqlite3's addon for an install: copied from a kept build, or built in place. */
export function sqlite3Addon(
	work: string,
	where: { cacheRoot: string },
	options: BuildOptions,
): Promise<string>;

/** Builds sqlite3 `version` beside an install; resolves what it did, never rejects. */
export function prebuildSqlite3(
	version: string,
	where: { cacheRoot: string },
	options: BuildOptions,
): Promise<string>;

/** The kept builds a Node offering Node-API `napi` can load, newest first. */
export function usableBuilds(builds: string, napi: number): number[];
