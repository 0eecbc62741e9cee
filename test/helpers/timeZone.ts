/**
 * Runs a file's tests in a given process time zone (TZ), as n8n runs in whatever zone its host
 * has. The file needs the zone environment (zoneEnvironment.js, by its docblock).
 */

/** The zones the time tests run under: UTC, and one far from it with a half-hour offset. */
export const TEST_ZONES = ['UTC', 'Asia/Kolkata'] as const;

/** Minutes the process's zone is ahead of UTC on 2026-01-01 (Kolkata: 330). */
export const processOffsetMinutes = () => 0 - new Date(2026, 0, 1).getTimezoneOffset();

const EXPECTED_OFFSET: Record<string, number> = { UTC: 0, 'Asia/Kolkata': 330 };

/** Sets the process's zone, and proves it took (a test that runs in UTC alone proves nothing). */
export function setTimeZone(zone: (typeof TEST_ZONES)[number]): void {
	const set = (globalThis as { __setProcessTimeZone?: (zone: string) => void })
		.__setProcessTimeZone;
	if (!set)
		throw new Error('This file needs `@jest-environment ./test/helpers/zoneEnvironment.js`');
	set(zone);
	if (processOffsetMinutes() !== EXPECTED_OFFSET[zone])
		throw new Error(`The process did not change to ${zone}`);
}

/** In a describe block: its tests run with the process in `zone`. */
export function useTimeZone(zone: (typeof TEST_ZONES)[number]): void {
	beforeAll(() => setTimeZone(zone));
}
