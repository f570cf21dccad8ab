import type { IDataObject } from 'n8n-workflow';

/**
 * The Simplify option's output: the record without the fields named in `dropped`. Dropping known
 * fields (rather than keeping a fixed few) keeps what Tatango adds per account, such as a
 * subscriber's custom fields.
 */
export function simplifyRecord(record: IDataObject, dropped: readonly string[]): IDataObject {
	const omit = new Set(dropped);
	return Object.fromEntries(Object.entries(record).filter(([key]) => !omit.has(key)));
}
