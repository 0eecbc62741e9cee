/**
 * The optional Version of an assistant: its field (a list or a UUID, empty by default) and
 * `{version_id}` in a request body only when one is given.
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import { versionBody, versionLocator } from '../../../nodes/shared/assistants/versionField';
import { fields, type ParamSource } from '../../../nodes/shared/engine/params';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentAssistant' } as INode;

/** A context whose Version is `value`, extracted from its locator as n8n does. */
const source = (value: unknown): ParamSource => ({
	getNode: () => node,
	getNodeParameter: (name, _i, fallback) => (name === 'version' ? value : fallback),
});

describe('versionLocator', () => {
	test('a locator named version, empty (the service default), from the version list or a UUID', () => {
		const field = versionLocator();
		expect(field).toMatchObject({
			displayName: 'Version',
			name: 'version',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
		});
		expect(field.required).toBeUndefined();
		expect(field.modes?.map((m) => [m.name, m.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchVersions'],
			['id', undefined],
		]);
		expect(field.modes?.[0].placeholder).toBe('Default (the active version)');
	});

	test('overrides replace what they name and keep the rest', () => {
		const field = versionLocator({
			displayName: 'Assistant Version',
			displayOptions: { show: { operation: ['start'] } },
		});
		expect(field).toEqual({
			...versionLocator(),
			displayName: 'Assistant Version',
			displayOptions: { show: { operation: ['start'] } },
		});
	});
});

describe('versionBody', () => {
	test('empty, or only spaces, sends no version_id', () => {
		expect(versionBody(fields(source(''), 0))).toEqual({});
		expect(versionBody(fields(source(undefined), 0))).toEqual({});
		expect(versionBody(fields(source('   '), 0))).toEqual({});
	});

	test('any UUID is sent as version_id', () => {
		fc.assert(
			fc.property(fc.uuid(), (uuid) => {
				expect(versionBody(fields(source(uuid), 0))).toEqual({ version_id: uuid.toLowerCase() });
			}),
			{ numRuns: 200, seed: 20260101 },
		);
	});

	test('anything else is refused, naming Version and the item', () => {
		expect(() => versionBody(fields(source('v2'), 3))).toThrow(
			new Error('Version: "v2" is not a valid ID (UUID expected) [item 3]'),
		);
	});
});
