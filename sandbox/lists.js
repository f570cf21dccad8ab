// @ts-check
'use strict';

const { HttpError } = require('./errors');

/**
 * List administration (public docs §1.2, §0.10): create, update, destroy and keyword assignment.
 * The live service is a Rails app: unknown keys inside `list` are ignored (strong parameters), and
 * a keyword that cannot be assigned answers 422 `invalid keyword names: A, B`.
 */

const NAME_MAX = 25;

/** Text fields of `list` that create and update take as they are (strings, or null to clear). */
const TEXT_FIELDS = [
	'message_yes',
	'message_help',
	'message_stop',
	'message_reply',
	'message_already_subscribed',
	'first_optin_message',
	'second_optin_message',
	'email_digest',
];
/** Fields the docs show as booleans (or null) in both the request and the list object. */
const FLAG_FIELDS = ['email_subscribe', 'email_unsubscribe'];

/**
 * @param {Record<string, any>} body the request body
 * @returns {Record<string, any>}
 */
function listParams(body) {
	const params = body.list;
	if (!params || typeof params !== 'object' || Array.isArray(params))
		throw new HttpError(422, 'param is missing or the value is empty: list');
	return params;
}

/** @param {unknown} name */
function checkName(name) {
	if (typeof name !== 'string' || !name.trim()) throw new HttpError(422, "Name can't be blank");
	// Characters are UTF-16 units, an emoji counting 2, as everywhere in the sandbox (README).
	if (name.length > NAME_MAX)
		throw new HttpError(422, `Name is too long (maximum is ${NAME_MAX} characters)`);
	return name;
}

/**
 * Copies the documented fields present in `params` onto `list`.
 * @param {Record<string, any>} list
 * @param {Record<string, any>} params
 */
function assignFields(list, params) {
	if ('name' in params) list.name = checkName(params.name);
	for (const key of TEXT_FIELDS) {
		if (!(key in params)) continue;
		const value = params[key];
		if (value !== null && typeof value !== 'string')
			throw new HttpError(422, `${key} must be a string`);
		list[key] = value;
	}
	for (const key of FLAG_FIELDS) {
		if (!(key in params)) continue;
		const value = params[key];
		if (value !== null && typeof value !== 'boolean')
			throw new HttpError(422, `${key} must be true, false or null`);
		list[key] = value;
	}
}

/**
 * The keywords a list may take, upper-cased; 422 naming every one it may not (taken on the
 * list's shortcode by something else, reserved, or not 2..15 letters and digits).
 * @param {import('./context').Context} ctx
 * @param {Record<string, any> | null} list the list that would own them (null while creating)
 * @param {string} shortcode
 * @param {unknown} raw
 */
function checkKeywords(ctx, list, shortcode, raw) {
	if (!Array.isArray(raw)) throw new HttpError(422, 'keyword_names must be an array');
	const names = [
		...new Set(raw.map((k) => (typeof k === 'string' ? k.trim().toUpperCase() : String(k)))),
	];
	const own = new Set(list ? list.keyword_names : []);
	const onShortcode = ctx.state.shortcodes.get(shortcode) || new Set();
	const invalid = names.filter((name) => {
		if (!/^[A-Z0-9]{2,15}$/.test(name)) return true;
		if (ctx.state.reservedKeywords.has(name)) return true;
		if (own.has(name)) return false;
		if (onShortcode.has(name)) return true;
		return [...ctx.state.lists.values()].some(
			(other) =>
				other !== list && other.shortcode === shortcode && other.keyword_names.includes(name),
		);
	});
	if (invalid.length) throw new HttpError(422, `invalid keyword names: ${invalid.join(', ')}`);
	return names;
}

/**
 * Gives a list its keywords and keeps the shortcode's set of keywords in use in step.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {string[]} names
 */
function assignKeywords(ctx, list, names) {
	let onShortcode = ctx.state.shortcodes.get(list.shortcode);
	if (!onShortcode) {
		onShortcode = new Set();
		ctx.state.shortcodes.set(list.shortcode, onShortcode);
	}
	for (const old of list.keyword_names) onShortcode.delete(old);
	for (const name of names) onShortcode.add(name);
	list.keyword_names = names;
}

/**
 * POST /lists `{"list":{name, messages..., email_*, keyword_names?}}`. New lists go on the
 * account's first shortcode.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} body
 */
function createList(ctx, body) {
	const params = listParams(body);
	checkName(params.name);
	const shortcode = [...ctx.state.shortcodes.keys()][0] || '33733';
	const keywords =
		params.keyword_names === undefined || params.keyword_names === null
			? []
			: checkKeywords(ctx, null, shortcode, params.keyword_names);
	/** @type {Record<string, any>} */
	const list = {
		id: ctx.state.nextListId(),
		name: '',
		shortcode,
		email_digest: null,
		email_subscribe: null,
		email_unsubscribe: null,
		// The documented list objects show "" for opt-in messages never set, null for the others.
		first_optin_message: '',
		second_optin_message: '',
		message_help: null,
		message_stop: null,
		message_reply: null,
		message_already_subscribed: null,
		message_yes: null,
		keyword_names: [],
		opt_in_type: 'single',
		opt_in_requests: [],
		bypass_opt_in_response: false,
	};
	assignFields(list, params);
	ctx.state.lists.set(list.id, list);
	assignKeywords(ctx, list, keywords);
	return list;
}

/**
 * PUT /lists/{id} `{"list":{...}}`: only the fields present change. Keywords are not among the
 * documented update fields (they have their own endpoint), so `keyword_names` here is ignored.
 * @param {Record<string, any>} list
 * @param {Record<string, any>} body
 */
function updateList(list, body) {
	const params = listParams(body);
	const draft = { ...list };
	assignFields(draft, params);
	Object.assign(list, draft);
	return list;
}

/**
 * DELETE /lists/{id}: the list, its subscribers, webhooks, broadcasts and keywords go.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 */
function destroyList(ctx, list) {
	assignKeywords(ctx, list, []);
	ctx.state.lists.delete(list.id);
	ctx.state.subscribers.delete(list.id);
	ctx.state.listWebhooks.delete(list.id);
	ctx.state.broadcasts.delete(list.id);
}

module.exports = { createList, updateList, destroyList, checkKeywords, assignKeywords, NAME_MAX };
