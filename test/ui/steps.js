// @ts-check
'use strict';

/**
 * What a user does in n8n's editor, one function per check of test/ui/run.js, gathered from
 * the modules that hold them by job: editor.js (the page: signing in, the nodes panel,
 * opening workflows and nodes, lists, REST), panels.js (every node's panels), dropdowns.js
 * (lists filled from the sandbox, Start's panel before a run), runs.js (what runs from the
 * editor: examples and triggers). Selectors are the editor's own data-test-id attributes (the
 * ones n8n's Playwright tests use), the same in n8n 1.123 and 2.41 for everything here. Every
 * wait is for something to appear, bounded by the page's default timeout or another bound of
 * lib/bounds.js: no fixed sleeps decide a result.
 */

const { context, signIn, searchFinds } = require('./editor');
const { missingCheck, panelWorkflow, nodePanels } = require('./panels');
const { dropdownsFill, startPanelShowsWhatIsInEffect } = require('./dropdowns');
const { runStartACall, runDialASheet, setUpWebhookTrigger, pollingTestSaysWhy } = require('./runs');

/** @typedef {import('./panels').DeclaredNode} DeclaredNode */

module.exports = {
	context,
	pollingTestSaysWhy,
	signIn,
	searchFinds,
	missingCheck,
	panelWorkflow,
	nodePanels,
	dropdownsFill,
	startPanelShowsWhatIsInEffect,
	runStartACall,
	runDialASheet,
	setUpWebhookTrigger,
};
