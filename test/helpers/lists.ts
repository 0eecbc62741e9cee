/**
 * What the dropdown tests share: a real LoadOptionsContext (the context n8n gives listSearch
 * methods) and the workspace numbers the service lists.
 */
import { loadOptionsContext } from './harness';

/** The context of the assistant field of Assistant › Update Prompt. */
export const listContext = () =>
	loadOptionsContext('voiceAgentAssistant', 'parameters.assistant', undefined, {
		resource: 'assistant',
		operation: 'updatePrompt',
	});

/** Two assistants a number can be attached to. */
export const AGENT_A = { id: 'a0000000-0000-4000-8000-000000000001', agent_display_name: 'Maya' };
export const AGENT_B = {
	id: 'b0000000-0000-4000-8000-000000000002',
	agent_display_name: 'Ravi Sales',
};

/** Number `n` of GET /workspace/numbers (+1415555000n), attached to `agent`. */
export const workspaceNumber = (n: number, agent: typeof AGENT_A | null = AGENT_A) => ({
	id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
	number: `+1415555${String(n).padStart(4, '0')}`,
	created_at: '2026-01-01T00:00:00Z',
	call_count: 0,
	agent,
	is_inbound_enabled: true,
});
