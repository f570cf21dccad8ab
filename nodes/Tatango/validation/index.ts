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
export { CUSTOM_FIELD_MAX_LENGTH, toCustomFieldDefinition } from './customField';
export type { CustomFieldContentType, CustomFieldDefinition } from './customField';
export { toTenDigitPhone } from './phone';
export { replaceCommonNonGsm, septetCount, toGsm7Text } from './gsm7';
export { LIST_NAME_MAX, toDigestEmail, toKeywordList, toListName } from './list';
export {
	numberOf,
	textOf,
	toFlag,
	toKeyword,
	toMessageContent,
	toOptionalText,
	toPositiveId,
	toRequiredText,
} from './text';
export { toResumeWebhookUrl } from './resumeUrl';
export {
	toHttpsFileUrl,
	toOptionalHttpUrl,
	toOptionalMediaUrl,
	toV3WebhookUrl,
	toWebhookUrl,
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
export { validateOptInSettings } from './optInSettings';
export { toLimit } from './pagination';
export { toCarouselCardsFromJson, toCarouselPayload, toRcsCardBody } from './rcsCard';
export type { RcsCardInput } from './rcsCard';
export type { CollectedData, OptInRequest, OptInSettings, SuccessAction } from './optInSettings';
export {
	TEMPLATE_CATEGORIES,
	toTemplateCategory,
	toTemplateLanguage,
	toTemplateName,
	toTemplateStructure,
} from './whatsApp';
export { MAX_WAIT_MINUTES, MIN_CHECK_SECONDS, toPollSchedule } from './waiting';
export type { PollSchedule } from './waiting';
