// Copies the icons, which tsc does not emit, into dist/ (tsc itself copies the codex JSON files).
const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', copyAssets);

function copyAssets() {
	const assets = ['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}', 'icons/**/*.svg'];
	return src(assets, { base: '.', encoding: false }).pipe(dest(path.resolve('dist')));
}
