/** What every dropdown source shares: the filter, the paging token, the chosen IDs. */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import {
	chosenAssistant,
	chosenId,
	matches,
	nextToken,
	PAGE,
	tokenOffset,
} from '../../../nodes/shared/engine/dropdowns';

/** A load-options context whose current parameters are `values`. */
const context = (values: Record<string, unknown>) =>
	({ getCurrentNodeParameter: (name: string) => values[name] }) as unknown as ILoadOptionsFunctions;

test('the filter is a case-insensitive part of any text; no filter matches all', () => {
	expect(matches(undefined, 'Maya')).toBe(true);
	expect(matches('', 'Maya')).toBe(true);
	expect(matches('AY', 'Maya')).toBe(true);
	expect(matches('ravi', 'Maya', 42, null, 'Ravi Sales')).toBe(true);
	expect(matches('x', 'Maya', 42)).toBe(false);
});

test('the paging token is the next offset after a full page, none after a short one', () => {
	expect(nextToken(0, PAGE)).toBe(String(PAGE));
	expect(nextToken(PAGE, PAGE - 1)).toBeUndefined();
	expect(tokenOffset(undefined)).toBe(0);
	expect(tokenOffset('200')).toBe(200);
	expect(tokenOffset('garbage')).toBe(0);
});

test('a chosen ID is a plain value or a locator value; blank or an expression is none', () => {
	const id = 'a0000000-0000-4000-8000-000000000001';
	expect(chosenId(context({ campaign: ` ${id} ` }), 'campaign')).toBe(id);
	expect(chosenAssistant(context({ assistant: { __rl: true, mode: 'list', value: id } }))).toBe(id);
	expect(chosenAssistant(context({ assistant: { __rl: true, mode: 'id', value: '  ' } }))).toBe(
		undefined,
	);
	expect(chosenAssistant(context({ assistant: '={{ $json.assistant }}' }))).toBeUndefined();
	expect(chosenAssistant(context({ assistant: 42 }))).toBeUndefined();
	expect(chosenAssistant(context({}))).toBeUndefined();
});
