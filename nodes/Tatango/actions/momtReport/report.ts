import type { IDataObject } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { simplifyRecord } from '../simplify';

/**
 * A MOMT report as the node outputs it: Tatango's record with `isComplete` first, a flag to branch
 * on without knowing which fields Tatango fills in last (the docs only show `counts_calculated`
 * turning true; `percent_complete` reaching 100 means the same).
 */
export function isComplete(report: IDataObject): boolean {
	return report.counts_calculated === true || Number(report.percent_complete) >= 100;
}

/** A report that will not complete: it failed (`run_errors`) or was cancelled. */
export function hasStopped(report: IDataObject): boolean {
	const errors = report.run_errors;
	const failed =
		errors !== null &&
		errors !== undefined &&
		errors !== '' &&
		!(Array.isArray(errors) && errors.length === 0);
	return failed || report.cancelled === true;
}

/** Fields Simplify leaves out of a report: import bookkeeping and filters the API never sets. */
export const REPORT_SIMPLIFY_DROPS = [
	'account_id',
	'import_started_at',
	'import_completed_at',
	'processed_rows',
	'shortcode',
	'date_range',
	'campaign',
	'carrier',
	'phone_number',
	'direction',
	'status_array',
	'updated_at',
	'type',
	'is_csv',
	'webhook_callback_url',
	'message_type',
] as const;

export function reportOutput(report: IDataObject, simple: boolean): IDataObject {
	return {
		isComplete: isComplete(report),
		...(simple ? simplifyRecord(report, REPORT_SIMPLIFY_DROPS) : report),
	};
}

export function reportNotFound(reportId: unknown): string {
	return `MOMT report ${String(reportId)} was not found in this Tatango account`;
}

/** `GET /momt_reports/{id}`: the report record. */
export async function fetchReport(
	tatango: TatangoClient,
	reportId: number,
	i: number,
): Promise<IDataObject> {
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/momt_reports/${reportId}`,
			kind: 'read',
			notFound: reportNotFound(reportId),
			answerHolds: { key: 'momt_report', type: 'object' },
		},
		i,
	);
	return (body.momt_report ?? {}) as IDataObject;
}
