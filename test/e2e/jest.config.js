// @ts-check
// End-to-end suite: the packed package in a real n8n (installed into the cache) against the
// sandbox. Run with `npm run test:e2e` (jest --runInBand). Global setup builds and packs the
// package, makes sure n8n is installed, starts the sandbox and one `n8n start`; teardown stops them.
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/e2e/**/*.test.js'],
	modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.cache/', '<rootDir>/.n8n-playground/'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.js',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.js',
	testTimeout: 300000,
	maxWorkers: 1,
	verbose: true,
};
