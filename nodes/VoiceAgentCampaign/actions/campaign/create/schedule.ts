/**
 * A campaign's start and end as the service reads them: `DD/MM/YYYY, HH:MM` in the time zone
 * of its call window (`call_config.call_time.timezone`), minutes only.
 */
import { toLocalDateTime } from '../../../../shared/engine/dateTime';

const MINUTE = 60_000;

/**
 * `DD/MM/YYYY, HH:MM` of an instant in the zone, to the minute: a start rounded up (the
 * campaign never rings before the Start given), an end down (nor after the End).
 */
export function campaignTime(
	instantMs: number,
	zone: string,
	round: 'up' | 'down' = 'down',
): string {
	const minute = (round === 'up' ? Math.ceil : Math.floor)(instantMs / MINUTE) * MINUTE;
	const local = toLocalDateTime(minute, zone); // YYYY-MM-DDTHH:MM:SS
	const [, y, mo, d, h, mi] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local)!;
	return `${d}/${mo}/${y}, ${h}:${mi}`;
}

/**
 * Why a start and end cannot be sent, or undefined. The start must be ahead of now (its minute
 * is sent rounded up), the end's minute (rounded down) at least a minute after the start's.
 */
export function windowProblem(
	startMs: number,
	endMs: number,
	nowMs: number,
): { field: 'Start' | 'End'; problem: string } | undefined {
	const startMinute = Math.ceil(startMs / MINUTE) * MINUTE;
	if (startMs <= nowMs) {
		return {
			field: 'Start',
			problem: 'is not in the future',
		};
	}
	if (Math.floor(endMs / MINUTE) * MINUTE <= startMinute) {
		return { field: 'End', problem: 'must be at least a minute after the start' };
	}
	return undefined;
}
