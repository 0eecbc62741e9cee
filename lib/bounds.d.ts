/** Types of lib/bounds.js for the TypeScript suites. */
export type BoundName =
	| 'uiWait'
	| 'uiAttempt'
	| 'uiSettle'
	| 'uiListSettle'
	| 'uiToast'
	| 'devStart'
	| 'devStop'
	| 'exec'
	| 'n8nCli'
	| 'n8nStart'
	| 'serviceStart'
	| 'publication'
	| 'stopGrace'
	| 'probe'
	| 'event'
	| 'campaignRun'
	| 'poll'
	| 'quiet'
	| 'unitTest'
	| 'fuzzTest'
	| 'propertyTest'
	| 'e2eTest'
	| 'queueTest'
	| 'massStart';

export const BOUNDS: Record<BoundName, { ms: number; why: string }>;
/** TEST_BOUNDS_SCALE (1 unless set). */
export const SCALE: number;
/** A bound in ms, scaled; `times` for a wait of several events (N polls). */
export function bound(name: BoundName, times?: number): number;
