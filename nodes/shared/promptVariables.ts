/**
 * `@{{variable_name}}` placeholders in an assistant prompt. The service fills them from a
 * call's custom variables; a placeholder that is not among them is likely a typo, so the
 * prompt edit warns about it (it does not fail: the list the user gave may be incomplete).
 */

const PLACEHOLDER_RE = /@\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Names used as `@{{name}}` in the prompt, each once, in order of first use. */
export function promptPlaceholders(prompt: string): string[] {
	const names: string[] = [];
	for (const match of prompt.matchAll(PLACEHOLDER_RE)) {
		if (!names.includes(match[1])) names.push(match[1]);
	}
	return names;
}

/** Placeholders of the prompt that are not among the known variable names. */
export function unknownPlaceholders(prompt: string, known: string[]): string[] {
	const knownSet = new Set(known);
	return promptPlaceholders(prompt).filter((name) => !knownSet.has(name));
}

/** One readable warning per unknown placeholder; none when `known` is not given. */
export function placeholderWarnings(prompt: string, known: string[] | undefined): string[] {
	if (!known) return [];
	const knownText = known.length ? known.join(', ') : 'none given';
	return unknownPlaceholders(prompt, known).map(
		(name) =>
			`The prompt uses @{{${name}}}, which is not among the Known Custom Variables (${knownText}). ` +
			'Add it with Update Custom Variables and pass a value for it when starting calls, or it may stay unfilled.',
	);
}
