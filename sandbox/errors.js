// @ts-check
'use strict';

/** An error that becomes an HTTP answer in the API's own error shape (v2 or v3). */
class HttpError extends Error {
	/**
	 * @param {number} statusCode
	 * @param {string} message
	 * @param {Record<string, string>} [headers]
	 */
	constructor(statusCode, message, headers) {
		super(message);
		this.statusCode = statusCode;
		this.headers = headers || {};
	}
}

/** v2 error body. @param {string} message */
const v2Error = (message) => ({ status: 'error', error: message });

/** v3 error body. @param {string} message */
const v3Error = (message) => ({ message });

module.exports = { HttpError, v2Error, v3Error };
