// @ts-check
// Queue-mode suite: the packed package in n8n scaled out (main, webhook process, two workers on
// Redis and PostgreSQL) against the sandbox. Run with `npm run test:queue`. Global setup installs
// Redis and PostgreSQL (apt-get, when missing), builds and packs the package, makes sure n8n is
// installed and starts everything on ports 5900–5999; teardown stops it all (also on failure: every
// process runs in its own process group, killed when jest exits).
const path = require('path');

/** @type {import('jest').Config} */
module.exports = {
	rootDir: path.resolve(__dirname, '..', '..'),
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/queue/**/*.test.js'],
	modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.cache/', '<rootDir>/.n8n-playground/'],
	globalSetup: '<rootDir>/test/queue/globalSetup.js',
	globalTeardown: '<rootDir>/test/queue/globalTeardown.js',
	testTimeout: 300000,
	maxWorkers: 1,
	verbose: true,
};
