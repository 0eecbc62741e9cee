import type { INodeProperties } from 'n8n-workflow';

import { VoiceAgentInstantTrigger } from '../../../nodes/VoiceAgentInstantTrigger/VoiceAgentInstantTrigger.node';
import { shownFields } from '../../helpers/panel';

const instant = new VoiceAgentInstantTrigger().description;

describe('Instant (webhook) trigger panel', () => {
	const events = instant.properties.find((p) => p.name === 'events') as INodeProperties;
	const options = events.options as Array<{ name: string; value: string; action: string }>;

	test('the Secret is required, with a hint saying where it goes', () => {
		const secret = instant.properties.find((p) => p.name === 'secret');
		expect(secret).toMatchObject({ required: true, typeOptions: { password: true } });
		expect(secret?.hint).toBe(
			'Every delivery must carry it: header x-voice-agent-secret, or ?secret= in the URL (Register on Assistant adds that). Others get 401.',
		);
	});

	test('an empty secret shows the notice (why "Execute step" is off); any other value, or an expression, does not', () => {
		// No length check in the display condition: a regex there runs at every execution in
		// n8n 2.x and failed deliveries under load. A short secret is refused when listening.
		const notice = (secret: string) =>
			shownFields(instant, { secret, events: ['call_completed'] }).includes('secretTooShort');
		expect(notice('')).toBe(true);
		expect(notice('a')).toBe(false);
		expect(notice('x'.repeat(16))).toBe(false);
		expect(notice('={{ $env.S }}')).toBe(false);
	});

	test('Outcomes says how a retried attempt is judged, below the field', () => {
		const filters = instant.properties.find((p) => p.name === 'filters') as INodeProperties;
		const outcomes = (filters.options as INodeProperties[]).find((o) => o.name === 'outcomes');
		expect(outcomes?.hint).toBe(
			'Call Attempt Ended: an attempt the service retries passes when the outcome of that attempt (attempt_outcome: busy, no answer, …) is selected, not as pending; one whose outcome the service does not give does not pass. Call Started and Recording Ready are not judged.',
		);
	});

	test('actions list and field use the same event names', () => {
		expect(events.displayName).toBe('Events'); // the editor's nodes panel looks for "Events"
		expect(options.map((o) => [o.name, o.action])).toEqual([
			['Call Ended and Processed', 'On call ended and processed'],
			['Call Started', 'On call started'],
			['Call Attempt Ended', 'On call attempt ended'],
			['Recording Ready', 'On recording ready'],
			['Platform Analysis Ready', 'On platform analysis ready'],
			['Client Analysis Ready', 'On client analysis ready'],
		]);
	});

	test('the subtitle names the selected events as the field does', () => {
		const body = String(instant.subtitle)
			.replace(/^=\{\{/, '')
			.replace(/\}\}$/, '');
		// eslint-disable-next-line @typescript-eslint/no-implied-eval
		const subtitle = new Function('$parameter', `return ${body}`) as (p: object) => string;
		expect(subtitle({ events: ['all_processing_completed', 'recording_completed'] })).toBe(
			'Call Ended and Processed, Recording Ready',
		);
		expect(subtitle({ events: ['unknown_type'] })).toBe('unknown_type');
		expect(subtitle({})).toBe('');
	});

	test('trigger panel: header, test steps, activation hint, canvas and activation texts', () => {
		const panel = instant.triggerPanel as {
			header: string;
			executionsHelp: { inactive: string; active: string };
			activationHint: string;
		};
		expect(panel.header).toBe('Receive call events from the voice agent service');
		expect(panel.executionsHelp.inactive).toContain("click 'Listen for test event'");
		expect(panel.executionsHelp.active).toContain('The workflow is active');
		expect(panel.activationHint).toContain('Production URL');
		expect(instant.eventTriggerDescription).toBe(
			'Waiting for a call event: start a call with the assistant',
		);
		expect(instant.activationMessage).toContain('Production URL');
	});
});
