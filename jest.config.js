// Unit, node and sandbox tests: no n8n install, no network beyond loopback.
// End-to-end and queue-mode suites have their own configs (test/e2e, test/queue).
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	testMatch: ['<rootDir>/test/{unit,node,sandbox,trigger,faults}/**/*.test.{js,ts}'],
	moduleFileExtensions: ['ts', 'js', 'json'],
	// n8n's 250 ms guard on regular expressions, raised for a loaded CI machine (see the file).
	setupFiles: ['<rootDir>/test/helpers/patientRegexEngine.js'],
	// Tests load the TypeScript sources; the build's copy of package.json in dist/ would otherwise
	// collide with the root one in jest's module map (a warning on every run after a build).
	modulePathIgnorePatterns: ['<rootDir>/dist/'],
};
