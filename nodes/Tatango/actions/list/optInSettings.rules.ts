import { InvalidInputError } from '../../../shared/validation';

export type CollectedData = 'zip_code' | 'email_address' | 'first_name' | 'yes';
export type SuccessAction = 'nextrequest' | 'optinsubscriber';

/** One opt-in request of a double opt-in list, as sent to Tatango's opt-in settings endpoint. */
export interface OptInRequest {
	collected_data: CollectedData;
	request_message: string;
	retry_message: string;
	follow_up: boolean;
	follow_up_hour: number | null;
	no_response_message: string | null;
	opt_in_message: string | null;
	second_opt_in_message: string | null;
	success_action: SuccessAction;
}

export interface OptInSettings {
	opt_in_type: 'single' | 'double';
	bypass_opt_in_response?: boolean;
	first_optin_message?: string | null;
	second_optin_message?: string | null;
	opt_in_requests?: OptInRequest[];
}

const COLLECTED_DATA: CollectedData[] = ['zip_code', 'email_address', 'first_name', 'yes'];
const SUCCESS_ACTIONS: SuccessAction[] = ['nextrequest', 'optinsubscriber'];

/**
 * The rules Tatango puts on opt-in settings: double needs at least one request and the last one
 * must subscribe the number; a follow-up hour is given exactly when follow-up is on; single opt-in
 * takes no requests.
 */
export function validateOptInSettings(settings: OptInSettings): OptInSettings {
	if (settings.opt_in_type !== 'single' && settings.opt_in_type !== 'double') {
		throw new InvalidInputError(
			'Opt-In Type',
			`"${String(settings.opt_in_type)}" is not single or double`,
		);
	}
	const requests = settings.opt_in_requests ?? [];
	if (settings.opt_in_type === 'single') {
		if (requests.length > 0) {
			throw new InvalidInputError(
				'Opt-In Requests',
				'are for double opt-in only; a single opt-in list takes none',
			);
		}
		return settings;
	}
	if (requests.length === 0) {
		throw new InvalidInputError('Opt-In Requests', 'double opt-in needs at least one request');
	}
	requests.forEach((request, index) => {
		const where = `Opt-In Requests (request ${index + 1})`;
		if (!COLLECTED_DATA.includes(request.collected_data)) {
			throw new InvalidInputError(
				where,
				`Collected Data "${String(request.collected_data)}" is not one of ${COLLECTED_DATA.join(', ')}`,
			);
		}
		if (!SUCCESS_ACTIONS.includes(request.success_action)) {
			throw new InvalidInputError(
				where,
				`Success Action "${String(request.success_action)}" is not one of ${SUCCESS_ACTIONS.join(', ')}`,
			);
		}
		if (!request.request_message?.trim()) {
			throw new InvalidInputError(where, 'Request Message is required');
		}
		if (!request.retry_message?.trim()) {
			throw new InvalidInputError(where, 'Retry Message is required');
		}
		if (request.follow_up) {
			if (!Number.isInteger(request.follow_up_hour) || (request.follow_up_hour as number) < 1) {
				throw new InvalidInputError(
					where,
					'Follow-Up Hour must be a whole number of hours (1 or more) when Follow Up is on',
				);
			}
		} else if (request.follow_up_hour !== null && request.follow_up_hour !== undefined) {
			throw new InvalidInputError(where, 'Follow-Up Hour is set only when Follow Up is on');
		}
	});
	const lastAction = requests[requests.length - 1].success_action;
	if (lastAction !== 'optinsubscriber') {
		throw new InvalidInputError(
			'Opt-In Requests',
			`the last request must subscribe the number (Success Action "Subscribe the Number"), not "${lastAction}"`,
		);
	}
	return settings;
}
