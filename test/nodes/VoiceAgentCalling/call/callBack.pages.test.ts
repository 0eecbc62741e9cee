/**
 * Call Back's history pages per item in the Call Ended -> Call Back loop, every minute
 * (helpers/callBackPages.ts: 1,000 calls a day here, each poll's ended calls one run): the
 * items of a run share one read of their window and then read only their own tail, so where
 * the window is long (parent_call_id hidden: Look Back before the source) the run pays for it
 * once, not once per item. With CALLBACK_PAGES_BENCH set, bench/callBackPages.js's matrix runs
 * instead and prints its table.
 */
import { measurePages, type PagesFigures, type PagesOptions } from '../../../helpers/callBackPages';

const BENCH = process.env.CALLBACK_PAGES_BENCH === '1';
const POLLS = 10;

const pages = async (o: Omit<PagesOptions, 'polls' | 'perDay'>) =>
	await measurePages({ perDay: 1000, polls: POLLS, ...o });

const figures = (f: PagesFigures) => [f.items, f.runs, f.historyPages, f.details];

(BENCH ? describe.skip : describe)('1,000 calls a day, 10 polls', () => {
	test('parent_call_id shown: about a page per item, whatever Look Back', async () => {
		for (const lookBackDays of [1, 7]) {
			// 6 items in 3 runs: the first item of each run reads its window (1 page), the other
			// three their tails (one of them, with an older source, its whole window in one
			// read); every source's details once (its status).
			expect(figures(await pages({ lookBackDays, shown: true }))).toEqual([6, 3, 6, 6]);
			expect(figures(await pages({ lookBackDays, shown: true, alone: true }))).toEqual([
				6, 6, 6, 6,
			]);
		}
	});

	test('parent_call_id hidden: each run reads Look Back once, shared by its items', async () => {
		// A day of 1,000 calls is 10 pages; 7 days 70: once a run (3 runs), not once an item (6).
		expect(figures(await pages({ lookBackDays: 1, shown: false }))).toEqual([6, 3, 37, 6]);
		expect(figures(await pages({ lookBackDays: 1, shown: false, alone: true }))).toEqual([
			6, 6, 66, 6,
		]);
		expect(figures(await pages({ lookBackDays: 7, shown: false }))).toEqual([6, 3, 217, 6]);
	});
});

(BENCH ? describe.skip : describe)(
	'10,000 calls a day, 15 % ending hours after they were made',
	() => {
		test("a call-back is looked for from where the source's last attempt began, when its row says", async () => {
			const o = { perDay: 10_000, polls: POLLS, lookBackDays: 7, shown: true } as const;
			// 64 items in 10 runs. From the attempt: a page per item (the run's window is minutes).
			// From when each source was made (a row without call_attempt_time): a run with a source
			// made hours before pages through the hours between, 4.9 pages per item.
			const since = figures(await measurePages({ ...o, attemptTimes: true }));
			const created = figures(await measurePages(o));
			expect({ since, created }).toEqual({ since: [64, 10, 64, 64], created: [64, 10, 315, 64] });
		});
	},
);

/** The bench's matrix (bench/callBackPages.js): pages per item, against each item alone. */
(BENCH ? test : test.skip)('bench: history pages per item', async () => {
	const perDays = (process.env.PER_DAY ?? '1000,10000').split(',').map(Number);
	const polls = Number(process.env.POLLS ?? 10);
	const alonePolls = Number(process.env.ALONE_POLLS ?? 2);
	const ages = process.env.AGES === 'young' ? 'young' : 'mixed';
	const out = (line: string) => process.stdout.write(`${line}\n`);
	const perItem: Record<string, number> = {};
	out(
		`sources: ${ages}; ${polls} polls of a minute (the baseline, each item alone: ${alonePolls})`,
	);
	out(
		'calls/day  look back  parent_call_id  items  runs  pages  pages/item  details/item  alone pages/item  alone/shared',
	);
	for (const perDay of perDays)
		for (const shown of [true, false])
			for (const lookBackDays of [1, 7]) {
				const o = { perDay, lookBackDays, shown, polls, ages } as const;
				const f = await measurePages(o);
				const a = await measurePages({ ...o, polls: alonePolls, alone: true });
				perItem[`${perDay} ${shown} ${lookBackDays}`] = f.pagesPerItem;
				out(
					[
						String(perDay).padStart(9),
						String(lookBackDays).padStart(9),
						(shown ? 'shown' : 'hidden').padStart(14),
						String(f.items).padStart(5),
						String(f.runs).padStart(5),
						String(f.historyPages).padStart(6),
						f.pagesPerItem.toFixed(2).padStart(10),
						f.detailsPerItem.toFixed(2).padStart(12),
						a.pagesPerItem.toFixed(2).padStart(16),
						(a.pagesPerItem / f.pagesPerItem).toFixed(2).padStart(12),
					].join('  '),
				);
			}
	for (const shown of [true, false]) {
		const name = shown ? 'shown' : 'hidden';
		for (const perDay of perDays) {
			const r = perItem[`${perDay} ${shown} 7`] / perItem[`${perDay} ${shown} 1`];
			out(`ratio Look Back 7 / 1, ${perDay}/day, parent_call_id ${name}: ${r.toFixed(2)}`);
		}
		if (perDays.length > 1)
			for (const lookBackDays of [1, 7]) {
				const [lo, hi] = [perDays[0], perDays[perDays.length - 1]];
				const r =
					perItem[`${hi} ${shown} ${lookBackDays}`] / perItem[`${lo} ${shown} ${lookBackDays}`];
				out(
					`ratio ${hi} / ${lo} calls a day, Look Back ${lookBackDays}, parent_call_id ${name}: ${r.toFixed(2)}`,
				);
			}
	}
});
