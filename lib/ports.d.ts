/** Types of lib/ports.js: the one way a script or test gets a port for a process it starts. */
export const LOCK_DIR: string;
/** How many times a start is tried with fresh ports before its error is final. */
export const PORT_TRIES: number;
/** Pool ports never handed out: the Fetch standard's bad ports (fetch and browsers refuse them). */
export const UNSAFE_PORTS: Set<number>;
export function ephemeralRange(): { low: number; high: number };
/** The ranges ports are taken from: outside the kernel's ephemeral range. */
export function pool(): Array<[number, number]>;
/** Distinct ports, each locked for this process and found bindable, until released or exit. */
export function reservePorts(count: number): Promise<number[]>;
export function releasePorts(ports: Iterable<number>): void;
/** The port a start failed on because it was in use (0: in use, port not named), else undefined. */
export function portInUse(errorOrText: unknown): number | undefined;
/** Runs start on fresh reserved ports, again on new ones when a port was in use (bounded). */
export function withPorts<T>(
	count: number,
	start: (ports: number[], attempt: number) => Promise<T>,
	options: { what: string; tries?: number; onRetry?: (port: number, attempt: number) => void },
): Promise<{ value: T; ports: number[]; attempts: number }>;
export function bindable(port: number): Promise<boolean>;
/**
 * Listens on a port of its own: the given one (an error names it when taken), or a reserved
 * fresh one (again on another when taken). The port stays reserved until `release()`.
 */
export function listenOnPort(
	server: import('node:net').Server,
	options: { port?: number; what: string },
): Promise<{ port: number; release(): void }>;
/** For tests: takes one port's lock (true) or says another live process holds it (false). */
export function lock(port: number): boolean;
export function lockFile(port: number): string;
