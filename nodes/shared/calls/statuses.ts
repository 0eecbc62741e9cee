/**
 * Call statuses, as the service reports them (`status` in history rows and events,
 * `call_status` in call details): registered (queued or scheduled), ongoing, retry (another
 * attempt follows), completed, failed (retries exhausted), error, cancelled, forwarded.
 */
export const CALL_STATUSES = [
	'registered',
	'ongoing',
	'retry',
	'completed',
	'failed',
	'error',
	'cancelled',
	'forwarded',
] as const;

/**
 * Statuses after which nothing more happens to a call (vendor reference, 2026-08: forwarded,
 * a call transferred before connecting, is final too). Any other status, known or not, is
 * passed on unchanged and not taken as the end.
 */
export const TERMINAL_STATUSES: readonly string[] = [
	'completed',
	'failed',
	'error',
	'cancelled',
	'forwarded',
];

/** Whether a status (any case, surrounding spaces ignored) ends the call. */
export function isTerminalStatus(status: unknown): boolean {
	return typeof status === 'string' && TERMINAL_STATUSES.includes(status.trim().toLowerCase());
}
