// @ts-check
'use strict';
/**
 * Runs n8n's community package scanner (`@n8n/scan-community-package`) on this package the way n8n
 * scans a published version, and exits 1 on any finding (error or warning).
 *
 * n8n's scan of a published version has two legs, both with inline `eslint-disable` comments
 * ignored: the source the npm provenance points at (`package.json`, `nodes/`, `credentials/`), and
 * the published tarball, extracted (`**\/*.js`, `package.json`). Before publishing there is no
 * provenance, so this checkout stands in for the attested source and `npm pack` makes the tarball.
 * It also checks that the package holds what n8n loads and nothing else (see contentProblems).
 * The scanner's own provenance and download steps need the registry and a published version; they
 * are what the publish workflow's `--provenance` satisfies.
 *
 *   node scripts/scan-package.js                 # pack the current build (run `npm run build` first)
 *   node scripts/scan-package.js --tarball x.tgz # scan a tarball made elsewhere
 *   node scripts/scan-package.js --dir some/dir  # scan an extracted package as both legs (tests)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { spawnSync } = require('node:child_process');
const { createRequire } = require('node:module');
const { packPackage, REPO_ROOT } = require('./lib/n8n');

const SCANNER = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs');
/** The tarball leg's files, as the scanner's analyzePackageByName lints them. */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

/** @param {string} tgz @returns {string} the extracted package's folder */
function extract(tgz) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tatango-scan-'));
	const tar = spawnSync('tar', ['-xzf', tgz, '-C', dir, '--strip-components=1'], {
		encoding: 'utf8',
	});
	if (tar.status !== 0) throw new Error(`tar -xzf ${tgz} failed: ${tar.stderr}`);
	return dir;
}

/**
 * What the extracted package lacks or carries needlessly: every node and credential n8n.json lists,
 * and every `file:` icon they name, must be in it; type declarations, source maps and build caches
 * must not (n8n loads none of them).
 * @param {string} dir @returns {string[]}
 */
function contentProblems(dir) {
	const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
	/** @type {string[]} */
	const problems = [];
	const listed = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	for (const file of listed) {
		const full = path.join(dir, file);
		if (!fs.existsSync(full)) {
			problems.push(`${file} is listed in package.json "n8n" but not in the package`);
			continue;
		}
		for (const [, icon] of fs.readFileSync(full, 'utf8').matchAll(/['"]file:([^'"]+)['"]/g)) {
			if (!fs.existsSync(path.resolve(path.dirname(full), icon))) {
				problems.push(`${file} names the icon file:${icon}, which is not in the package`);
			}
		}
	}
	/** @param {string} sub */
	const walk = (sub) => {
		for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
			const rel = path.join(sub, entry.name);
			if (entry.isDirectory()) walk(rel);
			else if (/\.(d\.ts|map|tsbuildinfo)$/.test(entry.name))
				problems.push(`${rel} is shipped but n8n never loads it`);
		}
	};
	walk('.');
	return problems;
}

/**
 * Lints one leg with the scanner's own configuration and ESLint, inline configuration ignored.
 * @param {string} dir @param {string[]} patterns
 * @returns {Promise<{ findings: number, report: string }>}
 */
async function scanLeg(dir, patterns) {
	/** @type {any} */
	const scanner = await import(SCANNER);
	// The ESLint and file finder the scanner itself resolves, not whatever this repository has.
	const scannerRequire = createRequire(SCANNER);
	const { ESLint } = scannerRequire('eslint');
	const glob = scannerRequire('fast-glob');
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await scanner.buildScanConfig(),
	});
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	if (files.length === 0) throw new Error(`nothing to scan in ${dir}`);
	const results = await eslint.lintFiles(files);
	const findings = results.reduce(
		(/** @type {number} */ n, /** @type {any} */ r) => n + r.errorCount + r.warningCount,
		0,
	);
	const formatter = await eslint.loadFormatter('stylish');
	return { findings, report: await formatter.format(results) };
}

async function main() {
	const { values } = parseArgs({
		options: { tarball: { type: 'string' }, dir: { type: 'string' } },
	});
	/** Folders this run made, removed at the end. @type {string[]} */
	const made = [];
	let tgz = values.tarball ? path.resolve(values.tarball) : undefined;
	if (!values.dir && !tgz) {
		tgz = packPackage();
		made.push(path.dirname(tgz));
	}
	const extracted = tgz ? extract(tgz) : undefined;
	if (extracted) made.push(extracted);
	try {
		await scan(values.dir ? path.resolve(values.dir) : undefined, extracted);
	} finally {
		for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** @param {string | undefined} dir @param {string | undefined} extracted */
async function scan(dir, extracted) {
	/** @type {any} */
	const scanner = await import(SCANNER);
	const legs = dir
		? [
				{ name: 'source', dir, patterns: scanner.SOURCE_FILE_PATTERNS },
				{ name: 'tarball', dir, patterns: TARBALL_FILE_PATTERNS },
			]
		: [
				{ name: 'source', dir: REPO_ROOT, patterns: scanner.SOURCE_FILE_PATTERNS },
				{
					name: 'tarball',
					dir: /** @type {string} */ (extracted),
					patterns: TARBALL_FILE_PATTERNS,
				},
			];
	let total = 0;
	const tarball = legs[1].dir;
	const problems = contentProblems(tarball);
	total += problems.length;
	console.log(`contents (${tarball}): ${problems.length} problem(s)`);
	for (const problem of problems) console.log(`  ${problem}`);
	for (const leg of legs) {
		const { findings, report } = await scanLeg(leg.dir, leg.patterns);
		total += findings;
		console.log(`scan ${leg.name} (${leg.dir}): ${findings} finding(s)`);
		if (report.trim()) console.log(report);
	}
	if (total > 0) {
		console.log(`n8n's community package scan found ${total} finding(s)`);
		process.exitCode = 1;
	} else {
		console.log("n8n's community package scan passed");
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
