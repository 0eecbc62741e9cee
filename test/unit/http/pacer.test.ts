/**
 * A workspace's pace (nodes/shared/http/pacer.ts) on a clock the test moves: no real wait.
 * What it asks to sleep is recorded; a sleep moves the clock by that much.
 */
import fc from 'fast-check';

import {
	forgetPaces,
	PACING,
	paceOf,
	workspaceKey,
	WorkspacePace,
	type Slot,
} from '../../../nodes/shared/http/pacer';

let t = 0;
const sleeps: number[] = [];
const pace = () =>
	new WorkspacePace(
		() => t,
		async (ms) => {
			sleeps.push(ms);
			t += ms;
			await Promise.resolve();
		},
	);
beforeEach(() => {
	t = 1_000_000;
	sleeps.length = 0;
});

/** Resolves once every acquire that can go has gone (a few turns of the microtask queue). */
const turns = async (n = 20) => {
	for (let i = 0; i < n; i++) await Promise.resolve();
};

async function take(p: WorkspacePace, count: number): Promise<Slot[]> {
	return await Promise.all(Array.from({ length: count }, async () => await p.acquire()));
}

describe('requests at once', () => {
	test('a 429 halves them once per burst; answers raise them one step per round until no limit is left', async () => {
		const p = pace();
		const burst = await take(p, 8);
		expect(p.limit).toBeUndefined();
		// The whole burst is refused: one cut (8 at once -> 4), not eight.
		expect(burst.map((slot) => p.limited(slot, 1000))).toEqual(Array(8).fill(1000));
		expect(p.limit).toBe(4);
		expect(p.inFlight).toBe(0);

		// After the pause four leave, a fifth waits for an answer, not for a timer.
		let fifth: Slot | undefined;
		const four = await take(p, 4);
		expect(sleeps).toEqual([1000]);
		void p.acquire().then((slot) => (fifth = slot));
		await turns();
		expect(fifth).toBeUndefined();
		p.answered();
		await turns();
		expect(fifth).toBeDefined();

		// A 429 of a request sent after the cut cuts again: 4 at once -> 2.
		p.limited(four[1], 0);
		expect(p.limit).toBe(2);
		for (let k = 0; k < 3; k++) p.answered();

		// Speeding up: one more at once per `limit` answers, until the limit is gone.
		const limits: Array<number | undefined> = [];
		while (p.limit !== undefined) {
			await take(p, 1);
			p.answered();
			limits.push(p.limit);
		}
		const expected: Array<number | undefined> = [];
		for (let limit = 2; limit < PACING.openAt; limit++) {
			for (let k = 1; k < limit; k++) expected.push(limit);
			expected.push(limit + 1 === PACING.openAt ? undefined : limit + 1);
		}
		// The three answers given above: two took it to 3, one counts towards 4.
		expect(limits).toEqual(expected.slice(3));
	});

	test('halves what the service carried when it refused, not what is left when the answer comes', async () => {
		const p = pace();
		const eight = await take(p, 8);
		for (const _ of eight.slice(0, 6)) p.answered();
		t += 1;
		p.limited(eight[6], 1000);
		expect(p.limit).toBe(4);
	});

	test('never below one, and never above what was in flight', async () => {
		const p = pace();
		const [only] = await take(p, 1);
		p.limited(only, 0);
		expect(p.limit).toBe(1);
		const [again] = await take(p, 1);
		t += 1;
		p.limited(again, 0);
		expect(p.limit).toBe(1);
	});

	test('a lost answer frees its slot and changes nothing else', async () => {
		const p = pace();
		const [a] = await take(p, 2);
		p.limited(a, 10);
		expect(p.limit).toBe(1);
		p.dropped();
		expect(p).toMatchObject({ limit: 1, inFlight: 0, strikes: 1 });
	});
});

describe('the pause', () => {
	test('Retry-After holds every request of the workspace, including those that come later', async () => {
		const p = pace();
		const [a] = await take(p, 1);
		expect(p.limited(a, 7000)).toBe(7000);
		t += 2000;
		await take(p, 1);
		expect(sleeps).toEqual([5000]);
		expect(t).toBe(1_000_000 + 7000);
	});

	test('without Retry-After: a backoff doubling per 429 in a row, capped; an answer resets it', async () => {
		const p = pace();
		const delays: number[] = [];
		for (let n = 0; n < 8; n++) {
			const [slot] = await take(p, 1);
			delays.push(p.limited(slot, undefined));
		}
		expect(delays).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000, 2000]);
		await take(p, 1);
		p.answered();
		const [slot] = await take(p, 1);
		expect(p.limited(slot, undefined)).toBe(250);
	});

	test('a longer Retry-After of another request is never shortened', async () => {
		const p = pace();
		const [a, b] = await take(p, 2);
		p.limited(a, 9000);
		p.limited(b, 1000);
		await take(p, 1);
		expect(sleeps).toEqual([9000]);
	});

	test('a minute without a 429: the pace is forgotten, full speed again', async () => {
		const p = pace();
		const [a] = await take(p, 1);
		p.limited(a, 0);
		expect(p.limit).toBe(1);
		t += PACING.forgetAfterMs;
		await take(p, 5);
		expect(p.limit).toBeUndefined();
		expect(p.inFlight).toBe(5);
	});
});

test('property: whatever the answers, every acquire is served, the limit stays at least 1, no slot is lost', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.constantFrom<'ok' | 'limited' | 'limitedRA' | 'lost'>(
					'ok',
					'limited',
					'limitedRA',
					'lost',
				),
				{
					minLength: 1,
					maxLength: 60,
				},
			),
			fc.integer({ min: 1, max: 12 }),
			async (answers, width) => {
				t = 0;
				const p = pace();
				let next = 0;
				let served = 0;
				const worker = async () => {
					while (next < answers.length) {
						const answer = answers[next++];
						const slot = await p.acquire();
						expect(p.limit === undefined || p.limit >= 1).toBe(true);
						served++;
						await Promise.resolve();
						t += 1;
						if (answer === 'ok') p.answered();
						else if (answer === 'lost') p.dropped();
						else p.limited(slot, answer === 'limitedRA' ? 1000 : undefined);
					}
				};
				await Promise.all(Array.from({ length: width }, worker));
				expect(served).toBe(answers.length);
				expect(p.inFlight).toBe(0);
			},
		),
		{ numRuns: 200 },
	);
});

describe('one pace per workspace for each node run', () => {
	afterEach(() => forgetPaces());
	const run = {};

	test('by run, Base URL and key; the key itself is not kept', () => {
		const url = 'https://api.example.com/ca/api/v0';
		expect(paceOf(run, url, 'key-a')).toBe(paceOf(run, url, 'key-a'));
		expect(paceOf(run, url, 'key-a')).not.toBe(paceOf(run, url, 'key-b'));
		expect(paceOf(run, url, 'key-a')).not.toBe(
			paceOf(run, 'https://other.example.com/v0', 'key-a'),
		);
		// Another run (another execution, a Retry On Fail try) paces itself.
		expect(paceOf({}, url, 'key-a')).not.toBe(paceOf(run, url, 'key-a'));
		const key = workspaceKey(url, 'secret-key-123456');
		expect(key).not.toContain('secret-key');
		expect(key).toMatch(/^https:\/\/api\.example\.com\/ca\/api\/v0 [0-9a-f]{16}$/);
	});

	test('forgetPaces starts every workspace afresh', () => {
		const first = paceOf(run, 'https://a.example.com', 'k');
		forgetPaces();
		expect(paceOf(run, 'https://a.example.com', 'k')).not.toBe(first);
	});
});
