import { NodeOperationError } from 'n8n-workflow';

import { LEDGER_API } from '../../../../shared/transport';
import type { SendCheck } from '../types';

/**
 * Require a Compliance Ledger (a policy on the Tatango credentials): a text through such a
 * credential from a node with no ledger credential is refused before anything else, naming the
 * fix. It has no field of its own; the compliance owner sets it once (docs/ledger.md).
 */
export const ledgerRequiredCheck: SendCheck = {
	name: 'ledgerRequired',
	fields: [],
	start(run) {
		return {
			async before(text) {
				if (run.ledger) return { verdict: 'off' };
				const credentials = await run.tatango.credentials(text.channel === 'V2' ? 'v2' : 'v3');
				if (credentials.requireComplianceLedger !== true) return { verdict: 'off' };
				const rule = { name: 'Require a Compliance Ledger', citation: "the credential's policy" };
				const error = new NodeOperationError(
					run.context.getNode(),
					`Not sent: the Tatango credential requires a compliance ledger and this node has none`,
					{
						itemIndex: text.itemIndex,
						description: `Choose a "${LEDGER_API.credentialName}" credential under "Credential for ${LEDGER_API.credentialName}" at the top of this node's parameters (docs/ledger.md), or ask the credential's owner. Nothing was sent.`,
					},
				);
				return { verdict: 'refuse', rule, error };
			},
		};
	},
};
