// @ts-check
// Compatibility suite: the packed package in each n8n version users run (scripts/lib/n8n-install.js,
// N8N_VERSIONS), against the sandbox. Run with `npm run test:compat` (scripts/test-compat.js), which
// runs this config once per version with TATANGO_N8N_VERSION set. The e2e suite's global setup and
// helpers do the work: the same install as a user's, the same sandbox, on the chosen n8n.
const path = require('path');
const { selectedVersion } = require('../../scripts/lib/n8n-install');
const { runDir } = require('../../scripts/lib/run-dir');

// One run folder per version, so two versions' user folders and databases never mix (an n8n only
// migrates its database forward). Read by test/e2e/env.js in this process and jest's workers.
process.env.TATANGO_E2E_DIR = process.env.TATANGO_E2E_DIR || runDir(`compat-${selectedVersion()}`);

/** @type {import('jest').Config} */
module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/compat/**/*.test.js'],
	modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.cache/', '<rootDir>/.n8n-playground/'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.js',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.js',
	testTimeout: 300000,
	maxWorkers: 1,
	verbose: true,
};
