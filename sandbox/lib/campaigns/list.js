// @ts-check
'use strict';

const { isoUtc } = require('../util');
const { intParam, boolParam } = require('../readers');

/** GET /campaign/all @param {import('../route').Ctx} ctx @returns {import('../route').Reply} */
function listCampaigns(ctx) {
	const counts = boolParam(ctx.query, 'call_count', true);
	const limit = intParam(ctx.query, 'limit', { def: 10, min: 1, max: 1000 });
	const offset = intParam(ctx.query, 'offset', { def: 0, min: 0 });
	const all = [...ctx.store.campaigns].sort((a, b) => b.created_at - a.created_at);
	const campaigns = all.slice(offset, offset + limit).map((c) => {
		/** @type {Record<string, unknown>} */
		const out = {
			id: c.id,
			name: c.name,
			campaign_status: c.campaign_status,
			created_at: isoUtc(c.created_at),
			updated_at: isoUtc(c.updated_at),
			campaign_start_time: isoUtc(c.campaign_start_time),
			campaign_end_time: isoUtc(c.campaign_end_time),
		};
		if (counts)
			Object.assign(out, {
				total_count: c.total_count,
				registered_count: c.registered_count,
				completed_count: c.completed_count,
			});
		return out;
	});
	return { status: 200, body: { campaigns, pagination: { total: all.length, limit, offset } } };
}

module.exports = { listCampaigns };
