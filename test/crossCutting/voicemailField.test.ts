/**
 * One Voicemail filter field: every panel that filters calls by voicemail (the Polling
 * Trigger, the Analytics reports, Export History) shows the field calls/fields.ts defines,
 * in its one of two readings: a filter the node applies (Any, Exclude, Only) or the history
 * query's voicemail=true|false, which the service applies.
 */
import type { INodeProperties } from 'n8n-workflow';

import { voicemailFilter } from '../../nodes/shared/calls/fields';
import { packageNodeClasses } from '../helpers/harness';

/** Every field named `voicemail` of a panel, however deep in collections it sits. */
function voicemailFields(properties: readonly unknown[]): INodeProperties[] {
	return properties.flatMap((p) => {
		const field = p as INodeProperties;
		const inner = Array.isArray(field.options) ? voicemailFields(field.options) : [];
		return field.name === 'voicemail' && field.type === 'options' ? [field, ...inner] : inner;
	});
}

test('every Voicemail filter of every node is the one field of calls/fields.ts', () => {
	const found = [...packageNodeClasses().entries()].flatMap(([type, Class]) =>
		voicemailFields(
			new (Class as new () => { description: { properties: unknown[] } })().description.properties,
		).map((field) => ({ type, field })),
	);
	expect([...new Set(found.map(({ type }) => type.split('.')[1]))].sort()).toEqual([
		'voiceAgentAnalytics',
		'voiceAgentCalling',
		'voiceAgentTrigger',
	]);
	for (const { field } of found) {
		const form = field.options?.some((o) => 'value' in o && o.value === 'true')
			? 'query'
			: 'filter';
		const { displayOptions, ...shown } = field;
		expect(shown).toEqual(voicemailFilter(field.description, form));
		void displayOptions;
	}
});
