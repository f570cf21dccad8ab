#!/usr/bin/env node
// Scores the consent classifier on a labelled TSV of replies, the way docs/consent.md reports it:
// precision and recall of `revoked` with `unclear` readings counted as wrong, how many replies land
// in unclear, replies that ask to keep the texts read as revoked, per language, and a confusion
// table. The classifier is the working tree's, or (with --ref) the one a git commit holds, so a
// frozen version can be scored on a set written after it.
//
//   node test/consent/score.js <set.tsv> [--ref <commit>] [--list] [--json]
//
// A set is label<TAB>language<TAB>text (test/consent/replies*.tsv), or a TSV whose first line names
// its columns (label, lang or language, text, and optionally kind or note). A reply "keeps the
// texts" when its kind or note says so (keep), or its label is `none` and its text asks to keep
// them in the words a reader would use (see KEEP below).
const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const ts = require('typescript');

const LABELS = ['revoked', 'unclear', 'help', 'opt_in', 'none'];
const LANGUAGES = ['en', 'es', 'fr'];
const ROOT = path.join(__dirname, '..', '..');
const CONSENT_DIR = 'nodes/shared/consent';

/** Replies of a set file, each { label, language, text, kind }. */
function readSet(file) {
	const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
	let columns = { label: 0, language: 1, text: 2, kind: -1 };
	const replies = [];
	lines.forEach((line, index) => {
		if (line.trim() === '' || line.startsWith('#')) return;
		const cells = line.split('\t');
		const lower = cells.map((cell) => cell.trim().toLowerCase());
		if (index === firstDataLine(lines) && !LABELS.includes(lower[0]) && lower.includes('text')) {
			columns = {
				label: lower.findIndex((cell) => cell === 'label' || cell === 'expected'),
				language: lower.findIndex((cell) => cell === 'lang' || cell === 'language'),
				text: lower.indexOf('text'),
				kind: lower.findIndex((cell) => ['kind', 'note', 'notes', 'category'].includes(cell)),
			};
			return;
		}
		const label = lower[columns.label];
		const language = lower[columns.language];
		// The text is the last column in the headerless form, so a tab inside it survives.
		const text =
			columns.text === cells.length - 1 || columns.kind < 0
				? cells.slice(columns.text).join('\t')
				: cells[columns.text];
		if (!LABELS.includes(label) || !LANGUAGES.includes(language) || text === undefined) {
			throw new Error(`${file}:${index + 1}: malformed line ${JSON.stringify(line)}`);
		}
		replies.push({
			label,
			language,
			text,
			kind: columns.kind >= 0 ? (cells[columns.kind] ?? '') : '',
		});
	});
	return replies;
}

function firstDataLine(lines) {
	return lines.findIndex((line) => line.trim() !== '' && !line.startsWith('#'));
}

// "keep the texts coming", "texts are fine", "text me instead", "I still want the texts", "don't
// stop", "sigan con los SMS", "mejor por mensaje", "les textos c'est correct", "gardez les SMS": a
// reply that asks to stay, or refuses to opt out ("I won't be unsubscribing"), in any of the three languages.
const KEEP = new RegExp(
	[
		'\\bkeep (?:them|the|these|those|my|sending|texting|getting|receiving|me)\\b',
		'\\b(?:texts?|sms|text messages?) (?:are|is) (?:fine|ok|okay|good|great)',
		'\\btext me instead|\\b(?:only|just|still) want (?:the |your )?(?:texts|sms)|\\bjust text\\b',
		"\\b(?:do ?n[o']?t|never) (?:stop|unsubscribe|remove|cancel (?:the |my )?(?:texts|subscription)|take me off)",
		'\\b(?:want to|wanna) stay\\b|\\bstay (?:subscribed|on)',
		'\\bsig(?:an?|o) (?:mandando|enviando|con)\\b|\\bmejor por (?:mensaje|texto|sms)',
		'\\b(?:mensajes(?: de texto)?|sms|textos) (?:est[aá]n|son) (?:bien|ok)',
		'\\bno (?:me )?(?:den de baja|dejen de|quiero (?:darme de baja|salir|cancelar))|\\bquiero seguir',
		"\\bcontinuez|\\bgardez (?:les|mes) (?:sms|textos|messages)|\\b(?:les )?(?:textos|sms) c'est (?:correct|bon|ok|beau)",
		// The person's own opting out refused: "I won't be unsubscribing", "no pienso darme de baja"
		"\\b(?:won['’]?t|will not|will never|(?:i|we)['’ ]?(?:m|re|am|are) (?:not|never)|not gonna|not going to)(?: be)?(?: gonna| going to)? (?:unsub|opt(?:ing)? out)",
		'\\bno (?:me )?(?:voy|vamos|pienso) (?:a )?(?:dar(?:me)? de baja|desuscribir)',
		'\\bne (?:vais|compte) pas (?:me )?d[ée]s(?:abonner|inscrire)|\\bpas question que je me d[ée]s',
		"\\bne (?:m'?)?(?:arr[eê]tez|d[ée]sabonnez|enlevez|retirez) pas|\\bje veux (?:rester|continuer)",
	].join('|'),
	'i',
);

function keepsTexts(reply) {
	if (/keep/i.test(reply.kind)) return true;
	// A set may file a refusal to opt out under `negated`: it still keeps the texts.
	return reply.label === 'none' && ['', 'negated'].includes(reply.kind) && KEEP.test(reply.text);
}

/** The classifier: the working tree's, or the one commit `ref` holds, compiled in memory. */
function loadClassifier(ref) {
	const sourceOf = ref
		? (name) =>
				childProcess.execFileSync('git', ['show', `${ref}:${CONSENT_DIR}/${name}`], {
					cwd: ROOT,
					encoding: 'utf8',
					maxBuffer: 16 * 1024 * 1024,
				})
		: (name) => fs.readFileSync(path.join(ROOT, CONSENT_DIR, name), 'utf8');
	const names = ref
		? childProcess
				.execFileSync('git', ['ls-tree', '--name-only', `${ref}:${CONSENT_DIR}`], {
					cwd: ROOT,
					encoding: 'utf8',
				})
				.split('\n')
				.filter((name) => name.endsWith('.ts'))
		: fs.readdirSync(path.join(ROOT, CONSENT_DIR)).filter((name) => name.endsWith('.ts'));
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consent-score-'));
	for (const name of names) {
		const { outputText } = ts.transpileModule(sourceOf(name), {
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2021 },
		});
		fs.writeFileSync(path.join(dir, name.replace(/\.ts$/, '.js')), outputText);
	}
	const classifier = require(path.join(dir, 'classify.js'));
	return (text) => classifier.readConsent(text);
}

const ratio = (a, b) => (b === 0 ? '-' : (a / b).toFixed(3));

/** Every number the report gives, from replies read ({ label, language, predicted, keeps }). */
function scoreOf(results) {
	const truePositives = results.filter((r) => r.label === 'revoked' && r.predicted === 'revoked');
	const predicted = results.filter((r) => r.predicted === 'revoked').length;
	const actual = results.filter((r) => r.label === 'revoked').length;
	const keeps = results.filter((r) => r.keeps);
	return {
		replies: results.length,
		right: results.filter((r) => r.label === r.predicted).length,
		revoked: {
			precision: ratio(truePositives.length, predicted),
			recall: ratio(truePositives.length, actual),
			truePositives: truePositives.length,
			predicted,
			actual,
		},
		// Strictly: a reply labelled unclear that is read as revoked silences someone who did not say so.
		falseRevocations: results.filter((r) => r.predicted === 'revoked' && r.label !== 'revoked')
			.length,
		missedRevocations: results.filter((r) => r.label === 'revoked' && r.predicted !== 'revoked')
			.length,
		unclear: {
			read: results.filter((r) => r.predicted === 'unclear').length,
			ofRevocations: results.filter((r) => r.predicted === 'unclear' && r.label === 'revoked')
				.length,
			labelled: results.filter((r) => r.label === 'unclear').length,
		},
		keepTheTexts: {
			replies: keeps.length,
			readAsRevoked: keeps.filter((r) => r.predicted === 'revoked').length,
		},
	};
}

function confusion(results) {
	const rows = LABELS.map((label) => [
		label,
		...LABELS.map(
			(read) => results.filter((r) => r.label === label && r.predicted === read).length,
		),
	]);
	const width = 9;
	const cell = (value) => String(value).padStart(width);
	return [
		`${'label \\ read'.padEnd(13)}${LABELS.map(cell).join('')}`,
		...rows.map(([label, ...counts]) => `${label.padEnd(13)}${counts.map(cell).join('')}`),
	].join('\n');
}

function formatScore(name, score) {
	const { revoked, unclear, keepTheTexts } = score;
	return (
		`${name}: ${score.replies} replies, ${score.right} right; revoked precision ${revoked.precision} ` +
		`(${revoked.truePositives}/${revoked.predicted}), recall ${revoked.recall} ` +
		`(${revoked.truePositives}/${revoked.actual}, unclear counted as wrong); ` +
		`read unclear ${unclear.read} (${unclear.ofRevocations} of them revocations); ` +
		`keep-the-texts read as revoked ${keepTheTexts.readAsRevoked}/${keepTheTexts.replies}`
	);
}

/** Reads every reply of `replies` with `read` and scores it, overall and per language. */
function score(replies, read) {
	const results = replies.map((reply) => {
		const reading = read(reply.text);
		return {
			...reply,
			reading,
			predicted: reading.consent ?? 'none',
			keeps: keepsTexts(reply),
		};
	});
	const byLanguage = {};
	for (const language of LANGUAGES) {
		byLanguage[language] = scoreOf(results.filter((r) => r.language === language));
	}
	return { results, overall: scoreOf(results), byLanguage };
}

function main(argv) {
	const args = argv.slice(2);
	const refAt = args.indexOf('--ref');
	const ref = refAt >= 0 ? args[refAt + 1] : undefined;
	const file = args.find(
		(arg, index) => !arg.startsWith('--') && !(refAt >= 0 && index === refAt + 1),
	);
	if (!file) {
		console.error('usage: node test/consent/score.js <set.tsv> [--ref <commit>] [--list] [--json]');
		process.exit(2);
	}
	const { results, overall, byLanguage } = score(readSet(file), loadClassifier(ref));
	if (args.includes('--json')) {
		console.log(JSON.stringify({ file, ref: ref ?? 'working tree', overall, byLanguage }, null, 2));
		return;
	}
	const lines = [
		`Consent classifier (${ref ? `at ${ref}` : 'working tree'}) on ${path.basename(file)}`,
		formatScore('all', overall),
		...LANGUAGES.map((language) => formatScore(language, byLanguage[language])),
		'',
		confusion(results),
	];
	if (args.includes('--list')) {
		lines.push('', 'Wrong readings:');
		for (const r of results.filter((result) => result.predicted !== result.label)) {
			lines.push(
				`  ${r.language} ${r.label} -> ${r.predicted}${r.keeps ? ' [keeps]' : ''}: ${JSON.stringify(r.text)}${r.reading.consentWords ? ` (${r.reading.consentWords})` : ''}`,
			);
		}
	}
	console.log(lines.join('\n'));
}

module.exports = { readSet, score, scoreOf, keepsTexts, loadClassifier };

if (require.main === module) main(process.argv);
