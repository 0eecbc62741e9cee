import { MAX_PAGES, PAGE } from '../engine/dropdowns';

/**
 * Offset paging. By default it stops on a short page (fewer rows than asked for). A numeric
 * `total` may end paging early once it is reached, but is never the only signal: the service
 * has been seen reporting `total: "many"`, so a non-numeric total is ignored.
 *
 * With `provenEnd`, a short page alone is not taken as the end, since a service may cap its
 * pages below the size asked for (50 rows for limit=100). Paging then stops only on proof:
 * an empty page, a numeric total reached (with `trustTotal`), or a page shorter than the
 * answer's own echoed `limit`. A short page without a numeric echoed limit costs one more
 * request (that next page proves the end by being empty).
 */
export interface Page<T> {
	rows: T[];
	total?: unknown;
	/** The page size the answer says it used (its echoed `limit`); read with `provenEnd`. */
	limit?: unknown;
}

export interface PaginateOptions<T = unknown> {
	pageSize: number;
	/** Stop once this many rows are collected (Limit); undefined = all. */
	max?: number;
	/** Stop once a numeric total is reached (set where the endpoint's total is reliable). */
	trustTotal?: boolean;
	/** Safety net against a server that ignores offset. */
	maxPages?: number;
	/** Stop only when a page proves the end (see above), not on any short page. */
	provenEnd?: boolean;
	/** Asked after every page with all rows so far: true stops (the caller has what it needs). */
	enough?: (rows: T[]) => boolean;
}

const isCount = (value: unknown): value is number =>
	typeof value === 'number' && Number.isInteger(value) && value >= 0;

export async function paginate<T>(
	fetchPage: (offset: number, limit: number) => Promise<Page<T>>,
	options: PaginateOptions<T>,
): Promise<T[]> {
	const {
		pageSize,
		max,
		trustTotal = false,
		maxPages = 100000,
		provenEnd = false,
		enough,
	} = options;
	const all: T[] = [];
	let offset = 0;
	for (let pages = 0; pages < maxPages; pages++) {
		const want = max === undefined ? pageSize : Math.min(pageSize, max - all.length);
		if (want <= 0) break;
		const { rows, total, limit } = await fetchPage(offset, want);
		all.push(...rows);
		offset += rows.length;
		if (max !== undefined && all.length >= max) break;
		if (enough?.(all)) break;
		if (trustTotal && typeof total === 'number' && Number.isFinite(total) && offset >= total) break;
		if (!provenEnd) {
			if (rows.length < want) break;
		} else if (rows.length === 0 || (isCount(limit) && limit > 0 && rows.length < limit)) {
			break;
		}
	}
	return max === undefined ? all : all.slice(0, max);
}

/** Every page of a dropdown's list, within the dropdown bound (PAGE rows a page, MAX_PAGES). */
export async function allPages<T>(fetchPage: (offset: number) => Promise<Page<T>>): Promise<T[]> {
	return await paginate<T>(async (offset) => await fetchPage(offset), {
		pageSize: PAGE,
		maxPages: MAX_PAGES,
	});
}
