import type { IExecuteFunctions } from 'n8n-workflow';

import type { RecordCount } from '../transport/pagination';
import { toLimit } from '../validation';

/** Return All / Limit of item `i`, validated (see `returnAllField` and `limitField`). */
export function recordCountOf(context: IExecuteFunctions, i: number): RecordCount {
	const returnAll = context.getNodeParameter('returnAll', i, false) as boolean;
	return { returnAll, limit: returnAll ? 0 : toLimit(context.getNodeParameter('limit', i, 50)) };
}
