import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { phoneNumberField } from '../../../shared/fields';
import {
	DAY_MS,
	latestConsent,
	Ledger,
	LIVE_STATUSES,
	type LedgerRow,
} from '../../../shared/ledger';
import { hasLedger, LEDGER_API } from '../../../shared/transport';
import { toLimit, toTenDigitPhone } from '../../../shared/validation';

const properties: INodeProperties[] = [
	phoneNumberField('The US or Canadian number whose record to read, in any common format'),
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
	},
];

const displayOptions = {
	show: { resource: ['complianceLedger'], operation: ['getNumberHistory'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** One record as its reader wants it: the verdicts as an object, no bookkeeping columns. */
function recordOf(row: LedgerRow): IDataObject {
	let verdicts: unknown = row.verdicts ?? null;
	if (typeof verdicts === 'string' && verdicts !== '') {
		try {
			verdicts = JSON.parse(verdicts);
		} catch {
			// Written by hand in the table: shown as it is.
		}
	}
	const record: IDataObject = {
		id: row.id,
		kind: row.kind,
		when: row.when ?? new Date(row.at).toISOString(),
		status: row.status ?? null,
		channel: row.channel ?? null,
		workflow: row.workflow ?? null,
		workflowName: row.workflowName ?? null,
		execution: row.execution ?? null,
		node: row.node ?? null,
		sendOnceKey: row.sendOnceKey ?? null,
		capSubject: row.capSubject ?? null,
		capLimit: row.capLimit ?? null,
		count: row.count ?? null,
		verdicts: verdicts as IDataObject,
		rule: row.rule ?? null,
		consent: row.consent ?? null,
		transactionId: row.transactionId ?? null,
		reason: row.reason ?? null,
		words: row.words ?? null,
	};
	return record;
}

/**
 * One number's record in the compliance ledger: its consent now, how many texts it had in the last
 * 24 hours, and every row (texts sent or held back with each guardrail's verdict, revocations and
 * opt-ins with the reply's words), newest first. No call to Tatango.
 */
export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const phoneNumber = toTenDigitPhone(this.getNodeParameter('phoneNumber', i));
	const limit = toLimit(this.getNodeParameter('limit', i, 50));
	if (!hasLedger(this)) {
		throw new NodeOperationError(
			this.getNode(),
			`This operation reads the compliance ledger and no "${LEDGER_API.credentialName}" credential is selected`,
			{
				itemIndex: i,
				description: `Choose one under "Credential for ${LEDGER_API.credentialName}" at the top of this node's parameters (docs/ledger.md).`,
			},
		);
	}
	const workflow = this.getWorkflow();
	const ledger = await Ledger.open(
		this,
		{
			workflow: String(workflow.id ?? ''),
			workflowName: String(workflow.name ?? ''),
			execution: String(this.getExecutionId() ?? ''),
			node: this.getNode().name,
		},
		{ itemIndex: i },
	);
	const rows = await ledger.historyOf(phoneNumber, Number.MAX_SAFE_INTEGER, i);
	const consent = latestConsent(rows);
	const now = Date.now();
	const textsInLast24Hours = rows.filter(
		(row) => row.kind === 'text' && LIVE_STATUSES.has(String(row.status)) && row.at > now - DAY_MS,
	).length;
	return {
		phoneNumber,
		consent: consent
			? {
					state: consent.kind === 'revocation' ? 'revoked' : 'opted_in',
					when: consent.when ?? new Date(consent.at).toISOString(),
					words: consent.words ?? null,
				}
			: { state: 'no_record' },
		textsInLast24Hours,
		records: rows.slice(0, limit).map(recordOf),
		recordsOnFile: rows.length,
	};
}
