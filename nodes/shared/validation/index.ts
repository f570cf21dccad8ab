export { InvalidInputError } from './InvalidInputError';
export {
	toDateTimeRange,
	toUtcDay,
	toUtcDayRange,
	toZonedDateTime,
	zoneOffsetMinutes,
} from './dates';
export type { ZonedDateTime } from './dates';
export {
	BULK_TAGGING_MAX_NUMBERS,
	BULK_TAGGING_MAX_TAGS,
	toPhoneNumberList,
	toTagList,
} from './bulkTagging';
export { tenDigitsOf, toTenDigitPhone } from './phone';
export { nonGsmCharacters, replaceCommonNonGsm, septetCount, toGsm7Text } from './gsm7';
export { LIST_NAME_MAX, toDigestEmail, toKeywordList, toListName } from './list';
export {
	characterCount,
	numberOf,
	textOf,
	toFlag,
	toKeyword,
	toMessageContent,
	toOptionalText,
	toPositiveId,
	toRequiredText,
} from './text';
export {
	toHttpsFileUrl,
	toOptionalHttpUrl,
	toOptionalMediaUrl,
	toV3WebhookUrl,
	toWebhookUrl,
	WEBHOOK_URL_MAX,
} from './url';
export {
	toBirthdate,
	toCustomFieldKey,
	toCustomFields,
	toEmail,
	toGender,
	toTags,
	toZipCode,
} from './subscriberProfile';
export { toLimit } from './pagination';
export { parseJson } from './json';
