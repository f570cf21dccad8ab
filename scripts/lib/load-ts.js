// @ts-check
/**
 * Lets a script require the package's TypeScript sources (nodes/…) without a build: each .ts file
 * is transpiled by the TypeScript compiler of the devDependencies as it is loaded. For scripts that
 * read a table from the code (scripts/law-table.js), not for anything n8n runs.
 */
const fs = require('node:fs');
const ts = require('typescript');

let installed = false;

function install() {
	if (installed) return;
	installed = true;
	require.extensions['.ts'] = (module, filename) => {
		const source = fs.readFileSync(filename, 'utf8');
		const { outputText } = ts.transpileModule(source, {
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2021,
				esModuleInterop: true,
			},
			fileName: filename,
		});
		/** @type {any} */ (module)._compile(outputText, filename);
	};
}

module.exports = { install };
