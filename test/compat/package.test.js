// @ts-check
'use strict';
// The packed package, laid out in the user folder as n8n's Community Nodes install does (the e2e
// global setup), loads in this n8n version: `n8n export:nodes` lists both nodes with the package's
// own description, changed only as n8n changes every community node at load time; the running
// server knows both credentials; the derived AI tools are those this version makes.
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { cliOptions, rest } = require('../e2e/env');
const { capabilities } = require('./versions');

const PREFIX = `${n8n.PACKAGE_NAME}.`;
const DIST = path.join(n8n.REPO_ROOT, 'dist', 'nodes');

/** The package's own description and codex file of a node. @param {string} folder @param {string} className */
function own(folder, className) {
	const file = path.join(DIST, folder, `${folder}.node.js`);
	const description = JSON.parse(JSON.stringify(new (require(file)[className])().description));
	const { node, nodeVersion, codexVersion, ...codex } = JSON.parse(
		fs.readFileSync(file.replace(/\.js$/, '.json'), 'utf8'),
	);
	return { description, codex, node, nodeVersion, codexVersion };
}

/**
 * An exported description with n8n's load-time changes undone: the type name prefixed with the
 * package's, the `file:` icon served as `iconUrl`, the codex file merged in, the package version.
 * @param {Record<string, any>} exported @param {Record<string, any>} icon
 */
function asDeclared(exported, icon) {
	const declared = { ...exported, name: exported.name.slice(PREFIX.length), icon };
	for (const added of ['iconUrl', 'codex', 'communityNodePackageVersion']) delete declared[added];
	return declared;
}

describe(`the package in n8n ${capabilities().version}`, () => {
	/** @type {Array<Record<string, any>>} */
	let exported;
	beforeAll(async () => {
		exported = (await n8n.exportNodes(await cliOptions())).filter((node) =>
			String(node.name).startsWith(PREFIX),
		);
	});

	for (const [folder, className, type] of [
		['Tatango', 'Tatango', 'tatango'],
		['TatangoTrigger', 'TatangoTrigger', 'tatangoTrigger'],
	]) {
		test(`${type}: the description n8n loads is the package's own, on every version`, () => {
			const declared = own(folder, className);
			const node = exported.find((n) => n.name === PREFIX + type);
			expect(node).toBeDefined();
			expect(asDeclared(node, declared.description.icon)).toEqual(declared.description);
			expect(node.codex).toEqual(declared.codex);
			expect(node.communityNodePackageVersion).toBe(
				JSON.parse(fs.readFileSync(path.join(n8n.REPO_ROOT, 'package.json'), 'utf8')).version,
			);
			expect(node.iconUrl).toEqual({
				light: `icons/${n8n.PACKAGE_NAME}/dist/icons/tatango.svg`,
				dark: `icons/${n8n.PACKAGE_NAME}/dist/icons/tatango.dark.svg`,
			});
		});
	}

	test('the AI tools n8n derives: the action node as a tool, and the review tool where this version makes one', () => {
		const names = exported.map((n) => n.name.slice(PREFIX.length)).sort();
		const expected = ['tatango', 'tatangoTool', 'tatangoTrigger'];
		if (capabilities().hitlTool) expected.push('tatangoHitlTool');
		expect(names).toEqual(expected.sort());
	});

	test('the running n8n knows both credential types', async () => {
		const types = (await rest().credentialTypes()).map((/** @type {any} */ c) => c.name);
		expect(types).toEqual(expect.arrayContaining(['tatangoApi', 'tatangoV3Api']));
	});
});
