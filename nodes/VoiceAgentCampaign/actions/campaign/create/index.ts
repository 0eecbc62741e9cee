/**
 * Campaign → Create: one campaign from all input items (a sheet's rows, or CSV files). The
 * rows are checked first; then one upload, found again by the key in its name on a re-run,
 * so that the same rows never make two campaigns; then, with Start Right Away, the start.
 */
import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { assistantPromptVariables } from '../../../../shared/assistants';
import { readCallConfig } from '../../../../shared/callSettings';
import { findCampaign } from '../../../../shared/campaigns';
import { operationOption, type BatchOptions } from '../../../../shared/operation';
import { asItemError } from '../../../../shared/router';
import { fields } from '../../../../shared/params';
import { countryCodeDigits } from '../../../../shared/phone';
import { sendOnce } from '../../../../shared/once';
import { parseScheduledTime } from '../../../../shared/dateTime';
import { launchBody, readLaunch, startList, type Launch } from '../launch';
import {
	PHONE_HEADER,
	readContacts,
	refuseReservedVariable,
	type LeftOutRow,
	type MappedVariable,
} from './contacts';
import { csvFile } from './csv';
import { LARGE_FROM_ROWS, properties as createProperties } from './description';
import { campaignTime, windowProblem } from './schedule';
import {
	checkBalance,
	listIdOf,
	saveList,
	scheduleLargeList,
	uploadLargeList,
	waitUntilVerified,
	type UploadForm,
} from './upload';

export const option = operationOption({
	name: 'Create',
	value: 'create',
	description: 'Upload contacts (input items or a CSV file) as a campaign, and optionally start it',
	action: 'Create a campaign',
});

export const properties = createProperties;

/** The key of an upload: what was sent, so the same rows with the same settings match. */
function uploadKey(parts: unknown[]): string {
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 8);
}

const KEY_SUFFIX_RE = / #[0-9a-f]{8}$/;

function nothingToUpload(ctx: IExecuteFunctions, leftOut: LeftOutRow[]): NodeOperationError {
	const some = leftOut
		.slice(0, 5)
		.map((r) => `item ${r.item}${r.line ? ` line ${r.line}` : ''}: ${r.field} ${r.reason}`);
	return new NodeOperationError(ctx.getNode(), 'No contact to upload: every row was left out', {
		itemIndex: 0,
		description: `Left out: ${some.join('; ')}`,
	});
}

/** An error that may have left an upload behind says so, with the name to look for. */
function afterSending(error: unknown, name: string): never {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const status = Number((error as NodeApiError).httpCode);
		if (!(status >= 400 && status < 500)) {
			error.description =
				`${error.description ?? ''} The upload may have reached the service: look for the campaign "${name}" in the dashboard before running again. With Duplicate Protection a re-run finds it by the key in its name and does not upload the rows again.`.trim();
		}
	}
	throw error;
}

export async function executeAll(
	this: IExecuteFunctions,
	itemCount: number,
	{ stopOnError }: BatchOptions,
): Promise<IDataObject> {
	const now = Date.now();
	const f = fields(this, 0);
	const agentId = f.locatorUuid('assistant', 'Assistant');
	const baseName = f.requiredText('campaignName', 'Campaign Name').replace(KEY_SUFFIX_RE, '');
	const source = f.option('contactsSource', 'Contacts From', ['items', 'file'] as const, 'items');
	const cc = countryCodeDigits(f.requiredText('countryCode', 'Country Code'));
	if (!cc) throw f.error('Country Code', 'must be a country calling code like +91 or +1');
	const countryCode = `+${cc}`;
	const options = f.collection('options', 'Options');
	const protect = options.boolean('duplicateProtection', 'Duplicate Protection', true);
	const largeFlow = options.option(
		'largeFlow',
		'Large List Flow',
		['auto', 'always', 'never'] as const,
		'auto',
	);
	const missingMode = options.option(
		'missingVariables',
		'Missing Prompt Variables',
		['refuse', 'warn', 'ignore'] as const,
		'refuse',
	);
	const maxVerifyMinutes = options.integer(
		'maxVerifyMinutes',
		'Max Verification Wait (Minutes)',
		15,
		{ min: 1, max: 120 },
	);
	const pollSeconds = options.integer('pollSeconds', 'Poll Interval (Seconds)', 10, {
		min: 1,
		max: 300,
	});
	const removeInvalidRows = options.boolean('removeInvalidRows', 'Remove Invalid Rows', false);
	const transliterateCalleeName = options.boolean(
		'transliterateCalleeName',
		'Transliterate Callee Name',
		false,
	);

	// The call window's zone is the zone of Start and End: always sent, so both read alike.
	const callConfig: IDataObject = readCallConfig(this, 0, now) ?? {};
	const callTime = (callConfig.call_time as IDataObject | undefined) ?? {};
	const zone = typeof callTime.timezone === 'string' ? callTime.timezone : this.getTimezone();
	callConfig.call_time = { ...callTime, timezone: zone };
	const start = parseScheduledTime(f.raw('startAt'), zone);
	if (!start) throw f.error('Start', 'is required: a date and time (ISO 8601, or a date field)');
	const end = parseScheduledTime(f.raw('endAt'), zone);
	if (!end) throw f.error('End', 'is required: a date and time (ISO 8601, or a date field)');
	const problem = windowProblem(start.instantMs, end.instantMs, now);
	if (problem)
		throw f.error(
			problem.field,
			`${campaignTime(problem.field === 'Start' ? start.instantMs : end.instantMs, zone)} (${zone}) ${problem.problem}`,
		);
	const launch: Launch | undefined = f.boolean('startRightAway', 'Start Right Away', false)
		? readLaunch(f)
		: undefined;

	// The mapping as given; empty means every variable of the assistant, by the same name.
	const given: MappedVariable[] = [];
	for (const entry of f
		.collection('variableMapping', 'Variable Mapping')
		.entries('mapping', 'Variable')) {
		const variable = entry.requiredText('variable', 'Variable Name or ID');
		refuseReservedVariable(this, variable);
		if (given.some((m) => m.variable === variable))
			throw entry.error('Variable Name or ID', `"${variable}" is mapped twice`);
		given.push({ variable, column: entry.text('column', 'Column').trim() || variable });
	}
	const rules = {
		source,
		mapping: given,
		countryCode,
		stopOnError,
		binaryProperty:
			source === 'file' ? f.requiredText('binaryPropertyName', 'Input Binary Field') : undefined,
		phoneColumn: source === 'file' ? f.requiredText('phoneColumn', 'Phone Column') : undefined,
	};
	// Every row's number and values are checked before any request; only the prompt's
	// variables need the assistant, which is read next.
	const checked = await readContacts(this, itemCount, { ...rules, required: [] }, () => given);
	if (!checked.count) throw nothingToUpload(this, checked.leftOut);

	const used =
		missingMode === 'ignore' && given.length
			? { variables: [] as string[] | undefined, note: undefined as string | undefined }
			: await assistantPromptVariables(this, agentId, 0);
	const usedVariables = used.variables ?? [];
	const mappingOf = (columns: Set<string>): MappedVariable[] =>
		given.length
			? given
			: ['callee_name', ...usedVariables.filter((v) => v !== 'callee_name')]
					.filter((v) => v !== 'mobile_number' && columns.has(v))
					.map((variable) => ({ variable, column: variable }));
	const contacts = await readContacts(
		this,
		itemCount,
		{ ...rules, required: missingMode === 'refuse' ? usedVariables : [] },
		mappingOf,
	);
	const mapping = contacts.mapping;
	const warnings: string[] = [];
	if (used.note) warnings.push(`Prompt variables not checked: ${used.note}`);
	const unmapped = usedVariables.filter(
		(v) => v !== 'mobile_number' && !mapping.some((m) => m.variable === v),
	);
	if (unmapped.length && missingMode !== 'ignore') {
		const text = `The assistant's prompt uses ${unmapped.map((v) => `@{{${v}}}`).join(', ')}, which no column fills: the callee would hear the placeholder`;
		if (missingMode === 'refuse') {
			throw new NodeOperationError(this.getNode(), text, {
				itemIndex: 0,
				description: `Add ${unmapped.length > 1 ? 'columns' : 'a column'} named ${unmapped.join(', ')}, or map ${unmapped.length > 1 ? 'them' : 'it'} in Variable Mapping. Nothing was uploaded. (Options › Missing Prompt Variables can lower this to a warning.)`,
			});
		}
		warnings.push(text);
	}
	if (!contacts.count) throw nothingToUpload(this, contacts.leftOut);

	const large =
		largeFlow === 'always' || (largeFlow === 'auto' && contacts.count >= LARGE_FROM_ROWS);
	const variablesMap: Record<string, string> = {};
	for (const { variable } of mapping) variablesMap[variable] = variable;
	const csv = csvFile(
		[PHONE_HEADER, ...mapping.map((m) => m.variable)],
		contacts.count,
		contacts.cellsOf,
	);
	const startTime = campaignTime(start.instantMs, zone);
	const endTime = campaignTime(end.instantMs, zone);
	const key = uploadKey([
		agentId,
		large,
		countryCode,
		variablesMap,
		callConfig,
		startTime,
		endTime,
		removeInvalidRows,
		transliterateCalleeName,
		csv.sha256,
	]);
	const campaignName = protect ? `${baseName} #${key}` : baseName;
	const form: UploadForm = {
		agentId,
		campaignName,
		countryCode,
		variablesMap,
		callConfig,
		startTime,
		endTime,
		removeInvalidRows,
		transliterateCalleeName,
		file: csv.writer,
		fileName: 'contacts.csv',
	};
	const report: IDataObject = {
		campaign_name: campaignName,
		flow: large ? 'large' : 'standard',
		rows_uploaded: contacts.count,
		left_out: contacts.leftOut as unknown as IDataObject[],
		variables_map: variablesMap,
		campaign_start_time: startTime,
		campaign_end_time: endTime,
		timezone: zone,
	};
	if (warnings.length) report.warnings = warnings;

	// A re-run with the same rows finds the first upload instead of making a second campaign.
	if (protect) {
		const earlier = await findCampaign(
			this,
			(c) => c.name === campaignName,
			{ callCount: true },
			0,
		);
		if (earlier) {
			const listId = String(earlier.id);
			const out: IDataObject = {
				list_id: listId,
				...report,
				already_uploaded: true,
				campaign: earlier,
			};
			if (launch && !large) out.start = await startOnce(this, agentId, listId, launch, true);
			return out;
		}
	}

	if (!large) {
		const answer = await sendOnce(
			this,
			0,
			'campaign upload',
			async () => await saveList(this, form),
		).catch((e) => afterSending(e, campaignName));
		const listId = listIdOf(this, answer, 'list_id');
		const out: IDataObject = {
			list_id: listId,
			...report,
			total_rows: answer.total_rows,
			successful_rows: answer.successful_rows,
			failed_rows: answer.failed_rows,
			answer,
		};
		if (launch) out.start = await startOnce(this, agentId, listId, launch, false);
		return out;
	}

	const uploaded = await sendOnce(
		this,
		0,
		'campaign upload',
		async () => await uploadLargeList(this, form, PHONE_HEADER),
	).catch((e) => afterSending(e, campaignName));
	const listId = listIdOf(this, uploaded, 'bulk_list_id');
	const out: IDataObject = { list_id: listId, ...report, upload: uploaded };
	const verified = await waitUntilVerified(this, listId, uploaded, {
		maxWaitMs: maxVerifyMinutes * 60_000,
		pollMs: pollSeconds * 1000,
		now: Date.now,
	});
	out.verification = verified.answer;
	if (verified.outcome === 'insufficientBalance' || launch)
		out.balance = await checkBalance(this, listId);
	if (!launch) return out;
	const body: IDataObject = {
		bulk_list_id: listId,
		agent_id: agentId,
		country_code: countryCode,
		campaign_start_time: startTime,
		campaign_end_time: endTime,
		call_config: callConfig,
		...launchBody(launch),
	};
	const scheduled = await sendOnce(
		this,
		0,
		'campaign schedule',
		async () => await scheduleLargeList(this, body),
	);
	out.start = scheduled;
	if (scheduled.status === 'insufficient_balance') out.balance = await checkBalance(this, listId);
	return out;
}

/**
 * Starts a standard list once. Found again on a re-run, it may already be started: the
 * service refuses a second start, which is then reported as done, not as a failure.
 */
async function startOnce(
	ctx: IExecuteFunctions,
	agentId: string,
	listId: string,
	launch: Launch,
	foundAgain: boolean,
): Promise<IDataObject> {
	try {
		return await sendOnce(
			ctx,
			0,
			'campaign start',
			async () => await startList(ctx, 0, agentId, listId, launch),
		);
	} catch (error) {
		const text = `${(error as Error).message} ${(error as NodeApiError).description ?? ''}`;
		if (foundAgain && /already/i.test(text)) {
			return {
				status: 'already started',
				note: 'Found from an earlier run, which had started it: not started again.',
			};
		}
		throw asItemError(ctx, error, 0);
	}
}
