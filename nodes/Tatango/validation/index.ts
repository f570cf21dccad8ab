export { InvalidInputError } from './InvalidInputError';
export { toTenDigitPhone } from './phone';
export { nonGsmCharacters, replaceCommonNonGsm, septetCount, toGsm7Text } from './gsm7';
export {
	characterCount,
	toKeyword,
	toMessageContent,
	toOptionalText,
	toPositiveId,
	toRequiredText,
} from './text';
export { toHttpsFileUrl, toOptionalMediaUrl, toV3WebhookUrl, toWebhookUrl } from './url';
export {
	toBirthdate,
	toCustomFieldKey,
	toEmail,
	toGender,
	toTags,
	toZipCode,
} from './subscriberProfile';
export { validateOptInSettings } from './optInSettings';
export { toRcsCardBody } from './rcsCard';
export type { RcsCardInput } from './rcsCard';
export type { CollectedData, OptInRequest, OptInSettings, SuccessAction } from './optInSettings';
