import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep, updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toDateTimeRange, toFlag, toOptionalHttpUrl } from '../../../shared/validation';
import {
	MAX_WAIT_MINUTES,
	MIN_CHECK_SECONDS,
	toPollSchedule,
	type PollSchedule,
} from './waiting.rules';
import { simplifyField } from '../common.descriptions';
import { fetchReport, hasStopped, isComplete, reportOutput } from './report';

const properties: INodeProperties[] = [
	{
		displayName: 'Date From',
		name: 'dateFrom',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			"Start of the report's period. Without a time zone in the value, the workflow's time zone applies.",
	},
	{
		displayName: 'Date To',
		name: 'dateTo',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			"End of the report's period. Without a time zone in the value, the workflow's time zone applies.",
	},
	{
		displayName: 'Wait Until Complete',
		name: 'waitUntilComplete',
		type: 'boolean',
		default: false,
		description:
			'Whether to check the report until Tatango has finished it, and output the finished report (with its download link, s3_url). Off: output the report as just created.',
	},
	{
		displayName: 'Max Wait (Minutes)',
		name: 'maxWaitMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_WAIT_MINUTES, numberPrecision: 1 },
		default: 10,
		displayOptions: { show: { waitUntilComplete: [true] } },
		description: `Stop waiting after this long (at most ${MAX_WAIT_MINUTES}) and output the report as it is then, with isComplete false`,
	},
	{
		displayName: 'Check Every (Seconds)',
		name: 'checkEverySeconds',
		type: 'number',
		typeOptions: { minValue: MIN_CHECK_SECONDS },
		default: 15,
		displayOptions: { show: { waitUntilComplete: [true] } },
		description:
			"Time between checks. Each check is a call against the credential's rate limit (Tatango allows one every 3 seconds).",
	},
	simplifyField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Callback URL',
				name: 'callbackUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://n8n.example.com/webhook/momt-done',
				description: 'A URL Tatango calls when the report is finished',
			},
		],
	},
];

const displayOptions = { show: { resource: ['momtReport'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export interface MomtReportInput {
	dateFrom: unknown;
	dateTo: unknown;
	callbackUrl?: unknown;
	timeZone: string;
}

/** `POST /momt_reports` body (not wrapped): `{date_from, date_to, webhook_callback_url?}`. */
export function buildMomtReportBody(input: MomtReportInput): IDataObject {
	const range = toDateTimeRange(
		input.dateFrom,
		input.dateTo,
		{ from: 'Date From', to: 'Date To' },
		input.timeZone,
	);
	const callback = toOptionalHttpUrl(input.callbackUrl, 'Callback URL');
	return {
		date_from: range.from,
		date_to: range.to,
		...(callback ? { webhook_callback_url: callback } : {}),
	};
}

/** Adds where the report can be found to an error raised while waiting for it. */
function withReportId(error: unknown, reportId: unknown): unknown {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const hint = `MOMT report ${String(reportId)} was created; read it later with MOMT Report → Get.`;
		error.description = error.description ? `${error.description} ${hint}` : hint;
	}
	return error;
}

/**
 * Checks the report every `intervalMs` until it is complete, failed or cancelled, or until
 * `maxWaitMs` has passed. Each check goes through the transport, so it is paced with every other
 * call of the credential and waits out a 429.
 */
async function waitForReport(
	tatango: TatangoClient,
	created: IDataObject,
	schedule: PollSchedule,
	i: number,
): Promise<{ report: IDataObject; waitedMs: number }> {
	const reportId = Number(created.id);
	const started = Date.now();
	let report = created;
	while (!isComplete(report) && !hasStopped(report)) {
		const remaining = schedule.maxWaitMs - (Date.now() - started);
		if (remaining <= 0) break;
		await sleep(Math.min(schedule.intervalMs, remaining));
		try {
			report = await fetchReport(tatango, reportId, i);
		} catch (error) {
			throw withReportId(error, reportId);
		}
	}
	return { report, waitedMs: Date.now() - started };
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const body = buildMomtReportBody({
		dateFrom: this.getNodeParameter('dateFrom', i),
		dateTo: this.getNodeParameter('dateTo', i),
		callbackUrl: options.callbackUrl,
		timeZone: this.getTimezone(),
	});
	const wait = toFlag(
		this.getNodeParameter('waitUntilComplete', i, false),
		'Wait Until Complete',
		false,
	);
	const schedule = wait
		? toPollSchedule(
				this.getNodeParameter('maxWaitMinutes', i, 10),
				this.getNodeParameter('checkEverySeconds', i, 15),
			)
		: undefined;
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);

	const { body: answer } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: '/api/v2/momt_reports',
			body,
			// A repeat after a lost answer makes a second report of the same period: harmless, so
			// the call is retried like an idempotent one.
			kind: 'idempotent',
			answerHolds: { key: 'momt_report', type: 'object' },
		},
		i,
	);
	const created = (answer.momt_report ?? {}) as IDataObject;
	if (!schedule) return reportOutput(created, simple);

	if (!Number.isSafeInteger(Number(created.id)) || Number(created.id) < 1) {
		// Polling "momt_reports/undefined" would only ever answer "not found".
		throw new NodeOperationError(
			this.getNode(),
			`Tatango's answer to creating the report has no report ID (id: ${JSON.stringify(created.id ?? null)}), so it cannot be checked until complete`,
			{
				itemIndex: i,
				description:
					'The report may have been created: look for it in Tatango before creating it again, or turn off Wait Until Complete.',
			},
		);
	}
	const { report, waitedMs } = await waitForReport(tatango, created, schedule, i);
	const output: IDataObject = {
		...reportOutput(report, simple),
		waitedSeconds: Math.round(waitedMs / 1000),
	};
	if (!isComplete(report)) {
		output.note = hasStopped(report)
			? 'Tatango stopped this report before it was complete (see run_errors and cancelled).'
			: `The report was not complete after ${schedule.maxWaitMs / 60000} minutes; read it later with MOMT Report → Get.`;
	}
	return output;
}
