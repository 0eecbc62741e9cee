/** A Dry Run Report's summary (Start's and Create's): how many rows, called and skipped why. */
export const dryRunSummary = (
	rows: number,
	wouldCall: number,
	skipped: Partial<Record<(typeof SKIPS)[number], number>> = {},
) => ({
	rows,
	would_call: wouldCall,
	skipped: { ...Object.fromEntries(SKIPS.map((why) => [why, 0])), ...skipped },
});

/** Every reason a row is skipped, in the report's order. */
const SKIPS = [
	'do_not_call',
	'invalid_number',
	'missing_prompt_variable',
	'zone_unknown',
	'invalid_input',
] as const;

/** A Dry Run Report's call_window: the window in its zone and when the first call would ring. */
export const callWindow = (
	timezone: string,
	start: string | null,
	end: string | null,
	firstCallAt: string,
) => ({ timezone, window_start: start, window_end: end, first_call_at: firstCallAt });
