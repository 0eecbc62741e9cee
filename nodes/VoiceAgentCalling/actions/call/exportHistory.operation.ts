import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { CALL_STATUS_OPTIONS, CALL_TYPE_OPTIONS } from '../../../shared/descriptions';
import { BinaryOutput, type OperationOutput } from '../../../shared/router';
import { apiRequestFull } from '../../../shared/transport';
import {
	requireE164,
	requireInteger,
	requireNonEmpty,
	requireUuid,
} from '../../../shared/validate';
import { createdRangeQuery } from './historyQuery';

export const EXPORT_FILE_NAME = 'call-history.zip';

const fields: INodeProperties[] = [
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
			{
				displayName: 'Voicemail',
				name: 'voicemail',
				type: 'options',
				options: [
					{ name: 'Only Voicemail', value: 'true' },
					{ name: 'Without Voicemail', value: 'false' },
				],
				default: 'false',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Analysis',
				name: 'includeAnalysis',
				type: 'boolean',
				default: false,
				description: 'Whether to add the platform and client analysis columns',
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

export const description = updateDisplayOptions(
	{ show: { resource: ['call'], operation: ['exportHistory'] } },
	fields,
);

function exportQuery(ctx: IExecuteFunctions, i: number): IDataObject {
	const node = ctx.getNode();
	const filters = ctx.getNodeParameter('filters', i, {}) as IDataObject;
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const qs = createdRangeQuery(node, filters, ctx.getTimezone(), i);
	let agentIds = filters.agentIds as unknown;
	if (typeof agentIds === 'string')
		agentIds = agentIds
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean);
	if (Array.isArray(agentIds) && agentIds.length) {
		qs.agent_id = agentIds.map((id, n) => requireUuid(node, `Filters › Assistant ${n + 1}`, id, i));
	}
	if (filters.status) qs.status = filters.status;
	if (filters.callType) qs.call_type = filters.callType;
	if (filters.bulkListId)
		qs.bulk_list_id = requireNonEmpty(node, 'Filters › Contact List ID', filters.bulkListId, i);
	if (filters.voicemail !== undefined && filters.voicemail !== '')
		qs.voicemail = filters.voicemail === 'true';
	if (filters.fromNumber)
		qs.from_number = requireE164(node, 'Filters › Caller Number', filters.fromNumber, i);
	if (filters.toNumber)
		qs.to_number = requireE164(node, 'Filters › Callee Number', filters.toNumber, i);
	if (filters.callId) qs.call_id = requireUuid(node, 'Filters › Call ID', filters.callId, i);
	if (options.includeAnalysis !== undefined) qs.include_analysis = Boolean(options.includeAnalysis);
	if (options.maxRecords !== undefined) {
		qs.limit = requireInteger(node, 'Options › Max Records', options.maxRecords, i, 1);
	}
	if (options.skipRecords !== undefined) {
		qs.offset = requireInteger(node, 'Options › Skip Records', options.skipRecords, i, 0);
	}
	return qs;
}

export async function execute(this: IExecuteFunctions, i: number): Promise<OperationOutput> {
	const qs = exportQuery(this, i);
	const delivery = this.getNodeParameter('delivery', i, 'email') as string;
	const binaryPropertyName =
		delivery === 'file'
			? (this.getNodeParameter('binaryPropertyName', i, 'data') as string)
			: 'data';
	const response = await apiRequestFull.call(this, {
		method: 'POST',
		path: '/calling/history/download',
		qs,
		itemIndex: i,
		binary: true,
		headers: {
			Accept:
				delivery === 'file'
					? 'application/zip, application/octet-stream;q=0.9, application/json;q=0.5'
					: 'application/json',
		},
	});
	if (Buffer.isBuffer(response.body)) {
		const contentType = String(response.headers['content-type'] ?? 'application/zip').split(';')[0];
		const binary = await this.helpers.prepareBinaryData(
			response.body,
			EXPORT_FILE_NAME,
			contentType,
		);
		return new BinaryOutput([
			{
				json: { fileName: EXPORT_FILE_NAME, mimeType: contentType, fileSize: response.body.length },
				binary: { [binaryPropertyName]: binary },
			},
		]);
	}
	return typeof response.body === 'object' && response.body !== null
		? (response.body as IDataObject)
		: { message: String(response.body) };
}
