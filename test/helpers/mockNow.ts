/**
 * Date.now as a test file moves it: read through `now` (the file's own `let now`, which the
 * file sets back to its start before each test) for each test, restored after.
 */
export function mockNow(now: () => number): void {
	beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(now));
	afterEach(() => jest.restoreAllMocks());
}
