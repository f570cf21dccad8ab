// @ts-check
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { anchors, brokenLinks, markdownFiles } = require('../../scripts/lib/markdown-links');

const root = path.resolve(__dirname, '../..');

describe('documentation links', () => {
	test.each(markdownFiles(root).map((f) => [path.relative(root, f)]))(
		'%s: every link resolves',
		(file) => {
			expect(brokenLinks(path.join(root, file), root)).toEqual([]);
		},
	);

	test('the README stays short enough to read in five minutes', () => {
		const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length;
		expect(lines).toBeLessThanOrEqual(250);
	});

	test('the check reports a missing file and a missing heading, and accepts what exists', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
		fs.writeFileSync(
			path.join(dir, 'other.md'),
			'# Other page\n## Set it up: `npm start`\n## Set it up: `npm start`\n',
		);
		fs.writeFileSync(
			path.join(dir, 'page.md'),
			[
				'# Page',
				'[ok](other.md#set-it-up-npm-start) [ok](other.md#set-it-up-npm-start-1) [ok](#page)',
				'[ok](https://example.com/missing) `[code](nowhere.md)`',
				'[gone](missing.md) [bad anchor](other.md#nothing) [bad local](#elsewhere)',
			].join('\n'),
		);
		expect(brokenLinks(path.join(dir, 'page.md'), dir)).toEqual([
			'page.md: missing.md (no such file)',
			'page.md: other.md#nothing (no heading makes #nothing)',
			'page.md: #elsewhere (no heading makes #elsewhere)',
		]);
		expect(anchors('# Subscriber → Add')).toEqual(new Set(['subscriber--add']));
	});
});
