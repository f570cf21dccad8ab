// @ts-check
'use strict';
/**
 * Generates what the send window carries of the IANA time-zone database, so that its verdicts do
 * not depend on the tz release the runtime's ICU happens to carry (Node.js 20.20.2 carries 2025c,
 * 24.21.0 carries 2026c: British Columbia and Alberta stopped changing clocks in between).
 *
 *   node scripts/generate-tz-corrections.js <tz git checkout>
 *
 * <tz git checkout>: a clone of https://github.com/eggert/tz (the tz maintainers' repository; its
 * tags are the IANA releases). Run it when a newer Node.js carries a newer release: raise CARRIED,
 * run, review the diff. Not part of the build; needs `zic` and `zdump` (Debian: libc-bin).
 *
 * For every release from OLDEST to CARRIED it compiles the data with zic and dumps, with zdump,
 * every transition between HORIZON_FROM and HORIZON_TO of every zone the area-code table names.
 * A zone whose transitions differ from OLDEST's is a zone an older runtime gets wrong; the release
 * where its transitions last changed is the one cited. It writes:
 *   nodes/shared/sendWindow/tzCorrections.generated.ts: per such zone, from when and to which fixed
 *     offset CARRIED differs (the only shape supported: a zone that stops changing clocks; anything
 *     else stops the script, so zones.ts must learn it first);
 *   test/unit/tzTransitions.generated.json: every table zone's transitions in CARRIED, which the
 *     unit tests compare with the runtime's, corrections applied.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..');
const OUT_TS = path.join(ROOT, 'nodes', 'shared', 'sendWindow', 'tzCorrections.generated.ts');
const OUT_JSON = path.join(ROOT, 'test', 'unit', 'tzTransitions.generated.json');
const AREA_CODES = path.join(ROOT, 'nodes', 'shared', 'sendWindow', 'areaCodes.generated.ts');

/**
 * The oldest release compared: older than any a supported Node.js (engines `^20.20.0 || >=24.21.0`)
 * carries (20.20.2: 2025c), so every change a supported runtime may lack is seen.
 */
const OLDEST = '2024a';
/** The release carried: the one the newest Node.js the package is tested on carries (24.21.0). */
const CARRIED = '2026c';
/** The years that matter: a check looks at most ten days ahead of now. */
const HORIZON_FROM = 2025;
const HORIZON_TO = 2031; // exclusive

/** The IANA tz data files (zic input) of a release. */
const DATA_FILES = [
	'africa',
	'antarctica',
	'asia',
	'australasia',
	'europe',
	'northamerica',
	'southamerica',
	'etcetera',
	'backward',
];

/**
 * What changed, in the words of the release's NEWS ("Changes to future timestamps"), for each zone
 * a release changed. A changed zone missing here stops the script: read NEWS, add it.
 */
const NEWS = {
	'America/Vancouver':
		'tz 2026b: "British Columbia moved to permanent -07 on 2026-03-09." Modelled as a change on 2026-11-01 02:00 (CLDR 48.1 workaround); the offset is -07 either way.',
	'America/Edmonton':
		'tz 2026c: "Alberta moved to permanent -06 on 2026-06-18." Modelled as a change on 2026-11-01 02:00, as for British Columbia; the offset is -06 either way.',
};

/** Every zone the area-code table names. */
function tableZones() {
	const text = fs.readFileSync(AREA_CODES, 'utf8');
	const zones = new Set();
	for (const m of text.matchAll(/'\d{3}':\s*'([^']*)'/g)) {
		for (const zone of m[1].split('|')[2].split(',')) zones.add(zone);
	}
	return [...zones].sort();
}

/** The releases from OLDEST to CARRIED, in order (tz tags sort by name: 2025c < 2026a). */
function releases(/** @type {string} */ repo) {
	return execFileSync('git', ['-C', repo, 'tag', '--list', '20[0-9][0-9][a-z]'], {
		encoding: 'utf8',
	})
		.split('\n')
		.filter((tag) => tag >= OLDEST && tag <= CARRIED)
		.sort();
}

/**
 * Each zone's transitions in a release, in the horizon: its offset (minutes east of UTC) at the
 * horizon's start, then [UTC instant, offset from then on] for each change.
 * @param {string} repo @param {string} release @param {string[]} zones
 */
function transitions(repo, release, zones) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tz-${release}-`));
	try {
		for (const file of DATA_FILES) {
			const text = execFileSync('git', ['-C', repo, 'show', `${release}:${file}`]);
			fs.writeFileSync(path.join(dir, file), text);
		}
		const out = path.join(dir, 'zoneinfo');
		execFileSync('zic', ['-d', out, ...DATA_FILES.map((f) => path.join(dir, f))], {
			stdio: ['ignore', 'ignore', 'inherit'],
		});
		/** @type {Record<string, ReturnType<typeof dump>>} */
		const result = {};
		for (const zone of zones) {
			result[zone] = dump(path.join(out, zone));
		}
		return result;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** "-0330" → -210 (minutes east of UTC). */
function minutes(/** @type {string} */ offset) {
	const m = /^([+-])(\d\d)(\d\d)?(\d\d)?$/.exec(offset);
	if (!m) throw new Error(`unexpected offset ${offset}`);
	return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/**
 * zdump -i (tzcode's tab-separated form) prints the offset at the range's start, then one line per
 * transition: the local date and time it takes effect, the new offset and abbreviation, e.g.
 * "2026-11-01	01	-08	PST". The UTC instant is that local time minus the new offset.
 * @param {string} file
 */
function dump(file) {
	const text = execFileSync('zdump', ['-i', '-c', `${HORIZON_FROM},${HORIZON_TO}`, file], {
		encoding: 'utf8',
	});
	const rows = text
		.split('\n')
		.filter((line) => /^(-|\d{4}-\d\d-\d\d)\t/.test(line))
		.map((line) => line.split('\t'));
	const [, , initial, firstAbbreviation] = rows[0];
	/** @type {Array<[string, number]>} */
	const changes = rows.slice(1).map(([date, time, offset]) => {
		const [h, m = '0', s = '0'] = time.split(':');
		const local = Date.parse(`${date}T00:00:00Z`) + ((+h * 60 + +m) * 60 + +s) * 1000;
		const at = new Date(local - minutes(offset) * 60_000);
		return [at.toISOString().replace('.000', ''), minutes(offset)];
	});
	return {
		initial: minutes(initial),
		transitions: changes,
		abbreviation: (rows.at(-1) ?? [])[3] ?? firstAbbreviation,
	};
}

/** Text as comment lines of at most 100 characters. */
function wrap(/** @type {string} */ text) {
	const lines = [''];
	for (const word of text.split(' ')) {
		if (lines[lines.length - 1].length + word.length > 96) lines.push('');
		lines[lines.length - 1] += `${lines[lines.length - 1] ? ' ' : ''}${word}`;
	}
	return lines.map((line) => ` * ${line}`).join('\n');
}

/** The zone's transitions as one comparable string. */
const key = (/** @type {{ initial: number, transitions: Array<[string, number]> }} */ z) =>
	JSON.stringify([z.initial, z.transitions]);

async function main() {
	const repo = process.argv[2];
	if (
		!repo ||
		(!fs.existsSync(path.join(repo, '.git')) && !fs.existsSync(path.join(repo, 'HEAD')))
	) {
		console.error('usage: node scripts/generate-tz-corrections.js <clone of github.com/eggert/tz>');
		process.exitCode = 2;
		return;
	}
	const zones = tableZones();
	const list = releases(repo);
	if (list[0] !== OLDEST || list.at(-1) !== CARRIED) {
		throw new Error(`the clone lacks ${OLDEST} or ${CARRIED} (has ${list.join(' ')})`);
	}
	const byRelease = Object.fromEntries(list.map((r) => [r, transitions(repo, r, zones)]));
	const oldest = byRelease[OLDEST];
	const carried = byRelease[CARRIED];

	/** @type {Array<{ zone: string, from: string, offset: number, abbreviation: string, release: string }>} */
	const corrections = [];
	for (const zone of zones) {
		if (key(oldest[zone]) === key(carried[zone])) continue;
		// The release that last changed the zone's transitions: the one to cite.
		let release = CARRIED;
		for (
			let i = list.length - 1;
			i > 0 && key(byRelease[list[i - 1]][zone]) === key(carried[zone]);
			i--
		) {
			release = list[i - 1];
		}
		// The first transition where the carried release parts from the oldest.
		const old = oldest[zone].transitions;
		const now = carried[zone].transitions;
		let i = 0;
		while (i < now.length && i < old.length && now[i][0] === old[i][0] && now[i][1] === old[i][1])
			i++;
		if (i !== now.length - 1) {
			throw new Error(
				`${zone}: ${CARRIED} differs from ${OLDEST} other than by ending with one last change to a fixed offset; teach nodes/shared/sendWindow/zones.ts that shape first`,
			);
		}
		if (!NEWS[zone]) throw new Error(`${zone} changed in ${release}: add its NEWS line to NEWS`);
		corrections.push({
			zone,
			from: now[i][0],
			offset: now[i][1],
			abbreviation: String(carried[zone].abbreviation),
			release,
		});
	}

	const rows = corrections
		.map(
			(c) => `\t'${c.zone}': {
		from: '${c.from}',
		offset: ${c.offset},
		abbreviation: '${c.abbreviation}',
		release: '${c.release}',
		news: ${JSON.stringify(NEWS[c.zone])},
	},`,
		)
		.join('\n');
	const unchanged = zones.filter((z) => !corrections.some((c) => c.zone === z));
	const ts = `// Generated by scripts/generate-tz-corrections.js from IANA tz ${list.join(', ')}. Do not edit: change the script and run it.

/**
 * The zones of the area-code table whose clocks an older tz release gets wrong, as IANA tz
 * ${CARRIED} has them: from \`from\` on, the zone keeps \`offset\` (minutes east of UTC) all year.
 * Compared: every transition from ${HORIZON_FROM} to ${HORIZON_TO - 1} of the table's ${zones.length} zones, in each release
 * from ${OLDEST} to ${CARRIED}. Unchanged in all of them:
${wrap(unchanged.join(', '))}
 */
export const TZ_CARRIED_RELEASE = '${CARRIED}';

export interface TzCorrection {
	/** The instant (UTC) from which the zone keeps one offset. */
	from: string;
	offset: number;
	abbreviation: string;
	/** The IANA tz release that made the change. */
	release: string;
	news: string;
}

export const TZ_CORRECTIONS: Record<string, TzCorrection> = {
${rows}
};
`;
	const prettier = require('prettier');
	const options = await prettier.resolveConfig(OUT_TS);
	fs.writeFileSync(OUT_TS, await prettier.format(ts, { ...options, filepath: OUT_TS }));
	const fixture = {
		generatedBy: 'scripts/generate-tz-corrections.js',
		release: CARRIED,
		from: `${HORIZON_FROM}-01-01T00:00:00Z`,
		to: `${HORIZON_TO}-01-01T00:00:00Z`,
		zones: Object.fromEntries(
			zones.map((z) => [z, { initial: carried[z].initial, transitions: carried[z].transitions }]),
		),
	};
	const json = await prettier.format(JSON.stringify(fixture), { ...options, filepath: OUT_JSON });
	fs.writeFileSync(OUT_JSON, json);
	console.log(`releases compared: ${list.join(' ')}; ${zones.length} zones`);
	for (const c of corrections) {
		console.log(
			`  ${c.zone}: from ${c.from} fixed ${c.offset} min (${c.abbreviation}), tz ${c.release}`,
		);
	}
	for (const release of list.slice(1)) {
		const changed = zones.filter((z) => {
			const prev = byRelease[list[list.indexOf(release) - 1]][z];
			return key(prev) !== key(byRelease[release][z]);
		});
		console.log(`  ${release} changed: ${changed.join(', ') || 'none of the table zones'}`);
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
