// @ts-check
'use strict';
/**
 * Finds the links in this repository's Markdown files that lead nowhere: a relative path that does
 * not exist, or an `#anchor` that no heading of the target file produces. Links to other sites are
 * not fetched (tests run without the internet).
 */
const fs = require('node:fs');
const path = require('node:path');

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);

/** Every `.md` file under `root`, outside dependencies and build output. @param {string} root */
function markdownFiles(root) {
	/** @type {string[]} */
	const found = [];
	/** @param {string} dir */
	const walk = (dir) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			if (SKIP_DIRS.has(entry.name)) continue;
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.name.endsWith('.md')) found.push(full);
		}
	};
	walk(root);
	return found.sort();
}

/** The text outside code blocks and inline code, where links are links. @param {string} md */
function withoutCode(md) {
	return md.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '``');
}

/** GitHub's anchor for a heading (lower case, punctuation dropped, spaces to hyphens). @param {string} heading */
function slug(heading) {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** The anchors a Markdown file's headings produce, numbered as GitHub numbers repeats. @param {string} md */
function anchors(md) {
	/** @type {Map<string, number>} */
	const seen = new Map();
	const result = new Set();
	for (const match of md.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.*)$/gm)) {
		const base = slug(match[1].replace(/`/g, ''));
		const n = seen.get(base) ?? 0;
		seen.set(base, n + 1);
		result.add(n === 0 ? base : `${base}-${n}`);
	}
	return result;
}

/**
 * The broken links of one file, as `file: target (reason)` strings.
 * @param {string} file @param {string} root
 */
function brokenLinks(file, root) {
	const md = fs.readFileSync(file, 'utf8');
	/** @type {string[]} */
	const broken = [];
	for (const match of withoutCode(md).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
		const target = match[1];
		if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: another site
		const [pathPart, anchor] = target.split('#');
		const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : file;
		const where = `${path.relative(root, file)}: ${target}`;
		if (!fs.existsSync(resolved)) {
			broken.push(`${where} (no such file)`);
			continue;
		}
		if (anchor !== undefined && resolved.endsWith('.md')) {
			if (!anchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
				broken.push(`${where} (no heading makes #${anchor})`);
			}
		}
	}
	return broken;
}

module.exports = { anchors, brokenLinks, markdownFiles, slug };
