// @ts-check
'use strict';

/** Bad input: the route answers `status` in its documented error shape. */
class Invalid extends Error {
	/** @param {string} message @param {number} [status] @param {string} [code] */
	constructor(message, status = 400, code = 'invalid_parameter') {
		super(message);
		this.status = status;
		this.code = code;
	}
}

module.exports = { Invalid };
