// @ts-check
'use strict';

const { start, v2 } = require('./helpers');

describe('POST /shortcodes/{id}/test_keyword', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());

	/** @param {string} code @param {unknown} name */
	const test_keyword = (code, name) =>
		v2(sb, 'POST', `/shortcodes/${code}/test_keyword`, { keyword_name: name });

	test('a free name is available', async () => {
		const r = await test_keyword('33733', 'SPRING');
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ status: 'OK', keyword_name: 'available' });
	});

	test('names in use are unavailable with 200, compared in upper case', async () => {
		for (const name of ['JOIN', 'deals', 'Vip']) {
			const r = await test_keyword('33733', name);
			expect(r.status).toBe(200);
			expect(r.body).toEqual({
				status: 'OK',
				keyword_name: 'unavailable',
				error: 'Name is in use',
			});
		}
	});

	test('keywords belong to their shortcode', async () => {
		expect((await test_keyword('44844', 'news')).body.keyword_name).toBe('unavailable');
		expect((await test_keyword('33733', 'NEWS')).body.keyword_name).toBe('available');
		expect((await test_keyword('44844', 'JOIN')).body.keyword_name).toBe('available');
	});

	test('reserved words are unavailable everywhere', async () => {
		for (const code of ['33733', '44844']) {
			for (const name of [
				'stop',
				'HELP',
				'End',
				'CANCEL',
				'unsubscribe',
				'QUIT',
				'INFO',
				'STOPALL',
			]) {
				expect((await test_keyword(code, name)).body).toEqual({
					status: 'OK',
					keyword_name: 'unavailable',
					error: 'Name is in use',
				});
			}
		}
	});

	test('2 and 15 characters are allowed; 1 and 16 are refused with 422', async () => {
		expect((await test_keyword('33733', 'ZZ')).body.keyword_name).toBe('available');
		expect((await test_keyword('33733', 'A'.repeat(15))).body.keyword_name).toBe('available');
		for (const name of ['Z', 'A'.repeat(16), '', null]) {
			const r = await test_keyword('33733', name);
			expect(r.status).toBe(422);
			expect(r.body.status).toBe('error');
			expect(typeof r.body.error).toBe('string');
		}
	});

	test('unknown shortcode → 404', async () => {
		const r = await test_keyword('99999', 'SPRING');
		expect(r.status).toBe(404);
		expect(r.body).toEqual({ status: 'error', error: 'Shortcode not found' });
	});
});
