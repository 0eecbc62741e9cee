/**
 * The dates every read of the call history sends: the service reads a missing start_date or
 * end_date as a fixed day of September 2025 (FACTS, "History and call details"), so a bound
 * the node leaves open is sent as the floor, or as a day past the node's clock.
 */
export const HISTORY_FLOOR = '2020-01-01T00:00:00+00:00';

/** end_date of a read made at `nowMs` (whole seconds). */
export const dayAfter = (nowMs: number) =>
	new Date(nowMs + 86_400_000).toISOString().replace('.000Z', '+00:00');

/** A history query as sent at `nowMs`: its own dates, else the floor and a day past now. */
export const withDates = (query: Record<string, string>, nowMs: number) => ({
	start_date: HISTORY_FLOOR,
	end_date: dayAfter(nowMs),
	...query,
});
