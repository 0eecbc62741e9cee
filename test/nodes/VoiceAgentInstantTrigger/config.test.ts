/**
 * The Instant Trigger's settings: readConfig (every field read and bounded, errors naming the
 * field without an item) and what activation insists on (assertActivatable).
 */
import nock from 'nock';
import type { IExecuteFunctions, IHookFunctions } from 'n8n-workflow';

import {
	assertActivatable,
	properties,
	readConfig,
} from '../../../nodes/VoiceAgentInstantTrigger/config';
import { AGENT, locator } from '../../helpers/fixtures';
import { probe } from '../../helpers/probe';
import { WebhookNode } from '../../helpers/webhook';

const SECRET = 'a-long-shared-secret-0123456789';

beforeAll(() => nock.disableNetConnect());

const trigger = (parameters: Record<string, unknown> = {}) =>
	new WebhookNode('voiceAgentInstantTrigger', { secret: SECRET, ...parameters });

/** A trigger's context over a probe's: parameters read without an item, as a hook reads them. */
const asHook = (ctx: IExecuteFunctions) =>
	({
		getNode: () => ctx.getNode(),
		getNodeParameter: (name: string, fallback?: unknown, options?: object) =>
			ctx.getNodeParameter(name, 0, fallback, options),
	}) as unknown as IHookFunctions;

const config = (parameters: object) =>
	probe((ctx) => readConfig(asHook(ctx)), { properties, parameters: { ...parameters } });

describe('readConfig', () => {
	test('the defaults: all_processing_completed, callbacks on, sweeps of 10 min, 5 min grace, 24 h', async () => {
		const { values, error } = await config({ secret: `  ${SECRET} ` });
		expect(error).toBeUndefined();
		expect(values).toEqual([
			{
				secret: SECRET,
				events: ['all_processing_completed'],
				acceptCallbacks: true,
				register: false,
				safetyNet: false,
				sweepMs: 600_000,
				graceMs: 300_000,
				lookbackMs: 86_400_000,
				outcomeFilter: { outcomes: [], classification: '' },
			},
		]);
	});

	test('every field as set; minutes in ms', async () => {
		const { values } = await config({
			secret: SECRET,
			events: ['call_completed', 'call_started'],
			acceptCallbacks: false,
			assistant: locator(AGENT),
			registerOnAssistant: true,
			safetyNet: true,
			safetyNetOptions: { sweepMinutes: 0, graceMinutes: 2.5, lookbackMinutes: 10080 },
			filters: { outcomes: ['answered', 'voicemail'], classification: ' hot lead ' },
		});
		expect(values).toEqual([
			{
				secret: SECRET,
				events: ['call_completed', 'call_started'],
				acceptCallbacks: false,
				agentId: AGENT,
				register: true,
				safetyNet: true,
				sweepMs: 0,
				graceMs: 150_000,
				lookbackMs: 604_800_000,
				outcomeFilter: { outcomes: ['answered', 'voicemail'], classification: 'hot lead' },
			},
		]);
	});

	test.each([
		[{ assistant: locator('agent-1') }, 'Assistant: "agent-1" is not a valid ID (UUID expected)'],
		[
			{ safetyNet: true, safetyNetOptions: { lookbackMinutes: 10081 } },
			'Safety Net Options › Lookback Window (Minutes): 10081 is not a number from 1 to 10080',
		],
		[
			{ safetyNet: true, safetyNetOptions: { graceMinutes: -1 } },
			// The reader names no bound when only a minimum is given (shared/engine/fieldTypes.ts).
			'Safety Net Options › Wait for Late Events (Minutes): -1 is not a number',
		],
	])('%j is refused, naming the field and no item', async (parameters, message) => {
		const { error } = await config({ secret: SECRET, ...parameters });
		expect(error?.message).toBe(message);
	});
});

describe('assertActivatable', () => {
	const check = (parameters: object) =>
		probe((ctx) => assertActivatable(asHook(ctx), readConfig(asHook(ctx))) ?? 'ok', {
			properties,
			parameters: { ...parameters },
		});

	test('a long secret, and an assistant and events when registering: activatable', async () => {
		expect((await check({ secret: SECRET })).values).toEqual(['ok']);
		expect(
			(await check({ secret: SECRET, registerOnAssistant: true, assistant: locator(AGENT) }))
				.values,
		).toEqual(['ok']);
	});

	test('registering no event is refused', async () => {
		const { error } = await check({
			secret: SECRET,
			registerOnAssistant: true,
			assistant: locator(AGENT),
			events: [],
		});
		expect(error?.message).toBe('Events: select at least one event to register');
	});

	test('activation refuses a short secret and registering without an assistant', async () => {
		await expect(trigger({ secret: 'short' }).hook('checkExists')).rejects.toThrow(
			'Secret: at least 16 characters are needed before the trigger can listen (it has 5)',
		);
		await expect(trigger({ registerOnAssistant: true }).hook('checkExists')).rejects.toThrow(
			'Assistant: pick the assistant to register on',
		);
	});
});
