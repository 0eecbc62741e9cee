/**
 * Date.now as a test file moves it: each test first resets the file's own clock (its
 * `let now`, set back to where the file starts), then reads it through `now`; restored after.
 */
export function mockNow(now: () => number, reset: () => void): void {
	beforeEach(() => {
		reset();
		jest.spyOn(Date, 'now').mockImplementation(now);
	});
	afterEach(() => jest.restoreAllMocks());
}
