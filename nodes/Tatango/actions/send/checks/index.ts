import type { INodeProperties } from 'n8n-workflow';

import type { SendCheck } from '../types';
import { ledgerRequiredCheck } from './ledgerRequired';
import { optOutCheck } from './optOuts';
import { perNumberCapCheck } from './perNumberCap';
import { sendOnceCheck } from './sendOnce';
import { sendWindowCheck } from './sendWindow';

/**
 * Every guardrail on a text going out, in the order they run; the first that skips or refuses
 * decides. A text already sent (Send Once Per) is told first: a retry of it is `already_sent`, not
 * refused for the hour. A number that opted out is skipped before any other check can refuse it: it
 * is never to be texted, at any hour. A per-number cap counts a text last, once nothing else holds
 * it back. A new guardrail is one file in this folder and one line here.
 */
export const SEND_CHECKS: readonly SendCheck[] = [
	// A credential whose policy requires the compliance ledger refuses a node without one first.
	ledgerRequiredCheck,
	sendOnceCheck,
	optOutCheck,
	sendWindowCheck,
	perNumberCapCheck,
];

/** The guardrails' fields, in the checks' order: every texting operation shows them. */
export const guardrailFields: INodeProperties[] = SEND_CHECKS.flatMap((check) => check.fields);
