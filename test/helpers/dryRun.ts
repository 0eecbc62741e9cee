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
