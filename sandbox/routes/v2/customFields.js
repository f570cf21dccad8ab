// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { paginate } = require('../../pagination');
const { requireList, bodyObject, truthy } = require('./common');

const CONTENT_TYPES = ['text', 'datetime', 'number'];
const MAX_LENGTH = 9999;

/**
 * Validates `{"custom_field":{...}}` (public docs §0.5, §1.8) against the list's fields. Messages
 * are the documented ones where the docs give them (bad content type, duplicates, missing max
 * length); the blank-label and bad-key ones follow the same Rails wording.
 * @param {unknown} body
 * @param {Record<string, any>[]} existing
 */
function parseCustomField(body, existing) {
	const field = bodyObject(body).custom_field;
	if (!field || typeof field !== 'object' || Array.isArray(field))
		throw new HttpError(
			422,
			'Missing custom_field: send {"custom_field":{"label":"...","key":"...","content_type":"text","max_length":50}}',
		);
	const contentType = field.content_type;
	if (!CONTENT_TYPES.includes(contentType))
		throw new HttpError(
			422,
			`Content type ${contentType} not allowed. Allowed types are: ${CONTENT_TYPES.join(', ')}`,
		);
	const maxLength = Number(field.max_length);
	if (!Number.isInteger(maxLength) || maxLength <= 0)
		throw new HttpError(422, 'Max. characters must be greater than 0');
	if (maxLength > MAX_LENGTH)
		throw new HttpError(422, `Max. characters must be less than or equal to ${MAX_LENGTH}`);
	const label = typeof field.label === 'string' ? field.label.trim() : '';
	const key = typeof field.key === 'string' ? field.key : '';
	/** @type {string[]} */
	const problems = [];
	if (!label) problems.push("Label can't be blank");
	if (!/^[a-z0-9_]+$/.test(key)) problems.push('Merge tag is invalid');
	if (existing.some((f) => f.key === key)) problems.push('Merge tag has already been taken');
	if (label && existing.some((f) => f.label === label))
		problems.push('Label has already been taken');
	if (problems.length) throw new HttpError(422, `Validation failed: ${problems.join(', ')}`);
	const pattern = typeof field.pattern === 'string' && field.pattern !== '' ? field.pattern : null;
	const defaultValue =
		field.default_value === undefined || field.default_value === null || field.default_value === ''
			? null
			: String(field.default_value);
	return {
		label,
		key,
		content_type: contentType,
		max_length: maxLength,
		pattern,
		should_validate_regex_via_api: truthy(field.should_validate_regex_via_api),
		default_value: defaultValue,
	};
}

/**
 * A list's custom fields (public docs §1.8): list (paginated like every v2 collection), create,
 * delete by key. Subscribers carry them as flat keys (state.subscriberView).
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function customFieldRoutes(app, ctx) {
	app.get('/lists/:id/custom_fields', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const { meta, items } = paginate(
			ctx.state.customFieldsOf(list.id),
			/** @type {any} */ (request.query),
		);
		return { status: 'OK', ...meta, custom_fields: items.map((f) => ({ ...f })) };
	});

	app.post('/lists/:id/custom_fields', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const fields = ctx.state.customFieldsOf(list.id);
		const field = parseCustomField(request.body, fields);
		fields.push(field);
		return { status: 'Custom field successfully created', custom_field: { ...field } };
	});

	app.delete('/lists/:id/custom_fields', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const key = bodyObject(request.body).key;
		if (typeof key !== 'string' || key === '') throw new HttpError(422, "Key can't be blank");
		const fields = ctx.state.customFieldsOf(list.id);
		const index = fields.findIndex((f) => f.key === key);
		if (index < 0) throw new HttpError(404, 'Custom field not found');
		fields.splice(index, 1);
		for (const sub of ctx.state.subscribersOf(list.id).values()) delete sub.custom[key];
		return { status: 'Custom field successfully deleted' };
	});
};

module.exports.parseCustomField = parseCustomField;
