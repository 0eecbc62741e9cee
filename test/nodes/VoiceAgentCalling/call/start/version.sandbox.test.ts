/** Call › Start with a Version against the sandbox: the call takes that A/B variant. */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox';
import { jsonOf, runNode } from '../../../../helpers/harness';
import { locator } from '../../../../helpers/fixtures';
import { sandboxCredentials, useSandbox } from '../../../../helpers/sandbox';
import { AGENT_AB as AB, abVersion as version } from '../../../../sandbox/helpers';

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

describe('Version: edits and calls of one variant, on purpose', () => {
	const run = (type: string, parameters: IDataObject) =>
		runNode({ type, credentials: sandboxCredentials(sb), parameters });

	test('Start with a Version: the call takes that variant', async () => {
		const { output, error } = await run('voiceAgentCalling', {
			resource: 'call',
			operation: 'start',
			assistant: locator(AB),
			version: { __rl: true, mode: 'id', value: version(1) },
			name: 'Zoe',
			mobileNumber: '+14155552000',
			fromNumber: { __rl: true, mode: 'list', value: '+14155550100' },
			// The variables of this variant only (the other one also uses @{{discount}}).
			variablesMode: 'json',
			variablesJson: '{"policy_id": "P-1", "price": "$10"}',
		});
		expect(error).toBeUndefined();
		const callId = String(jsonOf(output)[0].call_id);
		expect(sb.call(callId)!.agent.version).toEqual({
			version_id: version(1),
			version_slug: 'control',
		});
	});
});
