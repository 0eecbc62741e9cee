import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { EVENT_OPTIONS, EVENT_TYPES } from '../../../shared/assistants/events';
import { readHeaders } from '../../../shared/assistants/headers';
import { operationOption, type OperationOutput } from '../../../shared/engine/operation';
import { fields } from '../../../shared/engine/params';
import {
	planChange,
	subscriptionTargets,
	writeSubscriptions,
} from '../../../shared/assistants/subscriptions';
import { EDIT_NEEDS_CONSENT } from './edit';

export const option = operationOption({
	name: 'Update Event Subscriptions',
	value: 'updateEventSubscriptions',
	description:
		'Add, replace or remove where an assistant sends its call events, keeping every other subscription',
	action: 'Update the event subscriptions of an assistant',
});

const METHODS = ['POST', 'PUT', 'PATCH'] as const;
const ACTIONS = ['set', 'remove'] as const;

const setOnly = { show: { subscriptionAction: ['set'] } };

export const properties: INodeProperties[] = [
	{
		displayName: 'Action',
		name: 'subscriptionAction',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Add or Replace',
				value: 'set',
				description: 'The subscription to this URL is added, or replaced if there is one',
			},
			{ name: 'Remove', value: 'remove', description: 'The subscription to this URL is removed' },
		],
		default: 'set',
	},
	{
		displayName: 'Callback URL',
		name: 'callbackUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/voice-events',
		description:
			'Where the service sends the events. The subscription is matched by this URL: subscriptions to other URLs are kept exactly as they are.',
	},
	{
		displayName: 'Events',
		name: 'eventTypes',
		type: 'multiOptions',
		options: EVENT_OPTIONS.map(({ name, value, description }) => ({ name, value, description })),
		default: ['call_completed'],
		required: true,
		displayOptions: setOnly,
	},
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: METHODS.map((m) => ({ name: m, value: m })),
		default: 'POST',
		displayOptions: setOnly,
	},
	{
		displayName: 'Headers',
		name: 'headers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Header',
		default: {},
		description: 'Sent with every event to your receiver (for example a secret it checks)',
		displayOptions: setOnly,
		options: [
			{
				displayName: 'Header',
				name: 'header',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						typeOptions: { password: true },
						default: '',
					},
				],
			},
		],
	},
	{
		displayName:
			"Without a Version, every version of the assistant that takes calls is changed (each variant of a running A/B test). The service shows other subscribers' secrets masked: if writing the list back would replace one with its mask, nothing is changed and the error says what to set by hand.",
		name: 'subscriptionNotice',
		type: 'notice',
		default: '',
	},
];

export const agentNeedsConsent = EDIT_NEEDS_CONSENT;

export const kind = 'item';

/**
 * Reads the assistant's subscription lists, changes only the entry of this Callback URL and
 * writes each list back, by the rules of shared/assistants/subscriptions.ts (all or nothing: every list
 * is checked before any is written).
 */
export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const f = fields(this, i);
	const agentId = f.locatorUuid('assistant', 'Assistant');
	const action = f.option('subscriptionAction', 'Action', ACTIONS, 'set');
	const url = readUrl(f.requiredText('callbackUrl', 'Callback URL'), f.error.bind(f));
	const own: IDataObject[] = [];
	if (action === 'set') {
		const events = f.options('eventTypes', 'Events', EVENT_TYPES);
		if (events.length === 0) throw f.error('Events', 'needs at least one event');
		const headers = readHeaders(f.collection('headers', 'Headers').entries('header', 'Header'));
		own.push({
			event_type: events,
			callback_url: url,
			headers,
			method_type: f.option('method', 'Method', METHODS, 'POST'),
		});
	}
	const version = f.locator('version', 'Version') ? f.locatorUuid('version', 'Version') : undefined;
	const targets = await subscriptionTargets(this, agentId, version ? [version] : undefined);
	if (targets.length === 0) {
		throw version
			? f.error('Version', 'is not a version of this assistant')
			: f.error('Assistant', 'it has no version that takes calls');
	}
	const isOwn = (entry: IDataObject) => entry.callback_url === url;
	// Only the lists that change are written (a removal leaves lists without the entry alone).
	const changed = targets
		.filter((target) => own.length > 0 || target.list.some(isOwn))
		.map((target) => ({ target, plan: planChange(target.list, isOwn, own) }));
	// Every list is checked before any is written: all or nothing.
	for (const { target, plan } of changed) {
		if (plan.masked) {
			throw new NodeOperationError(
				this.getNode(),
				'Not changed, to keep another subscription of this assistant intact',
				{
					description: `The assistant's event subscriptions${target.versionId ? ` (version ${target.versionId})` : ''} include ${plan.masked}, whose secret value the service only shows masked. The service replaces the whole list on every change, so writing it back would replace that secret with its mask. Nothing was changed: make this change in the service's dashboard, or remove the other subscription first.`,
					itemIndex: i,
				},
			);
		}
	}
	for (const { target, plan } of changed) {
		await writeSubscriptions(this, agentId, target, plan.list);
	}
	return {
		assistant_id: agentId,
		action,
		callback_url: url,
		// The versions written, and the first one's list as written (masked values as served).
		versions: changed.map(({ target }) => target.versionId),
		event_subscriptions: changed[0]?.plan.list ?? [],
	};
}

/** The receiver's URL: http(s) only, no user name or password in it. */
function readUrl(text: string, error: (label: string, problem: string) => Error): string {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw error('Callback URL', `"${text}" is not a valid URL`);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		throw error('Callback URL', `must start with https:// or http://, got "${text}"`);
	if (url.username || url.password)
		throw error('Callback URL', 'must not contain a user name or password');
	return text;
}
