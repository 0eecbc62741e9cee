/**
 * The item readers (fields(ctx, i)): locators read extracted or unwrapped, IDs, REQUIRED, and
 * every reader's label under its collection's prefix.
 */
import type { INode } from 'n8n-workflow';

import { fields, REQUIRED, type ParamSource } from '../../../nodes/shared/engine/params';
import { toLanguage } from '../../../nodes/shared/assistants/languages';
import { AGENT } from '../../helpers/fixtures';

const node = { name: 'Voice Agent', type: 'n8n-nodes-voice-agent.voiceAgentCalling' } as INode;

/** A context whose parameters are `values`; extractValue gives a locator's value, as n8n does. */
function source(values: Record<string, unknown>): ParamSource & { asked: unknown[] } {
	const asked: unknown[] = [];
	return {
		asked,
		getNode: () => node,
		getNodeParameter: (name, _i, fallback, options) => {
			asked.push([name, options]);
			const value = name in values ? values[name] : fallback;
			const extract = (options as { extractValue?: boolean } | undefined)?.extractValue;
			return extract && value && typeof value === 'object' && '__rl' in value
				? (value as unknown as { value: unknown }).value
				: value;
		},
	};
}

describe('locators', () => {
	test('a top-level locator is asked of n8n extracted; a collection member is unwrapped', () => {
		const ctx = source({
			assistant: { __rl: true, mode: 'id', value: AGENT },
			filters: { agentId: { __rl: true, mode: 'list', value: AGENT } },
		});
		expect(fields(ctx, 0).locator('assistant', 'Assistant')).toBe(AGENT);
		expect(ctx.asked[0]).toEqual(['assistant', { extractValue: true }]);
		expect(fields(ctx, 0).collection('filters', 'Filters').locator('agentId', 'Assistant')).toBe(
			AGENT,
		);
		// Only locators are read with extractValue (n8n fails it for a field not shown).
		expect(ctx.asked[1]).toEqual(['filters', undefined]);
		expect(fields(ctx, 0).locator('missing', 'Assistant')).toBe('');
	});

	test('locatorUuid, locatorE164 and locatorMode read one locator three ways', () => {
		const f = fields(
			source({
				assistant: { __rl: true, mode: 'id', value: 'abc' },
				fromNumber: { __rl: true, mode: 'list', value: ' +14155550100 ' },
			}),
			1,
		);
		expect(() => f.locatorUuid('assistant', 'Assistant')).toThrow(
			'Assistant: "abc" is not a valid ID (UUID expected) [item 1]',
		);
		expect(f.locatorE164('fromNumber', 'From Number')).toBe('+14155550100');
		expect(f.locatorMode('assistant')).toBe('id');
		expect(f.locatorMode('missing')).toBeUndefined();
	});
});

describe('Fields.uuid and requiredText', () => {
	test('an ID is trimmed; an empty one or a non-UUID is refused by its label', () => {
		const f = fields(source({ callId: ` ${AGENT} `, empty: '  ', bad: 'abc' }), 4);
		expect(f.uuid('callId', 'Call ID')).toBe(AGENT);
		expect(() => f.uuid('empty', 'Call ID')).toThrow('Call ID: is required [item 4]');
		expect(() => f.uuid('bad', 'Call ID')).toThrow(
			'Call ID: "abc" is not a valid ID (UUID expected) [item 4]',
		);
		expect(() => f.requiredText('empty', 'Recording URL')).toThrow(
			'Recording URL: is required [item 4]',
		);
	});
});

describe('REQUIRED and the value readers', () => {
	test('REQUIRED refuses a blank value where a fallback would stand in for it', () => {
		const f = fields(source({ digits: '', on: '', level: '', blank: '  ' }), 3);
		expect(f.integer('digits', 'Digits', 10)).toBe(10);
		// Blank text (a blank cell) is unset for every typed reader: the fallback stands in.
		expect(f.boolean('blank', 'Override VAD', true)).toBe(true);
		expect(f.number('blank', 'Voice Speed', 1)).toBe(1);
		expect(() => f.integer('digits', 'Digits', REQUIRED, { min: 1 })).toThrow(
			'Digits: "" is not a whole number of at least 1 [item 3]',
		);
		expect(() => f.boolean('on', 'Override VAD', REQUIRED)).toThrow(
			'Override VAD: "" is not true or false [item 3]',
		);
		expect(() => f.option('level', 'Sensitivity', ['low', 'high'], REQUIRED)).toThrow(
			'Sensitivity: "" is not one of "low", "high" [item 3]',
		);
		expect(() => f.number('missing', 'Voice Speed', REQUIRED)).toThrow(
			'Voice Speed: undefined is not a number [item 3]',
		);
	});

	test('lists, variable names, languages, times and JSON are checked under the label', () => {
		const f = fields(
			source({
				vocab: 'a, b\nb',
				names: 'ok, not ok',
				opts: { zone: 'Mars/Olympus', start: '9:30', lang: 'xx' },
				json: '[1]',
			}),
			2,
		);
		expect(f.list('vocab', 'Vocabulary', { commas: true })).toEqual(['a', 'b']);
		expect(() => f.variableNames('names', 'Custom Variables')).toThrow(
			'Custom Variables: "not ok" is not a variable name (write it without @{{ }} and without spaces) [item 2]',
		);
		const opts = f.collection('opts', 'Options');
		expect(() => opts.timeZone('zone', 'Time Zone')).toThrow(
			'Options › Time Zone: "Mars/Olympus" is not an IANA time zone, e.g. Asia/Kolkata [item 2]',
		);
		expect(() => opts.hhmm('start', 'Start')).toThrow(
			'Options › Start: "9:30" is not a time of day as HH:MM (24-hour), e.g. 09:30 [item 2]',
		);
		expect(() => opts.checked('lang', 'Language', toLanguage)).toThrow(
			/^Options › Language: "xx" is not a supported language/,
		);
		expect(() => f.jsonObject('json', 'Settings')).toThrow(
			'Settings: must be a JSON object like {"key": "value"} [item 2]',
		);
		expect(f.jsonObject('missing', 'Settings')).toEqual({});
		expect(f.error('Reset Key', 'must differ').message).toBe('Reset Key: must differ [item 2]');
	});
});
