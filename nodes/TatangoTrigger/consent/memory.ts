// The trigger's view of the workflow's memory (nodes/shared/memory): revocations, and the claim
// that lets one delivery of a reply, of all that arrive, send its confirmation.
import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import {
	claimKeys,
	clearRevocation,
	recordRevocation,
	releaseKeys,
	workflowStore,
} from '../../shared/memory';
import type { ConsentMemory } from './honour';

const FEATURE = 'Honor Revocations';

/** The memory of the workflow the trigger's run belongs to. */
export function consentMemoryOf(context: IExecuteFunctions): ConsentMemory {
	return {
		recordRevocation: async (phone) => await recordRevocation(context, phone),
		clearRevocation: async (phone) => await clearRevocation(context, phone),
		async claimConfirmation(revocation) {
			const store = workflowStore(context, FEATURE);
			const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
			const claim = await claimKeys(store, 'confirmation', [revocation], token, sleep);
			await store.remove(claim.claimMarks);
			// Undecided (the store kept being overwritten): no confirmation rather than two.
			return claim.results.get(revocation) === 'claimed';
		},
		async releaseConfirmation(revocation) {
			await releaseKeys(workflowStore(context, FEATURE), 'confirmation', [revocation]);
		},
	};
}
