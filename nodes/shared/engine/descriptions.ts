import type { INodeProperties } from 'n8n-workflow';

/** Field shapes every area uses: locator modes, Return All / Limit. */

/**
 * A locator's "By ID" mode. Returned as `{ modes }` so that each mode is written where n8n's
 * lint knows it is one. No `validation` regex: n8n 2.x runs every such regex at the start of
 * every execution in a vm with a 250 ms timeout, and on a busy machine that timeout failed
 * whole workflows (seen in CI). The node's own readers check the ID before any request and
 * name the field and the item.
 */
export function uuidModes(
	what: string,
	example: string,
	displayName = 'By ID',
): Required<Pick<INodeProperties, 'modes'>> {
	return {
		modes: [
			{
				displayName,
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${example} (a ${what} ID)`,
			},
		],
	};
}

/** A locator's modes: a searchable list from the node's `method`, then the ID (uuidModes). */
export function listOrUuidModes(
	placeholder: string,
	method: string,
	what: string,
	example: string,
): Required<Pick<INodeProperties, 'modes'>> {
	return {
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder,
				typeOptions: { searchListMethod: method, searchable: true },
			},
			...uuidModes(what, example).modes,
		],
	};
}

/** Return All + Limit, the usual n8n pair for list operations. */
export function returnAllAndLimit(maxLimit: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: maxLimit },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}
