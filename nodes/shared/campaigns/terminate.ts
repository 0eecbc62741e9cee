/**
 * The one writer of PATCH /campaign/terminate, for Call › Cancel Queued Calls and Campaign ›
 * Stop: it cancels calls that have not started yet. The service answers 400 "No terminable
 * calls found" when nothing was left to cancel: that is an outcome (nothing to do), not a
 * failure, so it comes back as `{terminated: false}`.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asItemError } from '../engine/router';
import { apiRequest } from '../http/transport';

const NOTHING_TO_CANCEL = /no terminable calls/i;

export type Termination =
	| { terminated: true; answer: IDataObject }
	| { terminated: false; message: string };

export async function terminateCalls(
	ctx: IExecuteFunctions,
	i: number,
	body: IDataObject,
): Promise<Termination> {
	try {
		const answer = await apiRequest.call(ctx, {
			method: 'PATCH',
			path: '/campaign/terminate',
			body,
			itemIndex: i,
		});
		return { terminated: true, answer };
	} catch (error) {
		if (
			error instanceof NodeApiError &&
			error.httpCode === '400' &&
			NOTHING_TO_CANCEL.test(error.message)
		) {
			return { terminated: false, message: error.message };
		}
		throw asItemError(ctx, error, i);
	}
}
