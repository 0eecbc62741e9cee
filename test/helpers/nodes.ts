/**
 * The package's nodes as package.json declares them, for every test that must cover "all
 * nodes" or "every operation": a node added to package.json is covered without an edit here.
 */
import path from 'node:path';

import type { Resource } from '../../nodes/shared/engine/operation';
import { PACKAGE, packageNodeClasses } from './harness';

/** The short type names (voiceAgentCalling, …) of every node package.json declares. */
export function packageNodeTypes(): string[] {
	return [...packageNodeClasses().keys()].map((type) => type.slice(PACKAGE.length + 1));
}

/** A node's resources, from its node file's `resources` export (none for a trigger). */
export function resourcesOf(type: string): Resource[] {
	const file = nodeSourceFiles().find((source) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const module = require(source);
		return Object.values(module).some(
			(Class) =>
				typeof Class === 'function' && packageNodeClasses().get(`${PACKAGE}.${type}`) === Class,
		);
	});
	if (!file) throw new Error(`package.json declares no node ${type}`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return (require(file).resources as Resource[] | undefined) ?? [];
}

/** The source file (without extension) of every node package.json declares. */
export function nodeSourceFiles(): string[] {
	const root = path.join(__dirname, '../..');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const nodes: string[] = require(path.join(root, 'package.json')).n8n.nodes;
	return nodes.map((file) => path.join(root, file.replace(/^dist\//, '').replace(/\.js$/, '')));
}

/** Every [type, resource, operation] of every node. */
export function packageOperations(): Array<[string, string, string]> {
	return packageNodeTypes().flatMap((type) =>
		resourcesOf(type).flatMap((resource) =>
			Object.keys(resource.operations).map(
				(operation) => [type, resource.value, operation] as [string, string, string],
			),
		),
	);
}
