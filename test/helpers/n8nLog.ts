/**
 * A failure of an end-to-end file, told with the n8n log behind it. The log goes after the
 * failure's own message, cut to what explains a run: n8n's deprecation notices and stack
 * frames are dropped (a frame line in a message also makes jest take the message for the
 * stack), and only the last lines are kept, so that the failure's diff stays in the first
 * lines a CI summary shows. A failed expectation keeps its own stack, so the code frame
 * still points at it.
 */
const NOISE = [
	/^\s+at /,
	/^\s+- N8N_[A-Z_]+ -> /,
	/^There are deprecations related to your n8n setup/,
	/^\s*$/,
];

/** The lines of an n8n log worth reading beside a failure: the last `keep` of them. */
export function n8nLogTail(log: string, keep = 40): string {
	const lines = log.split(/\r?\n/).filter((line) => !NOISE.some((noise) => noise.test(line)));
	const cut = lines.length - keep;
	return [...(cut > 0 ? [`(${cut} earlier lines left out)`] : []), ...lines.slice(-keep)].join(
		'\n',
	);
}

/** `error` (an Error thrown again, its stack kept) with the n8n log's tail after its message. */
export function withN8nLog(error: unknown, log: string): Error {
	const failure = error instanceof Error ? error : new Error(String(error));
	const own = failure.message;
	failure.message = `${own}\n--- n8n log (its end) ---\n${n8nLogTail(log)}`;
	// Jest reads the message from the stack where the stack holds it.
	if (typeof failure.stack === 'string' && own && failure.stack.includes(own))
		failure.stack = failure.stack.replace(own, () => failure.message);
	return failure;
}
