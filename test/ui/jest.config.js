// @ts-check
// The n8n editor in a real browser: `npm run test:ui` (jest --runInBand). Same harness as the e2e
// suite (the packed package in a real n8n, the sandbox), in its own run folder so both suites can
// be run one after the other without sharing a database. Chromium comes from the system
// (scripts/setup-system.sh); playwright-core drives it.
const path = require('path');
const { runDir } = require('../../scripts/lib/run-dir');

process.env.TATANGO_E2E_DIR = process.env.TATANGO_E2E_DIR || runDir('ui');

/** @type {import('jest').Config} */
module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/ui/**/*.test.js'],
	modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.cache/', '<rootDir>/.n8n-playground/'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.js',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.js',
	testTimeout: 300000,
	maxWorkers: 1,
	verbose: true,
};
