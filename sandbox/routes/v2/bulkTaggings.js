// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { isTenDigits } = require('../../phone');
const { enqueue } = require('../../queuedJobs');
const { requireList, bodyObject, truthy } = require('./common');

const MAX_NUMBERS = 1000;
const MAX_TAGS = 50;

/**
 * POST /lists/{id}/bulk_taggings (public docs §1.8): up to 1,000 numbers and 50 tags. The service
 * answers at once with counts and queues the tagging; subscribed numbers get the tags (or have
 * theirs replaced) when the job runs.
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function bulkTaggingRoutes(app, ctx) {
	app.post('/lists/:id/bulk_taggings', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const job = bodyObject(request.body).bulk_tagging;
		if (!job || typeof job !== 'object' || Array.isArray(job))
			throw new HttpError(
				422,
				'Missing bulk_tagging: send {"bulk_tagging":{"phone_numbers":[...],"tags":[...]}}',
			);
		const { phone_numbers: phones, tags } = job;
		if (!Array.isArray(phones) || !phones.length)
			throw new HttpError(422, 'phone_numbers must be a non-empty array');
		if (phones.length > MAX_NUMBERS)
			throw new HttpError(422, `phone_numbers can have at most ${MAX_NUMBERS} numbers`);
		if (!Array.isArray(tags) || !tags.length || tags.some((t) => typeof t !== 'string'))
			throw new HttpError(422, 'tags must be a non-empty array of tag names');
		if (tags.length > MAX_TAGS) throw new HttpError(422, `tags can have at most ${MAX_TAGS} tags`);
		const replace = truthy(job.replace_tags);
		const names = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

		const subs = ctx.state.subscribersOf(list.id);
		/** @type {string[]} */
		const invalid = [];
		/** @type {string[]} */
		const notSubscribed = [];
		/** @type {string[]} */
		const toUpdate = [];
		for (const raw of phones) {
			const phone = String(raw);
			if (!isTenDigits(phone)) invalid.push(phone);
			else if (subs.get(phone)?.status !== 'subscribed') notSubscribed.push(phone);
			else if (!toUpdate.includes(phone)) toUpdate.push(phone);
		}
		enqueue(ctx, () => {
			for (const phone of toUpdate) {
				const sub = subs.get(phone);
				if (!sub) continue;
				sub.tags = replace ? [...names] : [...new Set([...sub.tags, ...names])];
			}
		});
		return {
			status: 'Bulk tagging operation queued successfully.',
			number_count: phones.length,
			tag_count: names.length,
			subscribers_to_update: toUpdate.length,
			replace_tags: replace,
			...(notSubscribed.length ? { not_subscribed: notSubscribed } : {}),
			...(invalid.length ? { invalid_numbers: invalid } : {}),
		};
	});
};
