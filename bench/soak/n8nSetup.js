// @ts-check
'use strict';

/**
 * The n8n day's set-up: the shipped examples as they are, with only their credentials and
 * their sheet swapped (as the end-to-end suites do), and the counting proxies the credentials
 * point at (one for the Call Ended trigger, one for the Call Back nodes, one for the rest), so
 * that each one's requests are known without reading the package.
 */
const fs = require('node:fs');
const path = require('node:path');

const { REPO } = require('./n8nTs');

/** The shipped credential id the examples name; the other two are this soak's. */
const CREDENTIALS = {
	other: { id: 'vaSandboxCred001', name: 'Voice Agent (local sandbox)' },
	trigger: { id: 'vaSoakTrigger001', name: 'Voice Agent (soak: trigger)' },
	callBack: { id: 'vaSoakCallBack01', name: 'Voice Agent (soak: Call Back)' },
};

const example = (/** @type {string} */ file) =>
	JSON.parse(fs.readFileSync(path.join(REPO, 'examples', file), 'utf8'));

const FOLLOW_UP = 'exFollowUpEnded';
const TRIGGER_NODE = 'When a call ends';
const CAMPAIGN = 'exCampaignFromSheet';

/** The package's nodes of a workflow pointed at credential `ref` (only that changes). */
function pointAt(/** @type {any} */ node, /** @type {{ id: string, name: string }} */ ref) {
	if (node.credentials?.voiceAgentApi) node.credentials = { voiceAgentApi: { ...ref } };
}

/**
 * The workflows: Follow up on every ended call (its trigger and its Call Back nodes on their
 * own credentials; it reads the contacts file where it is shipped to read it), Wait for a
 * sheet's calls once per sheet (its "Read the sheet" reading that sheet's file) and Campaign
 * from a sheet (reading the campaign's file).
 * @param {number} sheets
 */
function workflows(sheets) {
	const followUp = example('follow-up-on-every-ended-call.json');
	for (const node of followUp.nodes) {
		if (node.name === TRIGGER_NODE) pointAt(node, CREDENTIALS.trigger);
		else if (node.parameters?.operation === 'callBack') pointAt(node, CREDENTIALS.callBack);
	}
	const sheetIds = [];
	const all = [followUp];
	for (let k = 0; k < sheets; k++) {
		const wf = example('wait-for-a-sheets-calls.json');
		wf.id = `soakSheet${String(k).padStart(3, '0')}`;
		wf.name = `${wf.name} (soak sheet ${k})`;
		wf.nodes.find((/** @type {any} */ n) => n.name === 'Read the sheet').parameters.fileSelector =
			`.n8n-files/soak/sheet-${k}.csv`;
		sheetIds.push(wf.id);
		all.push(wf);
	}
	const campaign = example('campaign-from-sheet.json');
	campaign.nodes.find(
		(/** @type {any} */ n) => n.name === 'Read the sheet',
	).parameters.fileSelector = '.n8n-files/soak/campaign.csv';
	all.push(campaign);
	const callBackNodes = followUp.nodes
		.filter((/** @type {any} */ n) => n.parameters?.operation === 'callBack')
		.map((/** @type {any} */ n) => n.name);
	return { all, sheetIds, callBackNodes };
}

/**
 * Requests of one proxy log: total, by `METHOD /path` (the API's base cut off), and polls
 * (bursts of requests more than 20 s apart: the trigger polls once a minute).
 * @param {Array<{ at: number, method: string, path: string }>} log
 */
function requestSummary(log) {
	/** @type {Record<string, number>} */
	const byEndpoint = {};
	let bursts = 0;
	let last = -Infinity;
	for (const r of log) {
		const key = `${r.method} ${r.path.replace(/^\/ca\/api\/v0/, '')}`;
		byEndpoint[key] = (byEndpoint[key] ?? 0) + 1;
		if (r.at - last > 20_000) bursts++;
		last = r.at;
	}
	return { total: log.length, byEndpoint, bursts };
}

module.exports = {
	CREDENTIALS,
	FOLLOW_UP,
	TRIGGER_NODE,
	CAMPAIGN,
	workflows,
	requestSummary,
};
