// Lint rules for the project's own tools: the sandbox, scripts, tests and benchmark. They are
// plain Node.js programs (servers, child processes, timers), never loaded by n8n, so n8n's
// community-node rules (no `process`, `setTimeout`, `node:*` imports) do not fit them; the package
// code itself (nodes/, credentials/) is linted by `n8n-node lint` with n8n's unmodified config.
import js from '@eslint/js';
import globals from 'globals';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.cache/**'] },
	{
		files: [
			'sandbox/**/*.js',
			'scripts/**/*.js',
			'test/**/*.js',
			'bench/**/*.js',
			'*.js',
			'.ci/**/*.js',
		],
		...js.configs.recommended,
		languageOptions: {
			ecmaVersion: 2022,
			sourceType: 'commonjs',
			globals: { ...globals.node, ...globals.jest },
		},
		rules: {
			...js.configs.recommended.rules,
			'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
			eqeqeq: ['error', 'always'],
			'no-var': 'error',
			'prefer-const': 'error',
		},
	},
];
