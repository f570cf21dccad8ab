import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';

import { fingerprint } from './repeats.record';
import { classifyEvent, type TatangoEvent } from '../events';
import {
	ANSWERED_BY_FIELD,
	CARRIED_RECORD_FIELD,
	carriedToRun,
	claimInProcess,
	isRecorded,
	noteAnsweredBy,
	recordRun,
} from './repeats.memory';
import { windowOf } from './answers';

/**
 * Stage 4 of a call: whether the event already started the workflow (see repeats.memory.ts for what
 * each check covers). Test calls are never dropped, so a builder can send the same sample event
 * again. Static data is only read here: the run records the event, in execute().
 */
export function isRepeatCall(
	context: IWebhookFunctions,
	event: TatangoEvent,
	options: IDataObject,
): boolean {
	const windowMs = windowOf(options);
	if (context.getMode() === 'manual' || windowMs <= 0) return false;
	const key = fingerprint(event.identity);
	const now = Date.now();
	const repeat =
		isRecorded(context.getWorkflowStaticData('node'), key, now, windowMs) ||
		!claimInProcess(scopeOf(context), key, now, windowMs);
	if (repeat) {
		context.logger.debug('Tatango Trigger dropped a repeated event', {
			node: context.getNode().name,
			workflowId: context.getWorkflow().id,
			event: event.event,
		});
	}
	return repeat;
}

/** The trigger node in this process's memory: its workflow and name. */
function scopeOf(context: IWebhookFunctions | IExecuteFunctions): string {
	return `${context.getWorkflow().id ?? ''}\u0000${context.getNode().name}`;
}

/**
 * What webhook() hands a production run that checks repeats: hashes and times only (repeats.memory.ts
 * says when), removed before anything downstream sees it. Test calls and a check that is off carry
 * nothing: their runs check nothing.
 */
export function carriedRecord(context: IWebhookFunctions, options: IDataObject): IDataObject {
	if (context.getMode() === 'manual' || windowOf(options) <= 0) return {};
	return carriedToRun(context.getWorkflowStaticData('node'));
}

/**
 * The run's side of duplicate handling (execute()): records each event for good, and drops a copy
 * that passed webhook() in another process before the first copy's run was saved. Only runs started
 * by a production call are checked; test runs pass everything, like test calls, and so do runs
 * started any other way (a retry of a failed run, for one).
 */
export function firstDeliveries(context: IExecuteFunctions): INodeExecutionData[] {
	const carried: unknown[] = [];
	const answeredBy: unknown[] = [];
	const items = context.getInputData().map((item, index) => {
		const { [CARRIED_RECORD_FIELD]: record, [ANSWERED_BY_FIELD]: answerer, ...json } = item.json;
		if (record !== undefined) carried.push(record);
		if (answerer !== undefined) answeredBy.push(answerer);
		return { ...item, json, pairedItem: item.pairedItem ?? { item: index } };
	});
	const windowMs = windowOf(context.getNodeParameter('options', 0, {}) as IDataObject);
	if (context.getMode() !== 'webhook' || windowMs <= 0) return items;
	const answeredHere = noteAnsweredBy(answeredBy);

	const keyed: Array<{ index: number; key: string }> = [];
	items.forEach((item, index) => {
		const payload = item.json.payload;
		if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
		keyed.push({ index, key: fingerprint(classifyEvent(payload as IDataObject).identity) });
	});
	const keptKeyed = recordRun(
		context.getWorkflowStaticData('node'),
		keyed.map(({ key }) => key),
		Date.now(),
		windowMs,
		carried,
		answeredHere ? scopeOf(context) : undefined,
	);
	const dropped = new Set(keyed.filter((_, n) => !keptKeyed[n]).map(({ index }) => index));
	if (dropped.size > 0) {
		context.logger.debug('Tatango Trigger dropped a repeated event another run recorded first', {
			node: context.getNode().name,
			workflowId: context.getWorkflow().id,
			dropped: dropped.size,
		});
	}
	// An item without a payload object (not from webhook()) cannot be recognised: it passes.
	return items.filter((_, index) => !dropped.has(index));
}
