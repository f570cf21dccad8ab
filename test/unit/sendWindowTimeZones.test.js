// @ts-check
/**
 * The send window's verdicts do not depend on the tz release the runtime's ICU carries. CI runs
 * this file (and sendWindow.test.js) under Node.js 20 (tz 2025c) and under the Node.js 24 the n8n
 * install brings (tz 2026c): the expectations are the same on both. docs/send-window.md#time-zone-data
 */
const { DateTime, IANAZone } = require('luxon');

const {
	checkSendWindow,
	correctedZones,
	timeZone,
	TZ_CARRIED_RELEASE,
	TZ_CORRECTIONS,
} = require('../../nodes/shared/sendWindow');
const { AREA_CODES } = require('../../nodes/shared/sendWindow/areaCodes.generated');
/** Every transition 2025–2030 of every table zone, from IANA tz via zic/zdump (the generator). */
const CARRIED = require('./tzTransitions.generated.json');

const RUNTIME = `Node.js ${process.version}, tz ${process.versions.tz}`;
const WEEK = 7 * 24 * 3600 * 1000;

/** The carried release's offset (minutes) of a zone at an instant. */
function carriedOffset(/** @type {string} */ zone, /** @type {number} */ ts) {
	const { initial, transitions } = CARRIED.zones[zone];
	let offset = initial;
	for (const [at, after] of transitions) if (Date.parse(at) <= ts) offset = after;
	return offset;
}

/** Instants to compare at: each transition, the second before it, and every week in between. */
function instants(/** @type {string} */ zone) {
	const out = [];
	for (let ts = Date.parse(CARRIED.from); ts < Date.parse(CARRIED.to); ts += WEEK) out.push(ts);
	for (const [at] of CARRIED.zones[zone].transitions)
		out.push(Date.parse(at) - 1000, Date.parse(at));
	return out;
}

/** Where a zone (luxon's) and the carried release disagree. */
function disagreements(/** @type {(zone: string) => import('luxon').Zone} */ zoneOf) {
	const out = [];
	for (const zone of Object.keys(CARRIED.zones)) {
		for (const ts of instants(zone)) {
			const got = zoneOf(zone).offset(ts);
			const want = carriedOffset(zone, ts);
			if (got !== want) out.push({ zone, at: new Date(ts).toISOString(), got, want });
		}
	}
	return out;
}

describe(`time-zone data on ${RUNTIME}`, () => {
	test(`every zone of the area-code table has tz ${TZ_CARRIED_RELEASE}'s offsets from 2025 to 2030, corrections applied`, () => {
		const zones = new Set(Object.values(AREA_CODES).flatMap((row) => row.split('|')[2].split(',')));
		expect(Object.keys(CARRIED.zones).sort()).toEqual([...zones].sort());
		expect(CARRIED.release).toBe(TZ_CARRIED_RELEASE);
		// A runtime with a newer tz release that moves a table zone fails here: raise CARRIED in
		// scripts/generate-tz-corrections.js and run it.
		expect(disagreements(timeZone)).toEqual([]);
	});

	test('the runtime differs from the carried release only in the zones corrected, from their change on', () => {
		const raw = disagreements((zone) => IANAZone.create(zone));
		const corrected = correctedZones();
		for (const { zone, at } of raw) {
			expect({ zone, corrected: corrected.includes(zone) }).toEqual({ zone, corrected: true });
			expect(Date.parse(at)).toBeGreaterThanOrEqual(Date.parse(TZ_CORRECTIONS[zone].from));
		}
		// A correction that this runtime does not need is not applied.
		expect(corrected).toEqual([...new Set(raw.map(({ zone }) => zone))].sort());
	});

	test('corrected: exactly the zones changed by a release newer than the runtime’s', () => {
		const newer = Object.keys(TZ_CORRECTIONS).filter(
			(zone) => TZ_CORRECTIONS[zone].release > String(process.versions.tz),
		);
		expect(correctedZones()).toEqual(newer);
	});
});

/**
 * @param {string} phone @param {string} at ISO instant
 * @param {'federal'|'federalAndState'} [scope]
 */
const check = (phone, at, scope = 'federalAndState') =>
	checkSendWindow(phone.replace(/\D/g, ''), Date.parse(at), scope).output;

describe(`British Columbia and Alberta keep one offset from 2026-11-01 (tz 2026b, 2026c), on ${RUNTIME}`, () => {
	test('2026-12-01T18:00Z in America/Vancouver is 11:00 MST (UTC-7), not 10:00 PST', () => {
		const local = DateTime.fromISO('2026-12-01T18:00:00Z').setZone(timeZone('America/Vancouver'));
		expect(local.toFormat("yyyy-MM-dd'T'HH:mmZZ ZZZZ")).toBe('2026-12-01T11:00-07:00 MST');
		const out = check('604-555-0100', '2026-12-01T18:00:00Z');
		expect(out.localTime).toBe('2026-12-01T11:00:00-07:00');
		expect(out.allowedNow).toBe(true);
	});

	test('a Vancouver text at 21:45 MST is refused (tz 2025c alone reads 20:45 PST and allows it)', () => {
		const out = check('604-555-0100', '2026-12-02T04:45:00Z');
		expect(out).toMatchObject({
			allowedNow: false,
			localTime: '2026-12-01T21:45:00-07:00',
			nextAllowedAt: '2026-12-02T09:00:00-07:00',
		});
	});

	test('an Alberta text at 21:45 CST (UTC-6) is refused (tz 2025c alone reads 20:45 MST)', () => {
		const out = check('403-555-0100', '2026-12-02T03:45:00Z');
		expect(out).toMatchObject({
			allowedNow: false,
			localTime: '2026-12-01T21:45:00-06:00',
			nextAllowedAt: '2026-12-02T09:00:00-06:00',
		});
	});
});

/**
 * Both sides of the year's clock changes (and of the ones British Columbia and Alberta no longer
 * make), zone by zone: [what, phone, instant, allowed, local time in the zone that decided].
 * 2026-11-01 and 2027-03-14 are Sundays (CRTC: 10:00–18:00; US federal: 8:00–21:00).
 */
const BOUNDARIES = [
	// British Columbia: no fall back on 2026-11-01, no spring forward on 2027-03-14.
	[
		'604 before its last change: Fri 21:45 PDT',
		'604',
		'2026-10-31T04:45:00Z',
		false,
		'2026-10-30T21:45:00-07:00',
	],
	[
		'604 at the fall back it no longer makes: 02:30 MST',
		'604',
		'2026-11-01T09:30:00Z',
		false,
		'2026-11-01T02:30:00-07:00',
	],
	['604 Sun 09:59 MST', '604', '2026-11-01T16:59:00Z', false, '2026-11-01T09:59:00-07:00'],
	[
		'604 Sun 10:00 MST (PST would be 09:00)',
		'604',
		'2026-11-01T17:00:00Z',
		true,
		'2026-11-01T10:00:00-07:00',
	],
	[
		'604 in January: Fri 09:30 MST (PST would be 08:30)',
		'604',
		'2027-01-15T16:30:00Z',
		true,
		'2027-01-15T09:30:00-07:00',
	],
	[
		'604 the Sunday the US springs forward: 10:00, still UTC-7',
		'604',
		'2027-03-14T17:00:00Z',
		true,
		'2027-03-14T10:00:00-07:00',
	],
	[
		'604 in July 2027: 21:29 UTC-7',
		'604',
		'2027-07-02T04:29:00Z',
		true,
		'2027-07-01T21:29:00-07:00',
	],
	// Alberta.
	[
		'403 Sun 09:59 CST (MST would be 08:59)',
		'403',
		'2026-11-01T15:59:00Z',
		false,
		'2026-11-01T09:59:00-06:00',
	],
	['403 Sun 10:00 CST', '403', '2026-11-01T16:00:00Z', true, '2026-11-01T10:00:00-06:00'],
	[
		'403 Sat in January 10:30 CST (MST would be 09:30)',
		'403',
		'2027-01-16T16:30:00Z',
		true,
		'2027-01-16T10:30:00-06:00',
	],
	// Area codes reaching a corrected zone and others.
	[
		'250 (Alberta and BC time): 09:30 in BC (PST would refuse); the Alberta part, 10:30, closes first',
		'250',
		'2026-12-01T16:30:00Z',
		true,
		'2026-12-01T10:30:00-06:00',
	],
	[
		'250 08:59 in BC: refused there',
		'250',
		'2026-12-01T15:59:00Z',
		false,
		'2026-12-01T08:59:00-07:00',
	],
	[
		'867 (five zones): 09:30 in BC (PST would refuse); Toronto, 11:30, closes first',
		'867',
		'2026-12-01T16:30:00Z',
		true,
		'2026-12-01T11:30:00-05:00',
	],
	// The US and the rest of Canada change clocks as before.
	[
		'212 fall back: 07:59 EST refused',
		'212',
		'2026-11-01T12:59:00Z',
		false,
		'2026-11-01T07:59:00-05:00',
	],
	[
		'212 fall back: 08:00 EST allowed',
		'212',
		'2026-11-01T13:00:00Z',
		true,
		'2026-11-01T08:00:00-05:00',
	],
	[
		'212 spring forward 2027: 07:59 EDT refused',
		'212',
		'2027-03-14T11:59:00Z',
		false,
		'2027-03-14T07:59:00-04:00',
	],
	[
		'212 spring forward 2027: 08:00 EDT allowed',
		'212',
		'2027-03-14T12:00:00Z',
		true,
		'2027-03-14T08:00:00-04:00',
	],
	[
		'213 fall back: 07:59 PST refused',
		'213',
		'2026-11-01T15:59:00Z',
		false,
		'2026-11-01T07:59:00-08:00',
	],
	[
		'213 fall back: 08:00 PST allowed',
		'213',
		'2026-11-01T16:00:00Z',
		true,
		'2026-11-01T08:00:00-08:00',
	],
	[
		'312 spring forward 2027: 09:00 CDT allowed (Illinois 9:00)',
		'312',
		'2027-03-14T14:00:00Z',
		true,
		'2027-03-14T09:00:00-05:00',
	],
	[
		'602 Arizona keeps MST: 07:59 refused',
		'602',
		'2026-11-01T14:59:00Z',
		false,
		'2026-11-01T07:59:00-07:00',
	],
	[
		'808 Hawaii: 08:00 HST allowed',
		'808',
		'2026-11-01T18:00:00Z',
		true,
		'2026-11-01T08:00:00-10:00',
	],
	[
		'907 Alaska: 07:59 in the Aleutians (HST) refused',
		'907',
		'2026-11-01T17:59:00Z',
		false,
		'2026-11-01T07:59:00-10:00',
	],
	[
		'907 Alaska: 08:00 in the Aleutians allowed; Anchorage, 09:00, closes first',
		'907',
		'2026-11-01T18:00:00Z',
		true,
		'2026-11-01T09:00:00-09:00',
	],
	[
		'902 Halifax fall back: 09:59 AST refused',
		'902',
		'2026-11-01T13:59:00Z',
		false,
		'2026-11-01T09:59:00-04:00',
	],
	[
		'902 Halifax fall back: 10:00 AST allowed',
		'902',
		'2026-11-01T14:00:00Z',
		true,
		'2026-11-01T10:00:00-04:00',
	],
	[
		'204 Winnipeg spring forward: 10:00 CDT allowed',
		'204',
		'2027-03-14T15:00:00Z',
		true,
		'2027-03-14T10:00:00-05:00',
	],
	[
		'306 Saskatchewan keeps CST: 09:59 refused',
		'306',
		'2027-03-14T15:59:00Z',
		false,
		'2027-03-14T09:59:00-06:00',
	],
	[
		'709 spring forward: 09:59 ADT in Labrador refused',
		'709',
		'2027-03-14T12:59:00Z',
		false,
		'2027-03-14T09:59:00-03:00',
	],
	[
		'709 spring forward: 10:00 ADT in Labrador, 10:30 NDT',
		'709',
		'2027-03-14T13:00:00Z',
		true,
		'2027-03-14T10:30:00-02:30',
	],
];

describe(`verdicts across clock changes, the same on every runtime (${RUNTIME})`, () => {
	test.each(BOUNDARIES)('%s', (_, areaCode, at, allowed, localTime) => {
		const out = check(`${areaCode}5550100`, /** @type {string} */ (at), 'federal');
		expect({ allowedNow: out.allowedNow, localTime: out.localTime }).toEqual({
			allowedNow: allowed,
			localTime,
		});
	});
});
