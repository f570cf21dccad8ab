import type { SendRecorder } from './types';

/**
 * What hears about every text the send path sends or holds back, with each check's verdict and the
 * outcome (types.ts `TextRecord`): the compliance ledger, when the node has one (docs/ledger.md).
 */
const ledgerRecorder: SendRecorder = {
	start(run) {
		const ledger = run.ledger;
		if (!ledger) return undefined;
		return {
			text: async (record) => await ledger.record(record),
			end: async () => await ledger.end(),
		};
	},
};

export const SEND_RECORDERS: readonly SendRecorder[] = [ledgerRecorder];
