// The labelled replies of test/consent/: replies.tsv (written before the classifier; every 4th
// held out), replies-added.tsv and replies-kinds.tsv (probes written after a run, tuned on), and
// blind-set-a.tsv to blind-set-p.tsv (written by people who never saw the rules; each scored
// untouched once, then tuned on). Sets D to I name their columns (label, lang, kind, text).
const fs = require('fs');
const path = require('path');

const LABELS = new Set(['revoked', 'unclear', 'help', 'opt_in', 'none']);
const LANGUAGES = new Set(['en', 'es', 'fr']);
/**
 * The blind sets the tests read, each once a round has tuned on it; a set scored untouched and
 * committed for the next round joins when that round reads it.
 */
const BLIND_SETS = [...'abcdefghijklmnop'].map((letter) => `blind-set-${letter}.tsv`);

function readFile(name) {
	const lines = fs.readFileSync(path.join(__dirname, name), 'utf8').split('\n');
	const replies = [];
	let withKind = false;
	for (const line of lines) {
		if (line === '' || line.startsWith('#') || line === 'label\tlang\ttext') continue;
		if (line === 'label\tlang\tkind\ttext') {
			withKind = true;
			continue;
		}
		const [label, language, ...rest] = line.split('\t');
		const text = (withKind ? rest.slice(1) : rest).join('\t');
		if (!LABELS.has(label) || !LANGUAGES.has(language) || text === '') {
			throw new Error(`${name}: malformed line ${JSON.stringify(line)}`);
		}
		replies.push({ label, language, text, set: name });
	}
	return replies;
}

/** Every labelled reply, each with its set's name and whether the rules were tuned on it. */
function loadReplies() {
	return [
		...readFile('replies.tsv').map((reply, index) => ({
			...reply,
			heldOut: index % 4 === 3,
			added: false,
		})),
		...readFile('replies-added.tsv').map((reply) => ({ ...reply, heldOut: false, added: true })),
		...readFile('replies-kinds.tsv').map((reply) => ({ ...reply, heldOut: false, added: true })),
		...BLIND_SETS.flatMap((name) =>
			readFile(name).map((reply) => ({ ...reply, heldOut: false, added: true })),
		),
	];
}

/** The readings the classifier is known to get wrong: set, text, label, reading, and why. */
function loadKnownMisses() {
	const lines = fs.readFileSync(path.join(__dirname, 'known-misses.tsv'), 'utf8').split('\n');
	return lines
		.filter((line) => line !== '' && !line.startsWith('#'))
		.map((line) => {
			const [set, label, read, text, why] = line.split('\t');
			if (!set || !label || !read || !text || !why) {
				throw new Error(`known-misses.tsv: malformed line ${JSON.stringify(line)}`);
			}
			return { set, label, read, text, why };
		});
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

module.exports = { loadReplies, loadKnownMisses, precisionRecall };
