/**
 * Requests a node sends at once (Start's pool, the details reads of a round) leave and are
 * answered in no promised order: a test compares them as a set, in this one order (by
 * content), and keeps in sequence only what the code promises (checks before a dial, a
 * retry after its failure, one run after another).
 */
export function unordered<T>(items: readonly T[]): T[] {
	const key = (item: T) => String(JSON.stringify(item));
	return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
