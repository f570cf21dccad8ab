// @ts-check
'use strict';

/**
 * Phone numbers: format checks (v2 ten digits, v3 any US/CA format), the deterministic test
 * numbers of CONTRACT.md, and a made-up but stable carrier for every number.
 */

/** Test numbers with a fixed behaviour (CONTRACT.md "Test phone numbers"). */
const TEST_NUMBERS = {
	LANDLINE: '2065550100',
	UNREACHABLE: '2065550101',
	V3_SUCCESS: '2065550200',
	V3_SOFT_BOUNCE: '2065550201',
	V3_HARD_BOUNCE: '2065550202',
	V3_INVALID_PHONE: '2065550203',
	V3_SUCCESS_THEN_REPLY: '2065550204',
};

/** NANP area codes that belong to neither the U.S. nor Canada (Caribbean and Atlantic countries). */
const NON_US_CA_AREA_CODES = new Set([
	'242',
	'246',
	'264',
	'268',
	'284',
	'345',
	'441',
	'473',
	'649',
	'658',
	'664',
	'721',
	'758',
	'767',
	'784',
	'809',
	'829',
	'849',
	'868',
	'869',
	'876',
]);

/** Canadian area codes (used to pick a Canadian carrier). */
const CANADIAN_AREA_CODES = new Set([
	'204',
	'226',
	'236',
	'249',
	'250',
	'263',
	'289',
	'306',
	'343',
	'354',
	'365',
	'367',
	'368',
	'382',
	'403',
	'416',
	'418',
	'428',
	'431',
	'437',
	'438',
	'450',
	'468',
	'474',
	'506',
	'514',
	'519',
	'548',
	'579',
	'581',
	'584',
	'587',
	'604',
	'613',
	'639',
	'647',
	'672',
	'683',
	'705',
	'709',
	'742',
	'753',
	'778',
	'780',
	'782',
	'807',
	'819',
	'825',
	'867',
	'873',
	'879',
	'902',
	'905',
]);

/**
 * v2: ten continuous digits, no country code, no punctuation.
 * @param {unknown} value
 */
function isTenDigits(value) {
	return typeof value === 'string' && /^\d{10}$/.test(value);
}

/**
 * Whether ten digits form a dialable U.S. or Canadian number (NANP rules: area code and exchange
 * start with 2-9 and are not N11; Caribbean area codes are refused).
 * @param {string} digits ten digits
 */
function isUsCaNumber(digits) {
	if (!/^\d{10}$/.test(digits)) return false;
	const area = digits.slice(0, 3);
	const exchange = digits.slice(3, 6);
	if (!/^[2-9]/.test(area) || !/^[2-9]/.test(exchange)) return false;
	if (/^[2-9]11$/.test(area) || /^[2-9]11$/.test(exchange)) return false;
	return !NON_US_CA_AREA_CODES.has(area);
}

/**
 * v3: any common format (`+1 555-123-4567`, `(555) 123-4567`, `5551234567`, `15551234567`).
 * Returns the ten-digit national number, or null when it is not a valid U.S./Canadian number.
 * @param {unknown} value
 * @returns {string | null}
 */
function normalizeUsCa(value) {
	if (typeof value !== 'string' && typeof value !== 'number') return null;
	const raw = String(value).trim();
	if (!/^\+?[\d\s().-]+$/.test(raw)) return null;
	let digits = raw.replace(/\D/g, '');
	if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
	else if (raw.startsWith('+')) return null; // + with anything but country code 1
	if (digits.length !== 10) return null;
	return isUsCaNumber(digits) ? digits : null;
}

/**
 * Carrier lookup result for a number: landline and unreachable test numbers are refused by v2.
 * @param {string} phone ten digits
 * @returns {'landline' | 'unreachable' | 'mobile'}
 */
function lineType(phone) {
	if (phone === TEST_NUMBERS.LANDLINE) return 'landline';
	if (phone === TEST_NUMBERS.UNREACHABLE) return 'unreachable';
	return 'mobile';
}

/**
 * The outcome of a v3 send of any channel to a destination (CONTRACT.md table).
 * @param {string} phone ten digits
 * @returns {'success' | 'soft bounce' | 'hard bounce' | 'invalid_phone' | 'success_then_reply'}
 */
function v3Outcome(phone) {
	switch (phone) {
		case TEST_NUMBERS.V3_SOFT_BOUNCE:
			return 'soft bounce';
		case TEST_NUMBERS.V3_HARD_BOUNCE:
			return 'hard bounce';
		case TEST_NUMBERS.V3_INVALID_PHONE:
			return 'invalid_phone';
		case TEST_NUMBERS.V3_SUCCESS_THEN_REPLY:
			return 'success_then_reply';
		default:
			return 'success';
	}
}

const US_CARRIERS = [
	{
		carrier: 77,
		carrier_name: 'Verizon Wireless',
		global_carrier_id: '100313',
		global_carrier_name: 'Verizon Wireless',
	},
	{
		carrier: 383,
		carrier_name: 'AT&T',
		global_carrier_id: '100296',
		global_carrier_name: 'AT&T Mobility',
	},
];
const CA_CARRIERS = [
	{
		carrier: 75,
		carrier_name: 'Rogers',
		global_carrier_id: '100421',
		global_carrier_name: 'Rogers Wireless',
	},
	{
		carrier: 70,
		carrier_name: 'Telus',
		global_carrier_id: '100433',
		global_carrier_name: 'Telus Mobility',
	},
	{
		carrier: 80,
		carrier_name: 'Bell Mobility',
		global_carrier_id: '100404',
		global_carrier_name: 'Bell Mobility',
	},
];

/**
 * A stable, made-up carrier for a number (the carrier IDs are Tatango's documented ones).
 * @param {string} phone ten digits
 */
function carrierFor(phone) {
	const last = Number(phone.slice(-1)) || 0;
	const table = CANADIAN_AREA_CODES.has(phone.slice(0, 3)) ? CA_CARRIERS : US_CARRIERS;
	return { ...table[last % table.length] };
}

/**
 * GSM 03.38 default alphabet plus its extension table (which costs two septets but is allowed).
 */
const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const GSM_SET = new Set([...GSM_BASIC, ...GSM_EXTENSION]);

/** @param {string} text */
function isGsm7(text) {
	for (const ch of text) if (!GSM_SET.has(ch)) return false;
	return true;
}

const GSM_EXTENSION_SET = new Set(GSM_EXTENSION);

/**
 * Length of a GSM 7-bit text as an SMS carries it: an extension character is an escape plus
 * itself, two septets. "1-160" for an SMS text means 160 septets, one segment.
 * @param {string} text
 */
function gsm7Septets(text) {
	let septets = 0;
	for (const ch of text) septets += GSM_EXTENSION_SET.has(ch) ? 2 : 1;
	return septets;
}

module.exports = {
	TEST_NUMBERS,
	gsm7Septets,
	isTenDigits,
	isUsCaNumber,
	normalizeUsCa,
	lineType,
	v3Outcome,
	carrierFor,
	isGsm7,
};
