// Copies what tsc does not emit (icons, codex JSON) into dist/, next to the compiled nodes.
const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', copyAssets);

function copyAssets() {
	const assets = ['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}', 'icons/**/*.svg'];
	return src(assets, { base: '.', encoding: false }).pipe(dest(path.resolve('dist')));
}
