/** Assistant › Get Many against the sandbox: every assistant, each resolved as Get does. */
import type { Sandbox } from '../../../../sandbox';
import { jsonOf, runNode } from '../../../helpers/harness';
import { sandboxCredentials, useSandbox } from '../../../helpers/sandbox';

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

describe('live (versioned) shape', () => {
	test('Get Many: every assistant of the workspace, each resolved the same way', async () => {
		const { output, error } = await runNode({
			type: 'voiceAgentAssistant',
			credentials: sandboxCredentials(sb),
			parameters: { resource: 'assistant', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output).map((a) => [a.agent_display_name, a.version_resolved_by])).toEqual([
			['Appointment Reminder', 'active'],
			['Lead Qualifier', 'active'],
			['Hindi Feedback Survey', 'active'],
			['Dubai Concierge', 'active'],
			['Renewal Offer (A/B)', 'traffic'],
			['Survey Split Test', 'ambiguous'],
			['Clinic Router', 'active'],
		]);
	});
});

describe('reference (flat) shape', () => {
	beforeEach(() => sb.setShape('docs'));

	test('Get Many reads the same list', async () => {
		const { output } = await runNode({
			type: 'voiceAgentAssistant',
			credentials: sandboxCredentials(sb),
			parameters: { resource: 'assistant', operation: 'getMany', limit: 3 },
		});
		expect(jsonOf(output).map((a) => a.shape)).toEqual(['flat', 'flat', 'flat']);
	});
});
