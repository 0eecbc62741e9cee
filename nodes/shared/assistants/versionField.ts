import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Fields } from '../engine/params';
import { listOrUuidModes } from '../engine/descriptions';

/**
 * The optional Version of an assistant (its `version_id`): which version an edit changes, or
 * which version takes a call. Empty leaves the choice to the service: it uses the assistant's
 * active version (vendor reference, 2026-08); while an A/B test runs there is no active
 * version and the reference does not say which one it takes, so pick one here to be sure.
 */
export function versionLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Version',
		name: 'version',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description:
			"Which version of the assistant to use, e.g. one variant of an A/B test. Leave empty for the service's default: the active version.",
		...listOrUuidModes(
			'Default (the active version)',
			'searchVersions',
			'version',
			'3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		),
		...overrides,
	};
}

/** `{version_id}` for a request body when a Version is given, else nothing. */
export function versionBody(f: Fields): IDataObject {
	if (f.locator('version', 'Version') === '') return {};
	return { version_id: f.locatorUuid('version', 'Version') };
}
