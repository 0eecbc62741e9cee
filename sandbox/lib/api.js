// @ts-check
'use strict';

const calling = require('./calling');
const agentRoutes = require('./agentRoutes');
const campaigns = require('./campaigns');
const terminate = require('./terminate');
const workspace = require('./workspace');
const analytics = require('./analytics');
const knowledgeBases = require('./knowledgeBases');

/**
 * Every endpoint, in the order they are matched: each API area's file declares its own with
 * route() (route.js); server.js serves this list.
 */
const ROUTES = [
	...calling.routes,
	...agentRoutes.routes,
	...campaigns.routes,
	...terminate.routes,
	...workspace.routes,
	...analytics.routes,
	...knowledgeBases.routes,
];

module.exports = { ROUTES };
