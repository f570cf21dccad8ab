// @ts-check
/**
 * The per-number cap presets (State Limits): which state's limit holds a number on the day a text
 * goes, Oregon's established-business-relationship exemption (Last Purchase At), and the rows'
 * dates and sources.
 */
const {
	STATE_CAP_RULES,
	capRulesFor,
	capRuleOutput,
	strictest,
	toLastPurchaseAt,
} = require('../../nodes/shared/capRules');

const at = (/** @type {string} */ iso) => Date.parse(iso);
const NOW = at('2026-11-26T18:00:00Z');

/** The state laws' limits as their texts (or summaries) put them: 3 in 24 hours each. */
const LIMITS = { FL: 3, MD: 3, OK: 3, OR: 3 };

describe('the presets', () => {
	test('one row per state law, each with its citation, dates and what it was checked against', () => {
		expect(Object.fromEntries(STATE_CAP_RULES.map((rule) => [rule.region, rule.limit]))).toEqual(
			LIMITS,
		);
		for (const rule of STATE_CAP_RULES) {
			expect(rule.citation).toMatch(/\S{3}/);
			expect(rule.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(rule.lastCheckedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(['text', 'summary']).toContain(rule.checkedAgainst);
		}
	});

	test.each([
		['Florida', '3055550100', 'FL'],
		['Maryland', '4105550100', 'MD'],
		['Oklahoma', '4055550100', 'OK'],
		['Oregon (503)', '5035550100', 'OR'],
		['Oregon (541)', '5415550100', 'OR'],
		['Oregon (458)', '4585550100', 'OR'],
		['Oregon (971)', '9715550100', 'OR'],
	])('%s: State Limits hold the number to 3 in 24 hours', (_, phone, region) => {
		const rules = capRulesFor(phone, 'stateRules', 0, { at: NOW });
		expect(rules.map((rule) => [rule.region, rule.limit])).toEqual([[region, 3]]);
	});

	test('a Washington number has no state limit; the custom cap applies to every number', () => {
		expect(capRulesFor('2065550100', 'stateRules', 0, { at: NOW })).toEqual([]);
		expect(strictest(capRulesFor('2065550100', 'custom', 2, { at: NOW }))?.limit).toBe(2);
		expect(capRulesFor('8005550100', 'stateRules', 0, { at: NOW })).toEqual([]);
	});

	test('Oregon from 2026-01-01 on the recipient’s local day, with no release in between', () => {
		// 2026-01-01T07:59Z is still 2025-12-31 in Portland (23:59 PST).
		expect(capRulesFor('5035550100', 'stateRules', 0, { at: at('2026-01-01T07:59:00Z') })).toEqual(
			[],
		);
		expect(
			capRulesFor('5035550100', 'stateRules', 0, { at: at('2026-01-01T08:00:00Z') }).map(
				(rule) => rule.name,
			),
		).toEqual(['Oregon']);
	});

	test('a refused item names the rule, its citation and dates', () => {
		const oregon = strictest(capRulesFor('5415550100', 'stateRules', 0, { at: NOW }));
		expect(oregon && capRuleOutput(oregon)).toEqual({
			name: 'Oregon',
			limit: 3,
			citation: 'Or. Laws 2025, HB 3865',
			effectiveFrom: '2026-01-01',
			lastCheckedOn: '2026-11-26',
			checkedAgainst: 'summary',
		});
	});
});

describe('Oregon’s established business relationship: a purchase within the preceding 18 months', () => {
	const oregon = (/** @type {number | undefined} */ lastPurchaseAt) =>
		capRulesFor('5415550100', 'stateRules', 0, { at: NOW, lastPurchaseAt }).map(
			(rule) => rule.name,
		);

	test.each([
		['no purchase known', undefined, ['Oregon']],
		['bought yesterday', at('2026-11-25T12:00:00Z'), []],
		['bought 18 months ago to the day', at('2025-05-26T18:00:00Z'), []],
		['bought 18 months and a day ago', at('2025-05-25T18:00:00Z'), ['Oregon']],
	])('%s', (_, lastPurchaseAt, expected) => {
		expect(oregon(lastPurchaseAt)).toEqual(expected);
	});

	test('the exemption is Oregon’s only: a Florida number stays capped after a purchase', () => {
		const florida = capRulesFor('3055550100', 'stateRules', 0, {
			at: NOW,
			lastPurchaseAt: at('2026-11-25T12:00:00Z'),
		});
		expect(florida.map((rule) => rule.name)).toEqual(['Florida']);
	});
});

describe('Last Purchase At as a builder sets it', () => {
	const read = (/** @type {unknown} */ raw) =>
		toLastPurchaseAt(raw, 'Last Purchase At', 'America/Los_Angeles', NOW);

	test('an ISO date, a date-time with offset, a JS Date, a Luxon DateTime; empty means none', () => {
		const { DateTime } = require('luxon');
		expect(read('2026-03-01')).toBe(at('2026-03-01T08:00:00Z')); // midnight in the workflow's zone
		expect(read('2026-03-01T10:00:00Z')).toBe(at('2026-03-01T10:00:00Z'));
		expect(read(new Date('2026-03-01T10:00:00Z'))).toBe(at('2026-03-01T10:00:00Z'));
		expect(read(DateTime.fromISO('2026-03-01T10:00:00Z'))).toBe(at('2026-03-01T10:00:00Z'));
		expect(read('')).toBeUndefined();
		expect(read(undefined)).toBeUndefined();
	});

	test('not a date, or a date in the future: an error naming the field', () => {
		expect(() => read('last spring')).toThrow(/Last Purchase At.*"last spring" is not a date/);
		expect(() => read('2026-02-30')).toThrow(/Last Purchase At.*not a real date/);
		expect(() => read('2026-12-01')).toThrow(/Last Purchase At.*cannot be in the future/);
	});
});
