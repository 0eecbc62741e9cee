/**
 * Workflows saved before shared/ moved into rooms (2026-11-27) load and run the same: each
 * node below holds the parameters as they were saved then (the examples' nodes, and settings
 * kept only for old workflows), runs against the sandbox, and its output and errors must equal
 * what the code of that day gave (test/fixtures/saved-2026-11-27.output.json, written by the
 * code before the change with UPDATE_SAVED=1). IDs the sandbox makes and times are replaced by
 * placeholders; everything else is compared whole.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { runNode } from '../helpers/harness';
import { sandboxCredentials, useSandbox } from '../helpers/sandbox';

const GOLDEN = path.join(__dirname, '../fixtures/saved-2026-11-27.output.json');
const AGENT = { __rl: true, mode: 'list', value: 'a1a1a1a1-0000-4000-8000-000000000001' };
const FROM = { __rl: true, mode: 'list', value: '+14155550100' };
const SHEET = [
	{
		name: 'Ada Lovelace',
		phone: '(415) 555-0142',
		clinic: 'Sunrise Clinic',
		date: 'June 9',
		time: '10:30',
	},
	{
		name: 'Bo Chen',
		phone: '415 555 0143',
		clinic: 'Sunrise Clinic',
		date: 'June 9',
		time: '11:00',
	},
];
const items = (rows: IDataObject[]): INodeExecutionData[] => rows.map((json) => ({ json }));

/** Start as the example "Dial a sheet" saved it. */
const DIAL = {
	resource: 'call',
	operation: 'start',
	assistant: AGENT,
	name: '={{ $json.name }}',
	mobileNumber: '={{ $json.phone }}',
	defaultCountryCode: '+1',
	fromNumber: FROM,
	variablesMode: 'row',
	variablesExclude: 'name, phone',
};

/** Each case: a node as saved, its input, and whether it runs with Continue On Fail. */
const CASES: Array<{
	name: string;
	type: string;
	parameters: IDataObject;
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
}> = [
	{
		name: 'Dial a sheet (example), a Dry Run',
		type: 'voiceAgentCalling',
		parameters: { ...DIAL, dryRun: true },
		items: items(SHEET),
	},
	{
		name: 'Start with the old Duplicate Protection collection, called',
		type: 'voiceAgentCalling',
		parameters: { ...DIAL, duplicates: { rerunGuard: 'always', rerunLookbackMinutes: 30 } },
		items: items(SHEET),
	},
	{
		name: 'Start: bad rows under Continue On Fail',
		type: 'voiceAgentCalling',
		parameters: { ...DIAL, name: '', variablesExclude: '' },
		items: items([{ phone: '12' }, { phone: { n: 1 } }, { phone: '' }]),
		continueOnFail: true,
	},
	{
		name: 'Start: a bad country code stops the node',
		type: 'voiceAgentCalling',
		parameters: {
			resource: 'call',
			operation: 'start',
			assistant: AGENT,
			mobileNumber: '4155550142',
			defaultCountryCode: 'USA',
			fromNumber: FROM,
		},
	},
	{
		name: 'Get Many calls',
		type: 'voiceAgentCalling',
		parameters: { resource: 'call', operation: 'getMany', returnAll: true },
	},
	{
		name: 'Campaign Get Many',
		type: 'voiceAgentCampaign',
		parameters: { resource: 'campaign', operation: 'getMany', returnAll: true },
	},
	{
		name: 'Assistant Get',
		type: 'voiceAgentAssistant',
		parameters: { resource: 'assistant', operation: 'get', assistant: AGENT },
	},
	{
		name: 'Workspace numbers',
		type: 'voiceAgentWorkspace',
		parameters: { resource: 'phoneNumber', operation: 'getMany', returnAll: true },
	},
	{
		name: 'Knowledge bases',
		type: 'voiceAgentKnowledgeBase',
		parameters: { resource: 'knowledgeBase', operation: 'getMany', returnAll: true },
	},
];

/** IDs the sandbox makes (numbered by first appearance), its port, and times, as placeholders. */
function normalise(value: unknown): unknown {
	const ids = new Map<string, string>();
	const text = JSON.stringify(value, (_key, v) => (v instanceof Date ? v.toISOString() : v));
	return JSON.parse(
		text
			.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
				if (!ids.has(id)) ids.set(id, `<id ${ids.size + 1}>`);
				return ids.get(id) as string;
			})
			.replace(/http:\/\/127\.0\.0\.1:\d+/g, '<sandbox>')
			.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, '<time>'),
	);
}

let sb: Sandbox;
useSandbox((started) => ({ sb } = started));

const seen: Record<string, unknown> = {};

afterAll(() => {
	if (process.env.UPDATE_SAVED) writeFileSync(GOLDEN, `${JSON.stringify(seen, null, '\t')}\n`);
});

test.each(CASES.map((c) => [c.name, c] as const))('%s', async (name, c) => {
	const result = await runNode({
		type: c.type,
		parameters: c.parameters,
		items: c.items,
		continueOnFail: c.continueOnFail,
		credentials: sandboxCredentials(sb),
	});
	const got = normalise({
		output: result.output.map((item) => ({ json: item.json, pairedItem: item.pairedItem })),
		error: result.error
			? { message: result.error.message, description: result.error.description }
			: null,
	});
	seen[name] = got;
	if (process.env.UPDATE_SAVED) return;
	expect(existsSync(GOLDEN)).toBe(true);
	const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, unknown>;
	expect(got).toEqual(golden[name]);
});
