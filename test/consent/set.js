// The labelled replies of test/consent/replies.tsv, with every 4th reply held out: the rules were
// tuned on the others only, and the held-out part is reported on its own as a check of that tuning.
const fs = require('fs');
const path = require('path');

const LABELS = new Set(['revoked', 'help', 'opt_in', 'none']);
const LANGUAGES = new Set(['en', 'es', 'fr']);

function readFile(name) {
	const lines = fs.readFileSync(path.join(__dirname, name), 'utf8').split('\n');
	const replies = [];
	for (const line of lines) {
		if (line === '' || line.startsWith('#')) continue;
		const [label, language, ...rest] = line.split('\t');
		const text = rest.join('\t');
		if (!LABELS.has(label) || !LANGUAGES.has(language) || text === '') {
			throw new Error(`replies.tsv: malformed line ${JSON.stringify(line)}`);
		}
		replies.push({ label, language, text });
	}
	return replies;
}

/**
 * replies.tsv (written before the classifier; every 4th held out) and replies-added.tsv (probes
 * written after its first run, tuned on).
 */
function loadReplies() {
	return [
		...readFile('replies.tsv').map((reply, index) => ({
			...reply,
			heldOut: index % 4 === 3,
			added: false,
		})),
		...readFile('replies-added.tsv').map((reply) => ({ ...reply, heldOut: false, added: true })),
	];
}

/** Precision and recall of one label over classified replies ({ label, predicted }). */
function precisionRecall(results, label) {
	const truePositives = results.filter((r) => r.predicted === label && r.label === label).length;
	const predicted = results.filter((r) => r.predicted === label).length;
	const actual = results.filter((r) => r.label === label).length;
	return {
		precision: predicted === 0 ? 1 : truePositives / predicted,
		recall: actual === 0 ? 1 : truePositives / actual,
		truePositives,
		predicted,
		actual,
	};
}

module.exports = { loadReplies, precisionRecall };
