/**
 * A campaign's start and end as the service reads them: `DD/MM/YYYY, HH:MM` in the time zone
 * of its call window (`call_config.call_time.timezone`), minutes only.
 */
import { toLocalDateTime } from '../../../../shared/engine/dateTime';

const MINUTE = 60_000;

/** `DD/MM/YYYY, HH:MM` of an instant in the zone (seconds dropped). */
export function campaignTime(instantMs: number, zone: string): string {
	const local = toLocalDateTime(instantMs, zone); // YYYY-MM-DDTHH:MM:SS
	const [, y, mo, d, h, mi] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local)!;
	return `${d}/${mo}/${y}, ${h}:${mi}`;
}

/**
 * Why a start and end cannot be sent, or undefined. The minute sent is the one the instant
 * falls in, so that minute itself must still be ahead of now.
 */
export function windowProblem(
	startMs: number,
	endMs: number,
	nowMs: number,
): { field: 'Start' | 'End'; problem: string } | undefined {
	const startMinute = Math.floor(startMs / MINUTE) * MINUTE;
	if (startMinute <= nowMs) {
		return {
			field: 'Start',
			problem: 'is not in the future (the service needs a start at least a minute ahead)',
		};
	}
	if (Math.floor(endMs / MINUTE) * MINUTE <= startMinute) {
		return { field: 'End', problem: 'must be at least a minute after the start' };
	}
	return undefined;
}
