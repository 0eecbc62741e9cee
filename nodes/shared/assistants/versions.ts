/**
 * Reading an assistant record, in both shapes the service gives (pure functions, no n8n
 * context):
 * - flat, as the vendor reference shows it: `voice`, `language`, `agent_config: {agent_prompt
 *   (text), intro_message, custom_variables}` and `event_subscriptions` at the root;
 * - versioned, as the live service answers (public integration, 2026-09): the root names the
 *   assistant, `version_details.<version_id>` holds each version's configuration (prompt as
 *   `prompt_sections`), `active_agent_version_id` names the live one, and is null while an A/B
 *   test runs; then `ab_versions.<id>.call_traffic` tells which versions take calls.
 *   `multi_node` assistants have no prompt there at all.
 */
import type { IDataObject } from 'n8n-workflow';

import { promptPlaceholders } from './promptVariables';
import { isPlainObject } from '../http/shape';

/** How the live version was found; 'ambiguous' when it cannot be (a split with no winner). */
export type Resolution = 'flat' | 'active' | 'traffic' | 'only' | 'ambiguous' | 'none';

/** One version's configuration, normalised. */
export interface VersionView {
	version_id: string | null;
	version_slug: string | null;
	/** Share of calls in an A/B test (percent), null when the service gives none. */
	call_traffic: number | null;
	/** The prompt as text (sections joined by blank lines); null where none is readable. */
	prompt: string | null;
	intro_message: string | null;
	custom_variables: string[];
	voice: IDataObject | null;
	language: string | null;
	secondary_language: string | null;
	secondary_voice_id: string | null;
	/** null when the record does not show them (multi_node assistants, the flat shape). */
	knowledge_bases: unknown[] | null;
	event_subscriptions: IDataObject[];
	/** The @{{name}} placeholders of the prompt. */
	prompt_variables: string[];
}

export interface LiveVersion {
	resolution: Resolution;
	/** The live version, or undefined when ambiguous or none. */
	live?: VersionView;
	/** Every version, in the record's order (one for the flat shape). */
	versions: VersionView[];
	/** Versions that can take a call now: the live one, or every one with traffic in a test. */
	taking_calls: VersionView[];
	/** Said in words when the live version is not a plain fact of the record. */
	note: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): string[] =>
	Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The prompt as text: a string as is; `{prompt_sections: [{section_title, section_content}]}`
 * as its contents joined by a blank line; anything else (null on multi_node) is none.
 */
export function promptText(raw: unknown): string | null {
	if (typeof raw === 'string') return raw;
	if (!isPlainObject(raw) || !Array.isArray(raw.prompt_sections)) return null;
	const parts = raw.prompt_sections
		.map((s) => (isPlainObject(s) ? str(s.section_content) : str(s)))
		.filter((s): s is string => s !== null);
	return parts.join('\n\n');
}

/** Versions' subscriptions are a list; an old per-type object {type: url} is read as one. */
export function subscriptionList(raw: unknown): IDataObject[] {
	if (Array.isArray(raw)) return raw.filter(isPlainObject);
	if (!isPlainObject(raw)) return [];
	return Object.entries(raw)
		.filter(([, url]) => typeof url === 'string' && url !== '')
		.map(([event_type, callback_url]) => ({ event_type, callback_url }) as IDataObject);
}

function view(
	config: IDataObject,
	id: string | null,
	slug: string | null,
	traffic: number | null,
): VersionView {
	const agentConfig = isPlainObject(config.agent_config) ? config.agent_config : {};
	const prompt = promptText(agentConfig.agent_prompt ?? config.agent_prompt);
	return {
		version_id: id,
		version_slug: slug,
		call_traffic: traffic,
		prompt,
		intro_message: str(agentConfig.intro_message ?? config.intro_message),
		custom_variables: strings(agentConfig.custom_variables ?? config.custom_variables),
		voice: isPlainObject(config.voice) ? config.voice : null,
		language: str(config.language),
		secondary_language: str(config.secondary_language),
		secondary_voice_id: str(config.secondary_voice_id),
		knowledge_bases: Array.isArray(config.knowledge_bases) ? config.knowledge_bases : null,
		event_subscriptions: subscriptionList(config.event_subscriptions),
		prompt_variables: prompt === null ? [] : promptPlaceholders(prompt),
	};
}

const label = (v: VersionView) => v.version_slug ?? v.version_id ?? '?';

/** Whether the record is the versioned (live) shape. */
export const isVersioned = (agent: IDataObject): boolean => isPlainObject(agent.version_details);

/**
 * The live version: the declared one (`active_agent_version_id`), else during an A/B test
 * the one with the most traffic, else the only one. A tie for the most traffic is ambiguous:
 * it is said (`note`), not guessed.
 */
export function resolveLive(agent: IDataObject): LiveVersion {
	if (!isVersioned(agent)) {
		const version = isPlainObject(agent.version) ? agent.version : {};
		const v = view(
			agent,
			str(agent.agent_version_id) ?? str(version.version_id),
			str(version.version_slug),
			null,
		);
		return { resolution: 'flat', live: v, versions: [v], taking_calls: [v], note: null };
	}
	const details = agent.version_details as IDataObject;
	const ab = isPlainObject(agent.ab_versions) ? agent.ab_versions : {};
	const versions = Object.entries(details)
		.filter(([, d]) => isPlainObject(d))
		.map(([id, d]) => {
			const detail = d as IDataObject;
			const test = isPlainObject(ab[id]) ? (ab[id] as IDataObject) : {};
			return view(
				detail,
				str(detail.version_id) ?? id,
				str(detail.version_slug) ?? str(test.slug),
				num(test.call_traffic),
			);
		});
	const done = (
		resolution: Resolution,
		live: VersionView | undefined,
		taking: VersionView[],
		note: string | null,
	) => ({ resolution, live, versions, taking_calls: taking, note }) as LiveVersion;
	if (versions.length === 0) return done('none', undefined, [], 'The assistant has no versions.');
	const activeId = str(agent.active_agent_version_id);
	const active = activeId ? versions.find((v) => v.version_id === activeId) : undefined;
	if (active) return done('active', active, [active], null);
	const withTraffic = versions.filter((v) => (v.call_traffic ?? 0) > 0);
	if (withTraffic.length > 0) {
		const top = Math.max(...withTraffic.map((v) => v.call_traffic ?? 0));
		const leaders = withTraffic.filter((v) => v.call_traffic === top);
		const split = withTraffic.map((v) => `${label(v)} ${v.call_traffic}%`).join(', ');
		if (leaders.length === 1) {
			const note =
				withTraffic.length > 1
					? `A/B test running (${split}): ${label(leaders[0])} takes most calls and is shown as live; calls can land on any version with traffic.`
					: null;
			return done('traffic', leaders[0], withTraffic, note);
		}
		return done(
			'ambiguous',
			undefined,
			withTraffic,
			`A/B test split evenly (${split}): no single live version. Each version is under "versions"; pick one with Version where an operation offers it.`,
		);
	}
	if (versions.length === 1) return done('only', versions[0], versions, null);
	return done(
		'ambiguous',
		undefined,
		versions,
		'No active version and no traffic split: the live version cannot be told.',
	);
}

/** The prompt variables a call may need: those of every version that can take it. */
export function promptVariablesTakingCalls(live: LiveVersion): string[] {
	const names: string[] = [];
	for (const v of live.taking_calls)
		for (const n of v.prompt_variables) if (!names.includes(n)) names.push(n);
	return names;
}

/**
 * What Assistant › Get outputs: a normalised view of the live version beside the raw
 * record (`raw`, as the service sent it).
 */
export function assistantView(agent: IDataObject): IDataObject {
	const live = resolveLive(agent);
	const multiNode = agent.orchestration_mode === 'multi_node';
	const v = live.live;
	const out: IDataObject = {
		id: agent.id ?? null,
		agent_display_name: agent.agent_display_name ?? null,
		agent_type: agent.agent_type ?? null,
		orchestration_mode: agent.orchestration_mode ?? null,
		shape: live.resolution === 'flat' ? 'flat' : 'versioned',
		version: v ? { version_id: v.version_id, version_slug: v.version_slug } : null,
		version_resolved_by: live.resolution,
		version_note: live.note,
		ab_test_live:
			agent.is_ab_live === true || (live.resolution !== 'flat' && live.taking_calls.length > 1),
		prompt: v?.prompt ?? null,
		intro_message: v?.intro_message ?? null,
		custom_variables: v?.custom_variables ?? [],
		voice: v?.voice ?? null,
		language: v?.language ?? null,
		secondary_language: v?.secondary_language ?? null,
		knowledge_bases: v?.knowledge_bases ?? null,
		event_subscriptions: (v?.event_subscriptions ?? []) as IDataObject[],
		prompt_variables: promptVariablesTakingCalls(live),
		prompt_variables_note: multiNode
			? 'multi_node assistant: its prompts live in its nodes and are not readable through the API, so no prompt variables can be listed. Check the assistant in the dashboard.'
			: null,
		versions: live.versions as unknown as IDataObject[],
		raw: agent,
	};
	return out;
}

/** The variables an assistant's calls use, or undefined with the reason when it cannot be told. */
export interface UsedVariables {
	variables: string[] | undefined;
	note?: string;
}

/**
 * The `@{{name}}` placeholders a call with this assistant fills: those of the prompt and the
 * intro message of the version that takes it (the given version, else every version taking
 * calls: the live one, or each version with traffic in an A/B test). A multi_node assistant
 * has no readable prompt (agent_prompt null), nor has a version without one: then undefined.
 */
export function usedPromptVariables(agent: IDataObject, versionId?: string): UsedVariables {
	if (agent.orchestration_mode === 'multi_node') {
		return {
			variables: undefined,
			note: 'multi_node assistant: its prompts live in its nodes and cannot be read through the API, so the variables it uses were not checked',
		};
	}
	const live = resolveLive(agent);
	let versions = live.taking_calls;
	if (versionId && live.resolution !== 'flat') {
		const chosen = live.versions.find((v) => v.version_id === versionId);
		if (!chosen) {
			return {
				variables: undefined,
				note: `the assistant has no version ${versionId}, so the variables it uses were not checked`,
			};
		}
		versions = [chosen];
	}
	if (versions.length === 0 || versions.some((v) => v.prompt === null)) {
		return {
			variables: undefined,
			note: `the assistant's prompt cannot be read${live.note ? ` (${live.note})` : ''}, so the variables it uses were not checked`,
		};
	}
	const names: string[] = [];
	for (const v of versions)
		for (const n of [...v.prompt_variables, ...promptPlaceholders(v.intro_message ?? '')])
			if (!names.includes(n)) names.push(n);
	return { variables: names };
}
