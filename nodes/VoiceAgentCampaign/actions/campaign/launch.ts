/**
 * Starting a created contact list: who calls (workspace numbers, or a number pool) and who
 * gets the completion e-mails. Campaign → Start and Create's Start Right Away share it; the
 * large-list flow sends the same choice in its own request (create/largeFlow.ts).
 *
 * FACTS: `POST /campaign/start {agent_id, list_id, from_numbers}` (deprecated, no e-mails) and
 * `POST /campaign/v2/start {agent_id, list_id, number_pool_id, email_completion_user_ids?}`.
 * `from_numbers` are phone numbers per the schema and number ids per the page: both accepted.
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

type Show = NonNullable<IDisplayOptions['show']>;

import { E164_RE, UUID_RE } from '../../../shared/engine/validate';
import type { Fields } from '../../../shared/engine/params';
import { apiRequest } from '../../../shared/http/transport';

export type Launch =
	| { mode: 'numbers'; fromNumbers: string[] }
	| { mode: 'pool'; poolId: string; emailUserIds: string[] };

/** The caller fields; `show` limits them (Create shows them only with Start Right Away). */
export function launchProperties(show?: Show): INodeProperties[] {
	const when = (extra: Show = {}) =>
		show || Object.keys(extra).length ? { displayOptions: { show: { ...show, ...extra } } } : {};
	return [
		{
			displayName: 'Call From',
			name: 'callerMode',
			type: 'options',
			default: 'numbers',
			options: [
				{
					name: 'Workspace Numbers',
					value: 'numbers',
					description: 'The campaign calls from these numbers',
				},
				{
					name: 'Number Pool',
					value: 'pool',
					description: 'The service picks numbers of a pool; completion e-mails can be sent',
				},
			],
			...when(),
		},
		{
			displayName: 'From Number Names or IDs',
			name: 'fromNumbers',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getNumbers', loadOptionsDependsOn: ['assistant.value'] },
			default: [],
			required: true,
			description:
				'Workspace numbers to call from (the assistant’s own, when it has some); phone numbers or number IDs. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			...when({ callerMode: ['numbers'] }),
		},
		{
			displayName: 'Number Pool ID',
			name: 'numberPoolId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. c9c9c9c9-0000-4000-8000-000000000001',
			description:
				'ID of a number pool (shown in the dashboard; the service publishes no list of pools)',
			...when({ callerMode: ['pool'] }),
		},
		{
			displayName: 'Completion E-Mails To',
			name: 'emailUserIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getUsers' },
			default: [],
			description:
				'Workspace users e-mailed when the campaign completes (the service offers this with a number pool only). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			...when({ callerMode: ['pool'] }),
		},
	];
}

/** The caller choice of one item, checked before anything is sent. */
export function readLaunch(f: Fields): Launch {
	const mode = f.option('callerMode', 'Call From', ['numbers', 'pool'] as const, 'numbers');
	if (mode === 'pool') {
		return {
			mode,
			poolId: f.uuid('numberPoolId', 'Number Pool ID'),
			emailUserIds: f
				.list('emailUserIds', 'Completion E-Mails To', { commas: true, blank: 'empty' })
				.map((id) => {
					if (!UUID_RE.test(id)) throw f.error('Completion E-Mails To', `"${id}" is not a user ID`);
					return id;
				}),
		};
	}
	const fromNumbers = f
		.list('fromNumbers', 'From Number Names or IDs', {
			commas: true,
			blank: 'required',
			fromSheet: true,
		})
		.map((n) => {
			const compact = n.replace(/[\s().-]/g, '');
			if (E164_RE.test(compact)) return compact;
			if (UUID_RE.test(n)) return n;
			throw f.error(
				'From Number Names or IDs',
				`"${n}" is neither a phone number in international format (+14155550100) nor a number ID`,
			);
		});
	return { mode, fromNumbers };
}

/** The caller part of a start request (the large flow's too). */
export function launchBody(launch: Launch): IDataObject {
	if (launch.mode === 'numbers') return { from_numbers: launch.fromNumbers };
	const body: IDataObject = { number_pool_id: launch.poolId };
	if (launch.emailUserIds.length) body.email_completion_user_ids = launch.emailUserIds;
	return body;
}

/** Starts a created (standard) contact list; the service's answer as served. */
export async function startList(
	ctx: IExecuteFunctions,
	i: number,
	agentId: string,
	listId: string,
	launch: Launch,
): Promise<IDataObject> {
	return await apiRequest.call(ctx, {
		method: 'POST',
		path: launch.mode === 'numbers' ? '/campaign/start' : '/campaign/v2/start',
		body: { agent_id: agentId, list_id: listId, ...launchBody(launch) },
		itemIndex: i,
	});
}
