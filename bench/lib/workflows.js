// @ts-check
'use strict';
/**
 * The benchmark's workflows are plain n8n workflow JSON in bench/workflows/, importable by hand.
 * A few values depend on the run (item counts, the sandbox URL, webhook ids): they are written
 * as `__NAME__` tokens in the files and filled in here.
 */
const fs = require('fs');
const path = require('path');

const DIR = path.join(__dirname, '..', 'workflows');

/**
 * @param {string} file name in bench/workflows/
 * @param {Record<string, string | number>} values token name (without underscores) → value
 * @returns {Record<string, any>}
 */
function loadWorkflow(file, values) {
	let text = fs.readFileSync(path.join(DIR, file), 'utf8');
	for (const [name, value] of Object.entries(values))
		text = text.split(`__${name}__`).join(String(value));
	const left = text.match(/__[A-Z_]+__/);
	if (left) throw new Error(`${file}: no value for ${left[0]}`);
	return JSON.parse(text);
}

module.exports = { loadWorkflow };
