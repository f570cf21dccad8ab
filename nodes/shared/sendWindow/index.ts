import type { IDataObject } from 'n8n-workflow';
import { DateTime } from 'luxon';

import {
	areaCodeInfo,
	jurisdictionsFor,
	ruleOutput,
	sendWindow,
	type SendWindowScope,
} from './window';
import type { CheckedAgainst } from './rules';

export { AREA_CODES_SOURCE, AREA_CODES_TAKEN } from './areaCodes.generated';
export {
	describeHours,
	JURISDICTIONS,
	NOT_CHECKED,
	ruleInForce,
	SEND_WINDOW_RULES,
	type CheckedAgainst,
	type SendWindowRule,
} from './rules';
export { isHoliday, holidaysIn } from './holidays';
export { areaCodeInfo, jurisdictionsFor, sendWindow, type SendWindowScope } from './window';
export { stricterScope, toSendWindowScope } from './scope';
export { correctedZones, timeZone } from './zones';
export { TZ_CARRIED_RELEASE, TZ_CORRECTIONS } from './tzCorrections.generated';

/** ISO 8601 with the offset, to the second (what a Wait node and people read). */
const iso = (t: DateTime) => t.startOf('second').toISO({ suppressMilliseconds: true }) as string;

/** The rule that decided, as outputs show it. */
export interface RuleOutput extends IDataObject {
	name: string;
	hours: string;
	citation: string;
	/** The same as `citation`, as earlier releases named it. */
	source: string;
	effectiveFrom: string;
	effectiveUntil?: string;
	lastCheckedOn: string;
	checkedAgainst: CheckedAgainst;
	note?: string;
}

/** Phone Number → Check Send Window's output. */
export interface SendWindowOutput extends IDataObject {
	phoneNumber: string;
	country: string;
	areaCode: string;
	stateOrProvince: string;
	timeZones: string[];
	checkedAt: string;
	localTime: string;
	timeZone: string;
	allowedNow: boolean;
	nextAllowedAt: string;
	allowedUntil?: string;
	rules: SendWindowScope;
	rule: RuleOutput;
}

/**
 * Where a ten-digit number is and whether a text may reach it at `atMs` under the scope's rules:
 * the output of Phone Number → Check Send Window, and what the Quiet Hours check refuses with.
 */
export function checkSendWindow(tenDigits: string, atMs: number, scope: SendWindowScope) {
	const info = areaCodeInfo(tenDigits);
	const at = DateTime.fromMillis(atMs, { zone: 'utc' });
	const result = sendWindow(info, jurisdictionsFor(info, scope), at);
	const output: SendWindowOutput = {
		phoneNumber: tenDigits,
		country: info.country,
		areaCode: info.areaCode,
		stateOrProvince: info.regions.join(', '),
		timeZones: info.timeZones,
		checkedAt: iso(at),
		localTime: iso(result.localTime),
		timeZone: result.decidedBy.zone,
		allowedNow: result.allowedNow,
		nextAllowedAt: iso(result.nextAllowed),
		...(result.allowedUntil ? { allowedUntil: iso(result.allowedUntil) } : {}),
		rules: scope,
		rule: ruleOutput(result.decidedBy.rule),
	};
	return { output, result };
}
