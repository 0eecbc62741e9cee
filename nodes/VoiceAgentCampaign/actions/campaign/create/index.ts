/**
 * Campaign → Create: one campaign from all input items (a sheet's rows, or CSV files). The
 * rows are checked first; then one upload, found again by the key in its name on a re-run
 * within the look-back, so that the same rows never make two campaigns; then, with Start
 * Right Away, the start, only of a campaign whose status says it has not been started.
 */
import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { assistantPromptVariables } from '../../../../shared/assistants/assistants';
import {
	campaignCreatedMs,
	campaignStartState,
	findCampaign,
} from '../../../../shared/campaigns/campaigns';
import { operationOption, type BatchOptions } from '../../../../shared/engine/operation';
import { asItemError } from '../../../../shared/engine/router';
import { mayHaveActed, sendOnce } from '../../../../shared/engine/once';
import { startList } from '../launch';
import {
	checkContacts,
	collectRows,
	PHONE_HEADER,
	type Contacts,
	type LeftOutRow,
	type MappedVariable,
} from './contacts';
import { csvFile } from './csv';
import { LARGE_FROM_ROWS, properties as createProperties } from './description';
import { runLargeFlow } from './largeFlow';
import { readSettings, type CreateSettings } from './settings';
import { splitByZone, zoneSettings } from './zones';
import { previewSummary } from '../../../../shared/dialling/callee/preview';
import { dryRunReport } from './dryRun';
import { readDoNotCall } from '../../../../shared/dialling/callee/doNotCallField';
import { DO_NOT_CALL } from '../../../../shared/dialling/callee/doNotCall';
import { listIdOf, saveList, uploadLargeList, type UploadForm } from './upload';

export const option = operationOption({
	name: 'Create',
	value: 'create',
	description: 'Upload contacts (input items or a CSV file) as a campaign, and optionally start it',
	action: 'Create a campaign',
});

export const properties = createProperties;

/**
 * The key of an upload: what was sent, so the same rows with the same settings match. Start
 * and End are left out: workflows compute them from the time of the run (`$now`), so a
 * re-run would never match; the look-back tells a re-run from a new campaign instead.
 */
function uploadKey(parts: unknown[]): string {
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 8);
}

function nothingToUpload(ctx: IExecuteFunctions, leftOut: LeftOutRow[]): NodeOperationError {
	const some = leftOut
		.slice(0, 5)
		.map((r) => `item ${r.item}${r.line ? ` line ${r.line}` : ''}: ${r.field} ${r.reason}`);
	return new NodeOperationError(ctx.getNode(), 'No contact to upload: every row was left out', {
		itemIndex: 0,
		description: `Left out: ${some.join('; ')}`,
	});
}

/** Every row left out is on the Do Not Call list: nothing to upload, and no error either. */
const allListed = (leftOut: LeftOutRow[]) =>
	leftOut.length > 0 && leftOut.every((row) => row.skipped === DO_NOT_CALL);

function everyRowListed(s: CreateSettings, leftOut: LeftOutRow[]): IDataObject {
	return {
		campaign_name: s.baseName,
		rows_uploaded: 0,
		left_out: leftOut as unknown as IDataObject[],
		note: 'Every row is on the Do Not Call list: nothing was uploaded and no campaign was made.',
	};
}

/** An error that may have left an upload behind says so, with the name to look for. */
function afterSending(error: unknown, name: string): never {
	if (
		(error instanceof NodeApiError || error instanceof NodeOperationError) &&
		mayHaveActed(error)
	) {
		error.description =
			`${error.description ?? ''} The upload may have reached the service: look for the campaign "${name}" in the dashboard before running again. With Duplicate Protection a re-run within the Duplicate Look Back finds it by the key in its name and does not upload the rows again.`.trim();
	}
	throw error;
}

export const kind = 'all';

export async function execute(
	this: IExecuteFunctions,
	itemCount: number,
	{ stopOnError }: BatchOptions,
): Promise<IDataObject> {
	const s = readSettings(this, Date.now());
	const { contacts, warnings } = await checkedContacts(this, itemCount, s, stopOnError);
	if (!contacts.count && !s.dryRun) return everyRowListed(s, contacts.leftOut);
	if (s.zoneRule) return await createPerZone(this, s, contacts, warnings);
	return await createOne(this, s, contacts, warnings);
}

/** One campaign of checked rows: found again (Duplicate Protection) or uploaded. */
async function createOne(
	ctx: IExecuteFunctions,
	s: CreateSettings,
	contacts: Contacts & { mapping: MappedVariable[] },
	warnings: string[],
): Promise<IDataObject> {
	const large =
		s.largeFlow === 'always' || (s.largeFlow === 'auto' && contacts.count >= LARGE_FROM_ROWS);
	const { form, report } = uploadOf(s, contacts, large, warnings);
	// Before any lookup or upload: a Dry Run reads only what its checks need (the assistant).
	if (s.dryRun) return dryRunReport(s, contacts, report);

	// A re-run with the same rows finds the first upload instead of making a second campaign;
	// one made before the look-back is an earlier campaign of the same sheet, not this run's.
	if (s.protect) {
		const earlier = await findCampaign(
			ctx,
			(c, serviceNow) => c.name === form.campaignName && madeWithin(c, serviceNow, s.lookBackMs),
			{ callCount: true },
			0,
		);
		if (earlier) return await foundAgain(ctx, s, earlier, report, large);
	}
	return large
		? await uploadLarge(ctx, s, form, report)
		: await uploadStandard(ctx, s, form, report);
}

/**
 * Call Window in the Callee's Time Zone: one campaign per zone, one after the other (each
 * found again by its own key on a re-run); rows whose zone is unknown are left out.
 */
async function createPerZone(
	ctx: IExecuteFunctions,
	s: CreateSettings,
	contacts: Contacts & { mapping: MappedVariable[] },
	warnings: string[],
): Promise<IDataObject> {
	const parts = splitByZone(contacts);
	const leftOut = contacts.leftOut;
	if (!parts.length && !s.dryRun) throw nothingToUpload(ctx, leftOut);
	const campaigns: IDataObject[] = [];
	for (const part of parts) {
		campaigns.push(await createOne(ctx, zoneSettings(s, part.zone), part.contacts, []));
	}
	const rows = parts.reduce((sum, p) => sum + p.contacts.count, 0);
	const out: IDataObject = s.dryRun
		? {
				dry_run: true,
				// Each zone's campaign with its own window and first call; the skips of all rows.
				campaigns,
				rows_to_upload: rows,
				summary: previewSummary(rows + leftOut.length, contacts.reasons),
				left_out: leftOut as unknown as IDataObject[],
			}
		: { campaigns, rows_uploaded: rows, left_out: leftOut as unknown as IDataObject[] };
	if (warnings.length) out.warnings = warnings;
	return out;
}

/**
 * Every row read once and checked before any request: its number and values first, then,
 * with the assistant read, the variables its prompt uses.
 */
async function checkedContacts(
	ctx: IExecuteFunctions,
	itemCount: number,
	s: CreateSettings,
	stopOnError: boolean,
): Promise<{ contacts: Contacts & { mapping: MappedVariable[] }; warnings: string[] }> {
	const rules = {
		source: s.source,
		countryCode: s.countryCode,
		// A Dry Run reports every bad row instead of stopping at the first.
		stopOnError: stopOnError && !s.dryRun,
		binaryProperty: s.binaryProperty,
		phoneColumn: s.phoneColumn,
		doNotCall: await readDoNotCall(ctx, 0, () => [s.countryCode]),
		zoneRule: s.zoneRule,
	};
	const rows = await collectRows(ctx, itemCount, rules);
	const checked = await checkContacts(ctx, rows, { ...rules, required: [] }, () => s.given);
	if (!checked.count && !s.dryRun && !allListed(checked.leftOut)) {
		throw nothingToUpload(ctx, checked.leftOut);
	}

	const used =
		s.missingMode === 'ignore' && s.given.length
			? { variables: [] as string[] | undefined, note: undefined as string | undefined }
			: await assistantPromptVariables(ctx, s.agentId, 0);
	const usedVariables = used.variables ?? [];
	const mappingOf = (columns: Set<string>): MappedVariable[] =>
		s.given.length
			? s.given
			: ['callee_name', ...usedVariables.filter((v) => v !== 'callee_name')]
					.filter((v) => v !== 'mobile_number' && columns.has(v))
					.map((variable) => ({ variable, column: variable }));
	const contacts = await checkContacts(
		ctx,
		rows,
		{ ...rules, required: s.missingMode === 'refuse' ? usedVariables : [] },
		mappingOf,
	);
	const warnings: string[] = [];
	if (used.note) warnings.push(`Prompt variables not checked: ${used.note}`);
	const unmapped = usedVariables.filter(
		(v) => v !== 'mobile_number' && !contacts.mapping.some((m) => m.variable === v),
	);
	if (unmapped.length && s.missingMode !== 'ignore') {
		const text = `The assistant's prompt uses ${unmapped.map((v) => `@{{${v}}}`).join(', ')}, which no column fills: the callee would hear the placeholder`;
		if (s.missingMode === 'refuse') {
			throw new NodeOperationError(ctx.getNode(), text, {
				itemIndex: 0,
				description: `Add ${unmapped.length > 1 ? 'columns' : 'a column'} named ${unmapped.join(', ')}, or map ${unmapped.length > 1 ? 'them' : 'it'} in Variable Mapping. Nothing was uploaded. (Options › Missing Prompt Variables can lower this to a warning.)`,
			});
		}
		warnings.push(text);
	}
	if (!contacts.count && !s.dryRun && !allListed(contacts.leftOut)) {
		throw nothingToUpload(ctx, contacts.leftOut);
	}
	return { contacts, warnings };
}

/** The upload (its form, with the name that carries the key) and the report every output starts with. */
function uploadOf(
	s: CreateSettings,
	contacts: Contacts & { mapping: MappedVariable[] },
	large: boolean,
	warnings: string[],
): { form: UploadForm; report: IDataObject } {
	const { mapping } = contacts;
	const variablesMap: Record<string, string> = {};
	for (const { variable } of mapping) variablesMap[variable] = variable;
	const csv = csvFile(
		[PHONE_HEADER, ...mapping.map((m) => m.variable)],
		contacts.count,
		contacts.cellsOf,
	);
	const key = uploadKey([
		s.agentId,
		large,
		s.countryCode,
		variablesMap,
		s.callConfig,
		s.removeInvalidRows,
		s.transliterateCalleeName,
		csv.sha256,
	]);
	const campaignName = s.protect ? `${s.baseName} #${key}` : s.baseName;
	const form: UploadForm = {
		agentId: s.agentId,
		campaignName,
		countryCode: s.countryCode,
		variablesMap,
		callConfig: s.callConfig,
		startTime: s.startTime,
		endTime: s.endTime,
		removeInvalidRows: s.removeInvalidRows,
		transliterateCalleeName: s.transliterateCalleeName,
		file: csv.writer,
		fileName: 'contacts.csv',
	};
	const report: IDataObject = {
		campaign_name: campaignName,
		flow: large ? 'large' : 'standard',
		rows_uploaded: contacts.count,
		left_out: contacts.leftOut as unknown as IDataObject[],
		variables_map: variablesMap,
		campaign_start_time: s.startTime,
		campaign_end_time: s.endTime,
		timezone: s.zone,
	};
	if (warnings.length) report.warnings = warnings;
	return { form, report };
}

/** A campaign this run's rows made within the look-back: nothing uploaded; started only if it was not. */
async function foundAgain(
	ctx: IExecuteFunctions,
	s: CreateSettings,
	earlier: IDataObject,
	report: IDataObject,
	large: boolean,
): Promise<IDataObject> {
	const out: IDataObject = {
		list_id: String(earlier.id),
		...report,
		// The found campaign's own times, not this run's (they may differ: `$now`).
		campaign_start_time: earlier.campaign_start_time ?? null,
		campaign_end_time: earlier.campaign_end_time ?? null,
		already_uploaded: true,
		campaign: earlier,
	};
	if (s.launch && !large) out.start = await startFound(ctx, s, earlier);
	return out;
}

/** The large flow: one upload, then verification and scheduling. */
async function uploadLarge(
	ctx: IExecuteFunctions,
	s: CreateSettings,
	form: UploadForm,
	report: IDataObject,
): Promise<IDataObject> {
	const uploaded = await sendOnce(
		ctx,
		0,
		`campaign upload${s.onceTag}`,
		async () => await uploadLargeList(ctx, form, PHONE_HEADER),
	).catch((e) => afterSending(e, form.campaignName));
	const flow = await runLargeFlow(ctx, uploaded, form, s);
	return { list_id: flow.list_id, ...report, ...flow };
}

/** The standard flow: one upload, then (Start Right Away) one start. */
async function uploadStandard(
	ctx: IExecuteFunctions,
	s: CreateSettings,
	form: UploadForm,
	report: IDataObject,
): Promise<IDataObject> {
	const answer = await sendOnce(
		ctx,
		0,
		`campaign upload${s.onceTag}`,
		async () => await saveList(ctx, form),
	).catch((e) => afterSending(e, form.campaignName));
	const listId = listIdOf(ctx, answer, 'list_id');
	const out: IDataObject = {
		list_id: listId,
		...report,
		total_rows: answer.total_rows,
		successful_rows: answer.successful_rows,
		failed_rows: answer.failed_rows,
		answer,
	};
	if (s.launch) out.start = await startOnce(ctx, s, listId);
	return out;
}

/**
 * Made within the look-back, on the service's clock (its created_at and its answer's time:
 * no skew between n8n's host and the service). A campaign whose creation time cannot be read
 * counts as recent: a second upload is the worse mistake.
 */
function madeWithin(campaign: IDataObject, serviceNow: number, lookBackMs: number): boolean {
	const created = campaignCreatedMs(campaign);
	return created === undefined || created >= serviceNow - lookBackMs;
}

/** Starts a standard list, at most once per item (Retry On Fail replays the first outcome). */
async function startOnce(
	ctx: IExecuteFunctions,
	s: CreateSettings,
	listId: string,
): Promise<IDataObject> {
	try {
		return await sendOnce(
			ctx,
			0,
			`campaign start${s.onceTag}`,
			async () => await startList(ctx, 0, s.agentId, listId, s.launch!),
		);
	} catch (error) {
		throw asItemError(ctx, error, 0);
	}
}

/**
 * Start Right Away for a campaign found again: its status decides. Only one that has not been
 * started is started; one whose status says started, or does not say, is never sent a second
 * start (the service's refusal has no published wording to rely on).
 */
async function startFound(
	ctx: IExecuteFunctions,
	s: CreateSettings,
	campaign: IDataObject,
): Promise<IDataObject> {
	const status = campaign.campaign_status;
	const state = campaignStartState(status);
	if (state === 'notStarted') return await startOnce(ctx, s, String(campaign.id));
	if (state === 'started') {
		return {
			status: 'already started',
			campaign_status: status,
			note: 'Found from an earlier run, which had started it: not started again.',
		};
	}
	return {
		status: 'not started',
		campaign_status: status ?? null,
		note: `Found from an earlier run; its status ${status === undefined ? 'is not given' : `"${String(status)}"`} does not say whether that run started it, so it was not started again. If it has not started, start it with Campaign → Start.`,
	};
}
