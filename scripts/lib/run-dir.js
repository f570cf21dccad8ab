// @ts-check
'use strict';
/**
 * Where the tools keep what a run makes (n8n user folders, logs, database files): outside the
 * repository, so linters and `git status` never walk into them, and one folder per checkout, so a
 * clean clone tested beside the main one does not share state with it.
 */
const crypto = require('crypto');
const os = require('os');
const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** @param {string} name e.g. "e2e", "queue", "bench", "playground" */
function runDir(name) {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	const checkout = crypto.createHash('sha1').update(REPO_ROOT).digest('hex').slice(0, 10);
	return path.join(base, 'n8n-nodes-tatango', 'runs', checkout, name);
}

module.exports = { runDir };
