import { InvalidInputError } from './InvalidInputError';

/**
 * Tag names as the v2 endpoints that take an array (`{"tags":[...]}`) want them: from a list or a
 * comma-separated string, trimmed, each once, at least one; at most `max` when Tatango sets a limit.
 */
export function toTagList(
	raw: unknown,
	{ field = 'Tags', max }: { field?: string; max?: number } = {},
): string[] {
	const parts = Array.isArray(raw)
		? raw.map((part) => (part === undefined || part === null ? '' : String(part)))
		: raw === undefined || raw === null
			? []
			: String(raw).split(',');
	const tags = [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
	if (tags.length === 0) {
		throw new InvalidInputError(field, 'needs at least one tag (separate several with commas)');
	}
	if (max !== undefined && tags.length > max) {
		throw new InvalidInputError(field, `has ${tags.length} tags; Tatango takes at most ${max}`);
	}
	return tags;
}
