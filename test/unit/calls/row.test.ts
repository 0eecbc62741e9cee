/** A history row's id hash: the cursor's memory keys calls by it. */
import { hash30 } from '../../../nodes/shared/calls/row';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

test('hash30 is deterministic, 30 bits, and spreads', () => {
	expect(hash30(id(1))).toBe(hash30(id(1)));
	const seen = new Set<number>();
	let low = Infinity;
	let high = -Infinity;
	for (let n = 0; n < 20_000; n++) {
		const h = hash30(id(n));
		low = Math.min(low, h);
		high = Math.max(high, h);
		seen.add(h);
	}
	expect(low).toBeGreaterThanOrEqual(0);
	expect(high).toBeLessThan(2 ** 30);
	expect(high).toBeGreaterThan(2 ** 29);
	expect(Number.isInteger(low) && Number.isInteger(high)).toBe(true);
	expect(seen.size).toBeGreaterThan(19_990);
});
