// @ts-check
'use strict';

const zlib = require('node:zlib');

/** @type {Uint32Array | undefined} */
let crcTable;
/** CRC-32 (IEEE), as ZIP wants it. @param {Buffer} data */
function crc32(data) {
	if (!crcTable) {
		crcTable = new Uint32Array(256);
		for (let n = 0; n < 256; n++) {
			let c = n;
			for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
			crcTable[n] = c >>> 0;
		}
	}
	let crc = 0xffffffff;
	for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time fields (UTC) of an instant. @param {number} ms */
function dosDateTime(ms) {
	const d = new Date(ms);
	const year = Math.max(1980, d.getUTCFullYear());
	return {
		time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
		date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
	};
}

/**
 * A ZIP archive holding one file, deflated (stored when deflate does not help).
 * Enough of APPNOTE for any unzip tool: local header, data, central directory, end record.
 * @param {string} name @param {Buffer} data @param {number} [mtimeMs]
 */
function zipOne(name, data, mtimeMs = Date.now()) {
	const fileName = Buffer.from(name, 'utf8');
	const deflated = zlib.deflateRawSync(data);
	const method = deflated.length < data.length ? 8 : 0;
	const payload = method === 8 ? deflated : data;
	const crc = crc32(data);
	const { time, date } = dosDateTime(mtimeMs);
	const flags = 0x0800; // names are UTF-8

	const local = Buffer.alloc(30);
	local.writeUInt32LE(0x04034b50, 0);
	local.writeUInt16LE(20, 4);
	local.writeUInt16LE(flags, 6);
	local.writeUInt16LE(method, 8);
	local.writeUInt16LE(time, 10);
	local.writeUInt16LE(date, 12);
	local.writeUInt32LE(crc, 14);
	local.writeUInt32LE(payload.length, 18);
	local.writeUInt32LE(data.length, 22);
	local.writeUInt16LE(fileName.length, 26);
	local.writeUInt16LE(0, 28);

	const central = Buffer.alloc(46);
	central.writeUInt32LE(0x02014b50, 0);
	central.writeUInt16LE(20, 4);
	central.writeUInt16LE(20, 6);
	central.writeUInt16LE(flags, 8);
	central.writeUInt16LE(method, 10);
	central.writeUInt16LE(time, 12);
	central.writeUInt16LE(date, 14);
	central.writeUInt32LE(crc, 16);
	central.writeUInt32LE(payload.length, 20);
	central.writeUInt32LE(data.length, 24);
	central.writeUInt16LE(fileName.length, 28);
	// extra, comment, disk, internal attrs, external attrs: 0; local header offset: 0
	central.writeUInt32LE(0, 42);

	const centralSize = central.length + fileName.length;
	const centralOffset = local.length + fileName.length + payload.length;
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(1, 8);
	end.writeUInt16LE(1, 10);
	end.writeUInt32LE(centralSize, 12);
	end.writeUInt32LE(centralOffset, 16);

	return Buffer.concat([local, fileName, payload, central, fileName, end]);
}

/** @param {unknown} value */
function csvCell(value) {
	if (value === null || value === undefined) return '';
	const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV with a header row and CRLF line ends.
 * @param {string[]} columns @param {Array<Record<string, unknown>>} rows
 */
function toCsv(columns, rows) {
	const lines = [columns.map(csvCell).join(',')];
	for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
	return lines.join('\r\n') + '\r\n';
}

module.exports = { crc32, zipOne, toCsv };
