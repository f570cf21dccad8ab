import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { createTatangoClient, type TatangoClient } from '../../shared/transport';
import { outcomeOf } from './send/outcome';
import { TEXTING_OPERATIONS } from './send/pipeline';
import { SendRun } from './send/run';
import { InvalidInputError } from '../../shared/validation';
import * as broadcastMessage from './broadcastMessage/broadcastMessage.resource';
import * as complianceLedger from './complianceLedger/complianceLedger.resource';
import * as customField from './customField/customField.resource';
import * as keyword from './keyword/keyword.resource';
import * as list from './list/list.resource';
import * as momtReport from './momtReport/momtReport.resource';
import type { TatangoType } from './node.type';
import * as mms from './mms/mms.resource';
import * as phoneNumber from './phoneNumber/phoneNumber.resource';
import * as rcs from './rcs/rcs.resource';
import * as sms from './sms/sms.resource';
import * as subscriber from './subscriber/subscriber.resource';
import * as transactionalMessage from './transactionalMessage/transactionalMessage.resource';
import * as whatsApp from './whatsApp/whatsApp.resource';

/** One record, or many (Get Many): every one becomes an output item paired with input item `i`. */
export type OperationResult = IDataObject | IDataObject[];

/** An operation on item `i`; one that texts a person sends through the node run's `SendRun`. */
type Operation = (
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
	sends: SendRun,
) => Promise<OperationResult>;

type OperationsOf<R extends TatangoType['resource']> = Extract<
	TatangoType,
	{ resource: R }
>['operation'];

/**
 * Every resource/operation pair of the node type is wired here, or this does not compile. Send and
 * Wait runs once per execution, not per item (see router below).
 */
const operations: {
	[R in TatangoType['resource']]: { [O in Exclude<OperationsOf<R>, 'sendAndWait'>]: Operation };
} = {
	complianceLedger: { getNumberHistory: complianceLedger.getNumberHistory.execute },
	customField: {
		create: customField.create.execute,
		delete: customField.delete.execute,
		getMany: customField.getMany.execute,
	},
	subscriber: {
		add: subscriber.add.execute,
		addTagsToMany: subscriber.addTagsToMany.execute,
		get: subscriber.get.execute,
		getMany: subscriber.getMany.execute,
		removeTags: subscriber.removeTags.execute,
		unsubscribe: subscriber.unsubscribe.execute,
		update: subscriber.update.execute,
	},
	keyword: { checkAvailability: keyword.checkAvailability.execute },
	transactionalMessage: { send: transactionalMessage.send.execute },
	list: {
		create: list.create.execute,
		delete: list.deleteList.execute,
		deleteTags: list.deleteTags.execute,
		get: list.get.execute,
		getMany: list.getMany.execute,
		setKeywords: list.setKeywords.execute,
		update: list.update.execute,
		updateOptInSettings: list.updateOptInSettings.execute,
	},
	momtReport: { create: momtReport.create.execute, get: momtReport.get.execute },
	broadcastMessage: {
		get: broadcastMessage.get.execute,
		getMany: broadcastMessage.getMany.execute,
		send: broadcastMessage.send.execute,
	},
	mms: { send: mms.send.execute },
	phoneNumber: { checkSendWindow: phoneNumber.checkSendWindow.execute },
	rcs: {
		sendCarousel: rcs.sendCarousel.execute,
		sendFile: rcs.sendFile.execute,
		sendRichCard: rcs.sendRichCard.execute,
		sendText: rcs.sendText.execute,
	},
	sms: { send: sms.send.execute },
	whatsApp: {
		sendTemplate: whatsApp.sendTemplate.execute,
		uploadTemplate: whatsApp.uploadTemplate.execute,
	},
};

/** Input rule violations become NodeOperationErrors naming the field, the rule and the item. */
function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof InvalidInputError) {
		return new NodeOperationError(context.getNode(), `Invalid ${error.message}`, {
			itemIndex,
			description:
				error.hint ??
				`Item ${itemIndex}: fix "${error.field}" and run again. Nothing was sent to Tatango.`,
		});
	}
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/**
 * Continue On Fail's output for a failed item: `error` and `details` in json, no item-level error
 * object (n8n would rewrite such an item's json to the message alone, losing the hint). These keys
 * still route it to the error output under "Continue (using error output)". A refusal that says
 * when to try again (Quiet Hours' `nextAllowedAt`) puts that in the error's `context.itemFields`.
 */
function errorItem(
	nodeError: NodeApiError | NodeOperationError,
	i: number,
	outcome?: string,
): INodeExecutionData {
	const itemFields = nodeError.context?.itemFields as IDataObject | undefined;
	return {
		json: {
			...(outcome ? { outcome } : {}),
			error: nodeError.message,
			...(nodeError.description ? { details: nodeError.description } : {}),
			...(itemFields ?? {}),
		},
		pairedItem: { item: i },
	};
}

/**
 * Send and Wait for Reply: one send for the whole run, then the execution waits (its output comes
 * when it resumes). A failure before waiting is every input item's error under Continue On Fail.
 */
async function sendAndWait(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const sends = new SendRun(this, createTatangoClient(this));
	try {
		return await sms.sendAndWait.execute.call(this, sends);
	} catch (error) {
		const nodeError = asNodeError(this, error, 0);
		if (this.continueOnFail()) {
			const outcome = outcomeOf(error) ?? 'not_sent';
			return [this.getInputData().map((_, i) => errorItem(nodeError, i, outcome))];
		}
		throw nodeError;
	} finally {
		await sends.end();
	}
}

/**
 * Whether an AI agent runs this node as its tool (n8n's `usableAsTool` variant, type `…Tool`). A
 * tool that throws hands the model an empty result in n8n 2.41, so as a tool every failure (a
 * rule the input broke, Tatango's refusal) comes back as the tool's output, a text the model reads.
 */
function runsAsAiTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * Runs the chosen operation once per input item. Every input item ends as its output items (one per
 * record the operation returned, none when a Get Many found nothing, each paired with the input
 * item) or as one error: with Continue On Fail the error becomes that item's output.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as TatangoType['resource'];
	const operation = this.getNodeParameter('operation', 0) as string;
	if (resource === 'sms' && operation === SEND_AND_WAIT_OPERATION)
		return await sendAndWait.call(this);
	const run = (operations[resource] as Record<string, Operation> | undefined)?.[operation];
	if (!run) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	}

	const tatango = createTatangoClient(this);
	const sends = new SendRun(this, tatango);
	const returnData: INodeExecutionData[] = [];
	try {
		await runItems.call(this, run, tatango, sends, returnData);
	} finally {
		await sends.end();
	}
	return [returnData];
}

/** A texting operation's failed item says what became of its text (send/outcome.ts). */
function failedOutcome(context: IExecuteFunctions, error: unknown): string | undefined {
	const resource = String(context.getNodeParameter('resource', 0));
	const operation = String(context.getNodeParameter('operation', 0));
	if (!TEXTING_OPERATIONS.has(`${resource}:${operation}`)) return undefined;
	return outcomeOf(error) ?? 'not_sent';
}

/** Runs `run` for every input item, in order, into `returnData`. */
async function runItems(
	this: IExecuteFunctions,
	run: Operation,
	tatango: TatangoClient,
	sends: SendRun,
	returnData: INodeExecutionData[],
) {
	const items = this.getInputData();
	for (let i = 0; i < items.length; i++) {
		try {
			const result = await run.call(this, i, tatango, sends);
			// Not returnJsonArray: it would take a record's own `json` key (a custom field can be
			// called that) for an already wrapped item.
			const records = Array.isArray(result) ? result : [result];
			returnData.push(
				...this.helpers.constructExecutionMetaData(
					records.map((json) => ({ json })),
					{ itemData: { item: i } },
				),
			);
		} catch (error) {
			const nodeError = asNodeError(this, error, i);
			if (this.continueOnFail() || runsAsAiTool(this)) {
				returnData.push(errorItem(nodeError, i, failedOutcome(this, error)));
				continue;
			}
			throw nodeError;
		}
	}
}
