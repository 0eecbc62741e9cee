/**
 * Offset paging. Stops on a short page (fewer rows than asked for). A numeric `total` may
 * end paging early once it is reached, but is never the only signal: the service has been
 * seen reporting `total: "many"`, so a non-numeric total is ignored.
 */
export interface Page<T> {
	rows: T[];
	total?: unknown;
}

export interface PaginateOptions {
	pageSize: number;
	/** Stop once this many rows are collected (Limit); undefined = all. */
	max?: number;
	/** Stop once a numeric total is reached (set where the endpoint's total is reliable). */
	trustTotal?: boolean;
	/** Safety net against a server that ignores offset. */
	maxPages?: number;
}

export async function paginate<T>(
	fetchPage: (offset: number, limit: number) => Promise<Page<T>>,
	options: PaginateOptions,
): Promise<T[]> {
	const { pageSize, max, trustTotal = false, maxPages = 100000 } = options;
	const all: T[] = [];
	let offset = 0;
	for (let pages = 0; pages < maxPages; pages++) {
		const want = max === undefined ? pageSize : Math.min(pageSize, max - all.length);
		if (want <= 0) break;
		const { rows, total } = await fetchPage(offset, want);
		all.push(...rows);
		offset += rows.length;
		if (rows.length < want) break;
		if (max !== undefined && all.length >= max) break;
		if (trustTotal && typeof total === 'number' && Number.isFinite(total) && offset >= total) break;
	}
	return max === undefined ? all : all.slice(0, max);
}
