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

/**
 * Variables a call must give and does not: `used` (the assistant's placeholders) less the
 * names in `given`, in the order of `used`. Pure, shared by Start and Campaign Create; the
 * caller decides what counts as given (e.g. only variables with a value that is not blank).
 */
export function missingPromptVariables(used: string[], given: Iterable<string>): string[] {
	const have = new Set(given);
	return used.filter((name, at) => !have.has(name) && used.indexOf(name) === at);
}

/**
 * Variables the service fills from the call itself: the callee's number always, the callee's
 * name when the call has one (the start answer's custom_args_values hold both, SPEC.md).
 */
export function variablesOfTheCall(call: { name?: unknown; mobile_number?: unknown }): string[] {
	const filled: string[] = [];
	if (typeof call.name === 'string' && call.name.trim() !== '') filled.push('callee_name');
	if (typeof call.mobile_number === 'string' && call.mobile_number !== '')
		filled.push('mobile_number');
	return filled;
}

/** `@{{a}}, @{{b}}`: placeholders as the user writes them in the prompt. */
export const asPlaceholders = (names: string[]): string =>
	names.map((name) => `@{{${name}}}`).join(', ');

/** The words of a refusal or a warning about a row's missing variables (not its label). */
export function missingVariablesText(missing: string[], used: string[]): string {
	return (
		`the assistant uses ${asPlaceholders(missing)} but this row gives no value for ` +
		`${missing.length === 1 ? 'it' : 'them'} (its prompt and intro use ${asPlaceholders(used)})`
	);
}
