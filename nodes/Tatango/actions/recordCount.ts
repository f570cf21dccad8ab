import type { IExecuteFunctions } from 'n8n-workflow';

import type { RecordCount } from '../../shared/transport/pagination';
import { toFlag, toLimit } from '../../shared/validation';

/** Return All / Limit of item `i`, validated (see `returnAllField` and `limitField`). */
export function recordCountOf(context: IExecuteFunctions, i: number): RecordCount {
	const returnAll = toFlag(context.getNodeParameter('returnAll', i, false), 'Return All');
	return { returnAll, limit: returnAll ? 0 : toLimit(context.getNodeParameter('limit', i, 50)) };
}
