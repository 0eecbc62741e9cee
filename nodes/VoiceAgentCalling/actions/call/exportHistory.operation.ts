import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { operationOption } from '../../../shared/engine/operation';
import {
	CALL_STATUS_OPTIONS,
	CALL_TYPE_OPTIONS,
	includeAnalysisField,
	voicemailFilter,
} from '../../../shared/calls/fields';
import { sendOnce } from '../../../shared/engine/once';
import { type Fields, fields } from '../../../shared/engine/params';
import { BinaryOutput, type OperationOutput } from '../../../shared/engine/router';
import { expectObject, shapeError } from '../../../shared/http/shape';
import { apiRequestFull } from '../../../shared/http/transport';
import { toUuid } from '../../../shared/engine/validate';
import { withBothDates } from '../../../shared/calls/history';
import { createdRangeQuery } from './historyQuery';

export const option = operationOption({
	name: 'Export History',
	value: 'exportHistory',
	description: 'Export call history as CSV (e-mailed, or a ZIP file)',
	action: 'Export call history',
});

export const EXPORT_FILE_NAME = 'call-history.zip';
/** A ZIP file larger than this is refused while it downloads (the answer is never held whole). */
const DEFAULT_MAX_MB = 100;
const MAX_MB = 1024;

export const properties: INodeProperties[] = [
	{
		displayName: 'Delivery',
		name: 'delivery',
		type: 'options',
		default: 'email',
		options: [
			{
				name: 'E-Mail (Queued)',
				value: 'email',
				description: 'The service e-mails a download link when the export is ready',
			},
			{
				name: 'File in This Node',
				value: 'file',
				description:
					'Ask for the ZIP directly; if the service queues it instead, its message is returned',
			},
		],
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the ZIP file in',
		displayOptions: { show: { delivery: ['file'] } },
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Assistant Names or IDs',
				name: 'agentIds',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getAssistants' },
				default: [],
				description:
					'Only calls of these assistants. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Call ID',
				name: 'callId',
				type: 'string',
				default: '',
				description: 'Only this call',
			},
			{
				displayName: 'Call Type',
				name: 'callType',
				type: 'options',
				options: CALL_TYPE_OPTIONS,
				default: 'outbound',
			},
			{
				displayName: 'Callee Number',
				name: 'toNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. +14155550100',
			},
			{
				displayName: 'Caller Number',
				name: 'fromNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. +14155550100',
			},
			{
				displayName: 'Contact List ID',
				name: 'bulkListId',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Created After',
				name: 'startDate',
				type: 'dateTime',
				default: '',
			},
			{
				displayName: 'Created Before',
				name: 'endDate',
				type: 'dateTime',
				default: '',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: CALL_STATUS_OPTIONS,
				default: 'completed',
			},
			voicemailFilter(undefined, 'query'),
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			includeAnalysisField('Whether to add the platform and client analysis columns'),
			{
				displayName: 'Max File Size (MB)',
				name: 'maxFileSizeMb',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_MB },
				default: DEFAULT_MAX_MB,
				description:
					'A ZIP file larger than this is refused while it downloads, so a huge export cannot fill the memory of n8n',
				displayOptions: { show: { '/delivery': ['file'] } },
			},
			{
				displayName: 'Max Records',
				name: 'maxRecords',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1000,
				description: 'Max number of calls to export',
			},
			{
				displayName: 'Skip Records',
				name: 'skipRecords',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Number of calls to skip',
			},
		],
	},
];

const CALL_TYPES = CALL_TYPE_OPTIONS.map((o) => o.value);

/** A ZIP archive starts with a local file header, or is an empty archive (end record only). */
function isZip(bytes: Buffer): boolean {
	if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
	const tag = bytes.readUInt16BE(2);
	return tag === 0x0304 || tag === 0x0506 || tag === 0x0708;
}

/** The assistants filter: a list of IDs, or IDs separated by commas from an expression. */
function assistantIds(filters: Fields, node: INode, i: number): string[] {
	return filters
		.list('agentIds', 'Assistant Names or IDs', {
			commas: true,
			blank: 'empty',
			of: 'assistant IDs',
		})
		.map((id, n) => toUuid(node, `Filters › Assistant ${n + 1}`, id, i));
}

/**
 * Every filter the user set is sent, or the item fails naming it: a filter that was silently
 * dropped would export more calls than asked for.
 */
function exportQuery(ctx: IExecuteFunctions, i: number): IDataObject {
	const node = ctx.getNode();
	const all = fields(ctx, i);
	const filters = all.collection('filters', 'Filters');
	const options = all.collection('options', 'Options');
	// Both dates, always: a missing one reads as a fixed day of 2025 (withBothDates).
	const qs = withBothDates(
		createdRangeQuery(
			node,
			{ startDate: filters.raw('startDate'), endDate: filters.raw('endDate') } as IDataObject,
			ctx.getTimezone(),
			i,
		),
		Date.now(),
	);
	const agentIds = assistantIds(filters, node, i);
	if (agentIds.length) qs.agent_id = agentIds;
	// Statuses: the API's full list is not documented, so any text is passed on.
	const status = filters.text('status', 'Status').trim();
	if (status) qs.status = status;
	if (filters.has('callType')) {
		qs.call_type = filters.option('callType', 'Call Type', CALL_TYPES, 'outbound');
	}
	const bulkListId = filters.text('bulkListId', 'Contact List ID').trim();
	if (bulkListId) qs.bulk_list_id = bulkListId;
	if (filters.has('voicemail')) qs.voicemail = filters.boolean('voicemail', 'Voicemail', false);
	if (filters.has('fromNumber')) qs.from_number = filters.e164('fromNumber', 'Caller Number');
	if (filters.has('toNumber')) qs.to_number = filters.e164('toNumber', 'Callee Number');
	if (filters.has('callId')) qs.call_id = filters.uuid('callId', 'Call ID');
	if (options.has('includeAnalysis')) {
		qs.include_analysis = options.boolean('includeAnalysis', 'Include Analysis', false);
	}
	const limit = options.integer('maxRecords', 'Max Records', undefined, { min: 1 });
	if (limit !== undefined) qs.limit = limit;
	const offset = options.integer('skipRecords', 'Skip Records', undefined, { min: 0 });
	if (offset !== undefined) qs.offset = offset;
	return qs;
}

export const kind = 'item';

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const node = this.getNode();
	const all = fields(this, i);
	const delivery = all.option('delivery', 'Delivery', ['email', 'file'] as const, 'email');
	const binaryPropertyName =
		delivery === 'file'
			? all.requiredText('binaryPropertyName', 'Put Output File in Field')
			: 'data';
	const maxMb = all
		.collection('options', 'Options')
		.integer('maxFileSizeMb', 'Max File Size (MB)', DEFAULT_MAX_MB, { min: 1, max: MAX_MB });
	const qs = exportQuery(this, i);
	// Queueing an export sends an e-mail: once per item, also under n8n's Retry On Fail.
	const response = await sendOnce(
		this,
		i,
		'exportHistory',
		async () =>
			await apiRequestFull.call(this, {
				method: 'POST',
				path: '/calling/history/download',
				qs,
				itemIndex: i,
				binary: true,
				maxBytes: maxMb * 1024 * 1024,
				headers: {
					Accept:
						delivery === 'file'
							? 'application/zip, application/octet-stream;q=0.9, application/json;q=0.5'
							: 'application/json',
				},
			}),
	);
	if (!Buffer.isBuffer(response.body)) {
		return expectObject(node, response.body, 'The export answer', i);
	}
	const contentType = String(response.headers['content-type'] ?? '')
		.split(';')[0]
		.trim();
	if (!isZip(response.body)) {
		const looksHtml = /^\s*</.test(response.body.subarray(0, 64).toString('latin1'));
		const what = `${contentType || 'no content type'}${looksHtml ? ', an HTML page' : ''}`;
		throw shapeError(
			node,
			'The export answer',
			`should be a ZIP file or a JSON message but is ${response.body.length} bytes of ${what}`,
			i,
		);
	}
	const binary = await this.helpers.prepareBinaryData(
		response.body,
		EXPORT_FILE_NAME,
		'application/zip',
	);
	return new BinaryOutput([
		{
			json: {
				fileName: EXPORT_FILE_NAME,
				mimeType: 'application/zip',
				fileSize: response.body.length,
			},
			binary: { [binaryPropertyName]: binary },
		},
	]);
}
