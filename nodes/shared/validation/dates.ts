import { InvalidInputError } from './InvalidInputError';

/**
 * Dates and times as n8n hands them to a node (a date picker's `2026-11-01T00:00:00`, an
 * expression's ISO text, a Luxon DateTime or a JS Date) turned into what Tatango documents:
 * ISO 8601 date-times with an offset (MOMT reports) and YYYYMMDD UTC days (message filters).
 */

interface DateParts {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	/** Minutes east of UTC when the text said so (Z is 0); undefined for a local wall time. */
	offsetMinutes?: number;
}

const ISO_PATTERN =
	/^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function asText(raw: unknown): string {
	if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? 'Invalid Date' : raw.toISOString();
	// A Luxon DateTime (what `{{ $now }}` gives) serializes itself with its offset.
	if (raw && typeof raw === 'object' && typeof (raw as { toISO?: unknown }).toISO === 'function') {
		return String((raw as { toISO: () => string }).toISO());
	}
	return raw === undefined || raw === null ? '' : String(raw).trim();
}

function parse(raw: unknown, field: string, example: string): DateParts | undefined {
	const text = asText(raw);
	if (text === '') return undefined;
	const match = ISO_PATTERN.exec(text);
	if (!match) throw new InvalidInputError(field, `"${text}" is not a date (e.g. ${example})`);
	const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
	const parts: DateParts = {
		year: Number(year),
		month: Number(month),
		day: Number(day),
		hour: Number(hour),
		minute: Number(minute),
		second: Number(second),
	};
	const check = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
	if (
		check.getUTCFullYear() !== parts.year ||
		check.getUTCMonth() !== parts.month - 1 ||
		check.getUTCDate() !== parts.day ||
		parts.hour > 23 ||
		parts.minute > 59 ||
		parts.second > 59
	) {
		throw new InvalidInputError(field, `"${text}" is not a real date and time`);
	}
	if (zone !== undefined) {
		if (zone.toUpperCase() === 'Z') {
			parts.offsetMinutes = 0;
		} else {
			const digits = zone.replace(':', '');
			const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
			parts.offsetMinutes = digits.startsWith('-') ? -minutes : minutes;
		}
	}
	return parts;
}

function wallClockUtc(parts: DateParts): number {
	return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The offset of `timeZone` (an IANA name) at the instant `utcMs`, in minutes east of UTC. */
export function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
	const fields = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(new Date(utcMs));
	const value = (type: string) => Number(fields.find((part) => part.type === type)?.value ?? 0);
	const asUtc = Date.UTC(
		value('year'),
		value('month') - 1,
		value('day'),
		value('hour'),
		value('minute'),
		value('second'),
	);
	return Math.round((asUtc - utcMs) / 60000);
}

function pad(value: number, width = 2): string {
	return String(value).padStart(width, '0');
}

function formatOffset(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface ZonedDateTime {
	/** ISO 8601 with an offset, e.g. `2026-11-01T00:00:00-07:00`. */
	iso: string;
	/** The instant, for comparisons. */
	epochMs: number;
}

/**
 * A date-time with an explicit offset, as Tatango's `date_from` / `date_to` take it. A date or
 * time without an offset (what n8n's date picker gives) is read in `timeZone`, the workflow's time
 * zone. Undefined when empty.
 */
export function toZonedDateTime(
	raw: unknown,
	field: string,
	timeZone: string,
): ZonedDateTime | undefined {
	const parts = parse(raw, field, '2026-11-01T00:00:00 or 2026-11-01T00:00:00-08:00');
	if (!parts) return undefined;
	const wall = wallClockUtc(parts);
	let offset = parts.offsetMinutes;
	if (offset === undefined) {
		// Two passes: the offset at the guessed instant can differ across a DST change.
		const first = zoneOffsetMinutes(wall, timeZone);
		offset = zoneOffsetMinutes(wall - first * 60000, timeZone);
	}
	const iso =
		`${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` +
		`T${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}${formatOffset(offset)}`;
	return { iso, epochMs: wall - offset * 60000 };
}

/** A required date-time range: both ends given, the start before the end. */
export function toDateTimeRange(
	from: unknown,
	to: unknown,
	fields: { from: string; to: string },
	timeZone: string,
): { from: string; to: string } {
	const start = toZonedDateTime(from, fields.from, timeZone);
	if (!start) throw new InvalidInputError(fields.from, 'is required');
	const end = toZonedDateTime(to, fields.to, timeZone);
	if (!end) throw new InvalidInputError(fields.to, 'is required');
	if (start.epochMs >= end.epochMs) {
		throw new InvalidInputError(
			fields.to,
			`(${end.iso}) must be after ${fields.from} (${start.iso})`,
		);
	}
	return { from: start.iso, to: end.iso };
}

/**
 * A day in Tatango's YYYYMMDD filter form, or undefined when empty. A date as written (or picked)
 * is that calendar day; a time with an offset is first moved to UTC, the time zone Tatango's
 * filters use.
 */
export function toUtcDay(raw: unknown, field: string): string | undefined {
	const parts = parse(raw, field, '20261101 or 2026-11-01');
	if (!parts) return undefined;
	const day =
		parts.offsetMinutes === undefined
			? new Date(Date.UTC(parts.year, parts.month - 1, parts.day))
			: new Date(wallClockUtc(parts) - parts.offsetMinutes * 60000);
	return `${pad(day.getUTCFullYear(), 4)}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}`;
}

/** An optional YYYYMMDD range; when both ends are given the start is not after the end. */
export function toUtcDayRange(
	from: unknown,
	to: unknown,
	fields: { from: string; to: string },
): { from?: string; to?: string } {
	const start = toUtcDay(from, fields.from);
	const end = toUtcDay(to, fields.to);
	if (start !== undefined && end !== undefined && start > end) {
		throw new InvalidInputError(fields.to, `(${end}) is before ${fields.from} (${start})`);
	}
	return { from: start, to: end };
}
