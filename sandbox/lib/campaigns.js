// @ts-check
'use strict';

const { route } = require('./route');
const { CONCURRENCY, VERIFY, ESTIMATE_SECONDS } = require('./campaigns/model');
const { requiredCredits } = require('./campaigns/run');
const { saveCampaign, startCampaign, startCampaignV2 } = require('./campaigns/standard');
const { uploadCsv, uploadStatus, checkBalance, makeCallAsync } = require('./campaigns/large');
const { campaignsView, invalidRowsCsv, variant } = require('./campaigns/view');
const { listCampaigns } = require('./campaigns/list');

/**
 * Campaigns, server-side bulk calling (vendor reference, beyond the contract), from FACTS.md
 * "Campaigns" only:
 *
 *   standard flow  POST /campaign/save (multipart) -> POST /campaign/start or /campaign/v2/start
 *   large flow     POST /campaign/upload-csv (multipart) -> GET /campaign/upload-status/{id}
 *                  -> POST /campaign/check-balance/{id} and POST /campaign/make-call-async,
 *                  in either order
 *
 * A saved or uploaded list is a campaign whose id is its list id (the reference's examples
 * suggest campaign_id = list_id). Starting it registers one call per valid contact, all at
 * once (so GET /campaign/all counts them and PATCH /campaign/terminate can cancel them); they
 * ring from the campaign's start time, at most CONCURRENCY at a time, each living the life
 * of any call (sandbox/lib/calls.js): outcomes by the number's last two digits, retries per
 * call_config, the call_config's daily window.
 *
 * Where FACTS gives two readings, a store switch picks the one served:
 *   store.largeFlow         'page' (default) | 'schema': the large flow's answers
 *   store.campaignStatuses  'page' (default) | 'schema': campaign_status vocabulary
 *
 * The parts, in campaigns/: model.js (figures, words, BulkList), form.js (reading the form),
 * run.js (starting and running), standard.js and large.js (the two flows), list.js
 * (GET /campaign/all), view.js (the sandbox's own view).
 */

// Every error of these endpoints is {detail}, a missing key's too.
const DETAIL = { detail: true, detailAuth: true };
const routes = [
	route('GET', '/campaign/all', listCampaigns, DETAIL),
	route('POST', '/campaign/save', saveCampaign, { ...DETAIL, multipart: true }),
	route('POST', '/campaign/start', startCampaign, { ...DETAIL, json: true }),
	route('POST', '/campaign/v2/start', startCampaignV2, { ...DETAIL, json: true }),
	route('POST', '/campaign/upload-csv', uploadCsv, { ...DETAIL, multipart: true }),
	route('GET', '/campaign/upload-status/{bulk_list_id}', uploadStatus, DETAIL),
	route('POST', '/campaign/check-balance/{bulk_list_id}', checkBalance, DETAIL),
	route('POST', '/campaign/make-call-async', makeCallAsync, { ...DETAIL, json: true }),
];

module.exports = {
	routes,
	saveCampaign,
	startCampaign,
	startCampaignV2,
	uploadCsv,
	uploadStatus,
	checkBalance,
	makeCallAsync,
	campaignsView,
	invalidRowsCsv,
	variant,
	requiredCredits,
	CONCURRENCY,
	VERIFY,
	ESTIMATE_SECONDS,
};
