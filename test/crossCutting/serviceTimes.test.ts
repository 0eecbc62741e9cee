/**
 * One reader of the service's times (nodes/shared/engine/serviceTime.ts): Date.parse reads a
 * time without an offset in the zone n8n runs in, so no file of nodes/ calls it, nor builds a
 * Date from text, but for the texts listed here, each with why it is not a service time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { filesUnder, ROOT } from '../helpers/sources';

const NOT_SERVICE_TIMES: Record<string, string> = {
	'nodes/shared/http/retryPolicy.ts': 'Retry-After, an HTTP-date (always GMT)',
	'nodes/shared/campaigns/campaigns.ts': 'the Date header of an answer, an HTTP-date (always GMT)',
	'nodes/shared/engine/dateTime.ts': "a user's date with an offset (one without goes to the zone)",
	'nodes/shared/calls/pendingCalls.ts': "Check Calls' own deadline, written by toISOString",
	'nodes/VoiceAgentCalling/actions/call/checkCalls.operation.ts': 'the same deadline',
};

/** `Date.parse(`, and `new Date(` of text (a string, String(…), a template). */
const PARSES = /\bDate\.parse\s*\(|\bnew Date\(\s*(?:['"`]|String\()/;

test("no file of nodes/ parses a time's text but the one reader (and the texts listed)", () => {
	const parsing = filesUnder('nodes')
		.filter((file) => PARSES.test(readFileSync(path.join(ROOT, file), 'utf8')))
		.sort();
	// The scan finds what it looks for (a file listed here may stop parsing: that is fine).
	expect(parsing).toContain('nodes/shared/http/retryPolicy.ts');
	expect(parsing.filter((file) => !(file in NOT_SERVICE_TIMES))).toEqual([]);
});
