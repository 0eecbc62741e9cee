/**
 * A jest environment (node's) in which a test file may change the process's time zone, the
 * `TZ` n8n itself runs under: jest hands each file a copy of process.env, so setting TZ there
 * changes nothing. Use it with a docblock at the top of the file and `useTimeZone` of
 * timeZone.ts:
 *
 *   /** @jest-environment ./test/helpers/zoneEnvironment.js *\/
 *
 * The zone the worker had is put back when the file is done: the next file in the worker
 * runs as before.
 */
const { TestEnvironment } = require('jest-environment-node');

class ZoneEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		this.savedZone = process.env.TZ;
		// The real process.env: V8 rereads the zone when TZ is set on it.
		this.global.__setProcessTimeZone = (zone) => {
			process.env.TZ = zone;
		};
	}

	async teardown() {
		if (this.savedZone === undefined) delete process.env.TZ;
		else process.env.TZ = this.savedZone;
		await super.teardown();
	}
}

module.exports = ZoneEnvironment;
