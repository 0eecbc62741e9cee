/**
 * Call › Call Back against the sandbox, under both readings of scheduled_at (honoured, or
 * ignored as the service may since it left the schema): the call placed back is linked to the
 * first, with its number and variables, and rings at the time given either way (the window
 * sent with it opens then). Every When mode: neverEarly.sandbox.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { jsonOf, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandboxClock } from '../../../helpers/sandbox';
import { callBody, type Client } from '../../../sandbox/helpers';

let sb: Sandbox;
let api: Client;

const sandbox = useSandboxClock((started) => ({ sb, api } = started));

const HOUR = 3_600_000;

/** A first call, ended; then Call Back at an hour from now. Returns the new call's output. */
async function callBackInAnHour(): Promise<{ first: string; out: IDataObject }> {
	const first = (await api.post('/calling/outbound/individual', callBody())).body.data
		.call_id as string;
	sb.advance(5 * 60_000);
	expect(sb.call(first)!.status).toBe('completed');
	const { output, error } = await runNode({
		type: 'voiceAgentCalling',
		credentials: sandboxCredentials(sb),
		parameters: {
			resource: 'call',
			operation: 'callBack',
			when: 'at',
			callAt: new Date(sb.now() + HOUR).toISOString(),
		},
		// The variables as Start's output or an event carries them (call details do not);
		// the rest is read from the details.
		items: [
			{ json: { call_id: first, custom_variables: callBody().custom_args_values as IDataObject } },
		],
	});
	expect(error).toBeUndefined();
	return { first, out: jsonOf(output)[0] };
}

test('scheduled_at honoured: the call placed back waits for the time given, then rings', async () => {
	const { first, out } = await callBackInAnHour();
	expect(out).toMatchObject({
		parent_call_id: first,
		attempt: 2,
		already_called_back: false,
		to_number: '+14155552000',
		custom_variables: { clinic: 'Sunrise Dental', date: 'June 9', time: '9:30 AM' },
	});
	const id = out.call_id as string;
	sb.advance(HOUR - 1000);
	expect(sb.call(id)!.status).toBe('registered');
	sb.advance(1000);
	expect(sb.call(id)!.status).toBe('ongoing');
});

test('scheduled_at ignored: the window sent with it still holds the call back until the time given', async () => {
	await sandbox.restart({ scheduledAt: 'ignore' });
	const { first, out } = await callBackInAnHour();
	expect(out).toMatchObject({ parent_call_id: first, attempt: 2 });
	const id = out.call_id as string;
	expect(sb.call(id)!.status).toBe('registered');
	sb.advance(HOUR - 1000);
	expect(sb.call(id)!.status).toBe('registered');
	sb.advance(1000);
	expect(sb.call(id)!.status).toBe('ongoing');
});
