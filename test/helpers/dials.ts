/**
 * How many times each number was dialled, from the numbers of the start requests (the
 * sandbox's ledger, or a mocked service's log), in the order first dialled: what every
 * "nobody dialled twice" check counts.
 */
export function dialsPerNumber(numbers: Iterable<unknown>): Map<string, number> {
	const count = new Map<string, number>();
	for (const number of numbers) count.set(String(number), (count.get(String(number)) ?? 0) + 1);
	return count;
}

/** How many numbers were dialled more than once. */
export const dialledTwice = (perNumber: Map<string, number>) =>
	[...perNumber.values()].filter((n) => n > 1).length;
