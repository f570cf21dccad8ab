export { InvalidInputError } from './InvalidInputError';
export { toTenDigitPhone } from './phone';
export { nonGsmCharacters, replaceCommonNonGsm, toGsm7Text } from './gsm7';
export {
	characterCount,
	toKeyword,
	toMessageContent,
	toOptionalText,
	toPositiveId,
	toRequiredText,
} from './text';
export { toOptionalMediaUrl, toWebhookUrl } from './url';
export {
	toBirthdate,
	toCustomFieldKey,
	toEmail,
	toGender,
	toTags,
	toZipCode,
} from './subscriberProfile';
export { validateOptInSettings } from './optInSettings';
export { toLimit } from './pagination';
export type { CollectedData, OptInRequest, OptInSettings, SuccessAction } from './optInSettings';
