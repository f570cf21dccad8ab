// The consent classifier on the labelled replies of test/consent/ (replies.tsv, replies-added.tsv): every reply as a
// table test, and the precision and recall of `revoked` (aim: 0.98 / 0.95), on the whole set and on
// the held-out quarter the rules were not tuned on, printed for the report.
const { readConsent } = require('../../nodes/shared/consent/classify');
const { loadReplies, precisionRecall } = require('../consent/set');

const replies = loadReplies();
const results = replies.map((reply) => {
	const reading = readConsent(reply.text);
	return { ...reply, predicted: reading.consent ?? 'none', reading };
});

function report(part, name) {
	const revoked = precisionRecall(part, 'revoked');
	const correct = part.filter((r) => r.predicted === r.label).length;
	return `${name}: ${part.length} replies, ${correct} right; revoked precision ${revoked.precision.toFixed(3)} (${revoked.truePositives}/${revoked.predicted}), recall ${revoked.recall.toFixed(3)} (${revoked.truePositives}/${revoked.actual})`;
}

afterAll(() => {
	const misses = results
		.filter((r) => r.predicted !== r.label)
		.map(
			(r) =>
				`  ${r.heldOut ? '[held out] ' : ''}${JSON.stringify(r.text)}: expected ${r.label}, read ${r.predicted}`,
		);
	console.log(
		[
			'Consent classifier on test/consent/',
			report(results, 'all'),
			report(
				results.filter((r) => !r.added),
				'replies.tsv (written first)',
			),
			report(
				results.filter((r) => !r.heldOut),
				'tuned on',
			),
			report(
				results.filter((r) => r.heldOut),
				'held out',
			),
			...misses,
		].join('\n'),
	);
});

describe('the labelled set', () => {
	it('holds at least 300 replies, 100 hard negatives, and all three languages', () => {
		expect(replies.length).toBeGreaterThanOrEqual(300);
		expect(replies.filter((r) => r.label === 'none').length).toBeGreaterThanOrEqual(100);
		for (const language of ['en', 'es', 'fr']) {
			expect(replies.filter((r) => r.language === language).length).toBeGreaterThanOrEqual(50);
		}
	});

	it('reads revocations with precision >= 0.98 and recall >= 0.95, on the whole set and held out', () => {
		for (const part of [results, results.filter((r) => r.heldOut)]) {
			const { precision, recall } = precisionRecall(part, 'revoked');
			expect(precision).toBeGreaterThanOrEqual(0.98);
			expect(recall).toBeGreaterThanOrEqual(0.95);
		}
	});

	it('reports the language of what it reads', () => {
		const decided = results.filter((r) => r.predicted === r.label && r.label !== 'none');
		const wrong = decided.filter((r) => r.reading.consentLanguage !== r.language);
		expect(wrong.map((r) => r.text)).toEqual([]);
	});

	it('quotes the words that decided it', () => {
		expect(readConsent('Please stop texting me.')).toEqual({
			consent: 'revoked',
			consentWords: 'stop texting',
			consentLanguage: 'en',
		});
		expect(readConsent("Arrêtez de m'envoyer des textos svp").consentWords).toBe(
			'arrêtez de m envoyer',
		);
		expect(readConsent('can you stop by at 5?')).toEqual({
			consent: null,
			consentWords: null,
			consentLanguage: null,
		});
		for (const nothing of ['', '   ', null, undefined, 42])
			expect(readConsent(nothing).consent).toBeNull();
	});

	it('reads help and opt-in with no more than one miss each', () => {
		for (const label of ['help', 'opt_in']) {
			const { truePositives, predicted, actual } = precisionRecall(results, label);
			expect(predicted - truePositives + (actual - truePositives)).toBeLessThanOrEqual(1);
		}
	});
});
