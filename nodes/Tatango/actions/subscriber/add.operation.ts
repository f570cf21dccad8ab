import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Ambiguity, TatangoClient } from '../../../shared/transport';
import { toFlag, toTenDigitPhone } from '../../../shared/validation';
import { listLocator, phoneNumberField } from '../../../shared/fields';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { buildProfile, profileFieldOptions } from './profile';

const properties: INodeProperties[] = [
	listLocator,
	phoneNumberField('Mobile number of the subscriber, US or Canadian, in any common format'),
	{
		displayName: 'Bypass Opt-In Process',
		name: 'bypassOptInProcess',
		type: 'boolean',
		default: false,
		description:
			'Whether to add the number without the "Reply YES" opt-in text. Only for numbers whose consent you already collected.',
	},
	{
		displayName: 'Bypass Opt-In Response',
		name: 'bypassOptInResponse',
		type: 'boolean',
		default: false,
		description:
			'Whether to suppress the confirmation message Tatango sends after the add. Turn both bypass options on for a silent add.',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: profileFieldOptions(
			'Comma-separated tags, added to the tags the subscriber already has',
		),
	},
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['add'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Tatango's status texts, mapped to an outcome an IF or Switch node can branch on. */
const OUTCOMES: Array<[RegExp, string]> = [
	[/already subscribed/i, 'already_subscribed'],
	[/already been sent opt-in/i, 'opt_in_already_sent'],
	[/no opt-in message was sent/i, 'added_without_opt_in_message'],
	[/pending confirmation/i, 'pending_confirmation'],
	[/security timeout|wait \d+ hours?/i, 'refused_resubscribe_timeout'],
	[/^subscriber added/i, 'added'],
];

/**
 * The outcome of an add, from the status text and, where the text claims an add, the subscriber
 * Tatango returned: live, an add without the bypass flags stays pending until the number replies
 * YES (`optin_in_progress: true`) even on a single opt-in list, whatever the status text says.
 */
export function outcomeOf(status: unknown, subscriber?: unknown): string {
	const text = typeof status === 'string' ? status : '';
	const outcome = OUTCOMES.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown';
	const pending =
		typeof subscriber === 'object' &&
		subscriber !== null &&
		(subscriber as IDataObject).optin_in_progress === true;
	return pending && (outcome === 'added' || outcome === 'unknown')
		? 'pending_confirmation'
		: outcome;
}

export interface AddSubscriberInput {
	phoneNumber: unknown;
	bypassOptInProcess: boolean;
	bypassOptInResponse: boolean;
	additionalFields: IDataObject;
}

/** The `subscriber` object Tatango takes: validated profile fields, flags and flat custom fields. */
export function buildSubscriber(input: AddSubscriberInput): IDataObject {
	const subscriber: IDataObject = {
		phone_number: toTenDigitPhone(input.phoneNumber),
		...buildProfile(input.additionalFields),
	};
	if (input.bypassOptInProcess) subscriber.bypass_opt_in_process = true;
	if (input.bypassOptInResponse) subscriber.bypass_opt_in_response = true;
	return subscriber;
}

/** How a failure that leaves the add's outcome unknown is worded: it may have texted the number. */
function addAmbiguity(subscriber: IDataObject): Ambiguity {
	const silent =
		subscriber.bypass_opt_in_process === true && subscriber.bypass_opt_in_response === true;
	return {
		what: silent
			? 'The subscriber may have been added'
			: 'The opt-in text may have been sent (the subscriber may have been added)',
		hint: `Tatango may have taken the request before the failure. Running this again is safe: for a number it already has, Tatango answers "already subscribed" or "already been sent opt-in message" and texts nothing more. Subscriber → Get shows whether ${String(subscriber.phone_number)} is on the list.`,
	};
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const subscriber = buildSubscriber({
		phoneNumber: this.getNodeParameter('phoneNumber', i),
		bypassOptInProcess: toFlag(
			this.getNodeParameter('bypassOptInProcess', i, false),
			'Bypass Opt-In Process',
		),
		bypassOptInResponse: toFlag(
			this.getNodeParameter('bypassOptInResponse', i, false),
			'Bypass Opt-In Response',
		),
		additionalFields: this.getNodeParameter('additionalFields', i, {}) as IDataObject,
	});
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: `/api/v2/lists/${listId}/subscribers`,
			body: { subscriber },
			// A repeated add cannot text twice: Tatango answers "already sent opt-in" or "already
			// subscribed". So a failed add is retried like any idempotent call; but the add texts the
			// number, so a failure that leaves the outcome unknown says the text may have gone out.
			kind: 'idempotent',
			notFound: listNotFound(listId),
			ambiguity: addAmbiguity(subscriber),
		},
		i,
	);
	return { outcome: outcomeOf(body.status, body.subscriber), listId, ...body };
}
