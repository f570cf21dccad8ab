import type { INodeProperties } from 'n8n-workflow';

/** When a field is unset (a credential saved before it existed): the transport reads these. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS = 120;
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 60;

/**
 * How long a call may wait, on either credential: for Tatango's rate limit, and for its answer. Read
 * by the transport (nodes/shared/transport/apis.ts).
 */
export const callLimitFields: INodeProperties[] = [
	{
		displayName: 'Max Wait When Rate Limited (Seconds)',
		name: 'maxRateLimitWait',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
		description:
			'When Tatango answers 429 (too many requests), the node waits and tries again, for at most this long per call, before failing the item',
	},
	{
		displayName: 'Request Timeout (Seconds)',
		name: 'requestTimeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_REQUEST_TIMEOUT_SECONDS,
		description:
			'How long the node waits for Tatango to answer one request. A send that times out is not tried again (it may have gone out): the item fails saying so.',
	},
];
