// @ts-check
/**
 * docs/send-window.md's law tables are the code's rows (scripts/law-table.js), and the script that
 * lists rows not checked for a year finds exactly those.
 */
const fs = require('node:fs');
const { render, withTable, staleRows, DOC } = require('../../scripts/law-table');
const { SEND_WINDOW_RULES, NOT_CHECKED } = require('../../nodes/shared/sendWindow');
const { STATE_CAP_RULES } = require('../../nodes/shared/capRules');

const tables = { rules: SEND_WINDOW_RULES, caps: STATE_CAP_RULES, notChecked: NOT_CHECKED };

test('docs/send-window.md lists every row as the code has it (else: node scripts/law-table.js --write)', () => {
	const doc = fs.readFileSync(DOC, 'utf8');
	expect(withTable(doc, render(tables))).toBe(doc);
});

test('the table has one line per row, with its citation, dates and source kind', () => {
	const table = render(tables);
	expect(table).toContain(
		'| Oregon | 8–20 | 8–20 | 8–20 | — | from 2026-01-01 | 2026-11-26 | summary | Or. Laws 2025, HB 3865',
	);
	expect(table).toContain('| New Jersey | 8–21 | 8–21 | 8–21 |');
	expect(table).toContain('a purchase within 18 months (Last Purchase At)');
	const lines = table
		.split('\n')
		.filter(
			(line) =>
				line.startsWith('| ') && !line.startsWith('| Rule') && !line.startsWith('| State |'),
		);
	expect(lines).toHaveLength(SEND_WINDOW_RULES.length + STATE_CAP_RULES.length);
});

test('rows not checked for a year: none a year after the audit, every row a year and a day after', () => {
	expect(staleRows(tables, '2027-11-26')).toEqual([]);
	const stale = staleRows(tables, '2027-11-27');
	expect(stale).toHaveLength(SEND_WINDOW_RULES.length + STATE_CAP_RULES.length);
	expect(stale[0]).toEqual({
		kind: 'Quiet Hours',
		name: 'Federal (TCPA)',
		lastCheckedOn: '2026-11-26',
		citation: expect.stringContaining('64.1200(c)(1)'),
	});
});
