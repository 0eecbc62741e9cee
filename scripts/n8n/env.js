// @ts-check
'use strict';

/**
 * Running a real n8n headless and offline, for `npm run dev` and the end-to-end tests, gathered
 * from the modules that hold it by job: settings.js (its environment, the owner, the files
 * folder), processes.js (commands and children), packageInstall.js (this package installed
 * the way users do, a template user folder), cli.js (importing credentials and workflows,
 * `n8n execute`), server.js (`n8n start`, its REST API, activation).
 */

const {
	REPO,
	PACKAGE_NAME,
	ENCRYPTION_KEY,
	SANDBOX_API_KEY,
	OWNER,
	n8nEnv,
	freshN8nEnv,
	NO_EDITOR,
	filesFolder,
	prepareFilesFolder,
} = require('./settings');
const { running, track, stopChildren, exec, mustExec, npmEnv } = require('./processes');
const {
	packRepo,
	installPackage,
	installForSuite,
	makeTemplate,
	migrateDatabase,
	declaredNodeTypes,
} = require('./packageInstall');
const {
	n8nCli,
	sandboxCredential,
	importAll,
	parseRawOutput,
	executeWorkflow,
	executeFailure,
	runSucceeded,
	runError,
	nodeOutput,
} = require('./cli');
const {
	freePort,
	freePorts,
	restClient,
	startN8n,
	STARTED_LINE,
	publicationSettled,
	activateWorkflow,
	activateInN8n,
	startManualRun,
} = require('./server');

/** @typedef {import('./settings').N8nInstall} N8nInstall */

module.exports = {
	REPO,
	running,
	track,
	stopChildren,
	PACKAGE_NAME,
	ENCRYPTION_KEY,
	SANDBOX_API_KEY,
	OWNER,
	n8nEnv,
	freshN8nEnv,
	NO_EDITOR,
	filesFolder,
	prepareFilesFolder,
	exec,
	mustExec,
	npmEnv,
	packRepo,
	installPackage,
	installForSuite,
	makeTemplate,
	migrateDatabase,
	declaredNodeTypes,
	n8nCli,
	sandboxCredential,
	importAll,
	parseRawOutput,
	executeWorkflow,
	executeFailure,
	runSucceeded,
	runError,
	nodeOutput,
	freePort,
	freePorts,
	restClient,
	startN8n,
	STARTED_LINE,
	publicationSettled,
	activateWorkflow,
	activateInN8n,
	startManualRun,
};
