import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readAssistantRecord, readAssistantsPage } from '../../../shared/assistants/assistants';
import { assistantView } from '../../../shared/assistants/versions';
import { readLimit } from '../../../shared/http/getMany';
import { paginate } from '../../../shared/http/paginate';
import { fields } from '../../../shared/engine/params';

/** One assistant, normalised beside its raw record (see shared/assistants/versions.ts). */
export async function readAssistant(
	ctx: IExecuteFunctions,
	agentId: string,
	i: number,
): Promise<IDataObject> {
	return assistantView(await readAssistantRecord(ctx, agentId, i));
}

/** The assistant list page by page, as Return All / Limit ask. */
export async function listAssistants(
	ctx: IExecuteFunctions,
	i: number,
	pageSize: number,
	maxLimit: number,
): Promise<IDataObject[]> {
	const max = readLimit(fields(ctx, i), maxLimit);
	return await paginate<IDataObject>(
		async (offset, limit) => {
			return { rows: await readAssistantsPage(ctx, { offset, limit }, i) };
		},
		{ pageSize, max },
	);
}
