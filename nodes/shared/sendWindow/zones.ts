import {
	FixedOffsetZone,
	IANAZone,
	Zone,
	type ZoneOffsetFormat,
	type ZoneOffsetOptions,
} from 'luxon';

import { TZ_CORRECTIONS, type TzCorrection } from './tzCorrections.generated';

/**
 * A zone whose last clock change came in a tz release some supported runtime lacks (British
 * Columbia's permanent -07: Node.js 20 carries tz 2025c). Where the runtime lacks it: the runtime's
 * offsets before the change, the carried fixed offset from it on. Where the runtime has it: the
 * runtime's offsets (later changes included). Either way the abbreviation after the change is the
 * carried one (IANA's MST; Node.js 24's ICU still names it PDT), so the texts read the same.
 * Luxon does all calendar math through `offset()`, so local days and wall-clock minutes follow.
 */
class CarriedZone extends Zone {
	private readonly runtime: IANAZone;
	private readonly from: number;

	constructor(
		private readonly zoneName: string,
		private readonly correction: TzCorrection,
		/** Whether the runtime's tz data lacks the change (then the carried offset is used). */
		readonly runtimeLacksChange: boolean,
	) {
		super();
		this.runtime = IANAZone.create(zoneName);
		this.from = Date.parse(correction.from);
	}

	// Not 'iana': luxon would then format with Intl under the zone's name, i.e. the runtime's data.
	get type() {
		return 'carried';
	}

	get name() {
		return this.zoneName;
	}

	get isUniversal() {
		return false;
	}

	get isValid() {
		return true;
	}

	offset(ts: number): number {
		return this.runtimeLacksChange && ts >= this.from
			? this.correction.offset
			: this.runtime.offset(ts);
	}

	offsetName(ts: number, options: ZoneOffsetOptions): string {
		const offset = this.offset(ts);
		if (ts < this.from || offset !== this.correction.offset) {
			return this.runtime.offsetName(ts, options) ?? '';
		}
		return options.format === 'long'
			? FixedOffsetZone.instance(offset).name
			: this.correction.abbreviation;
	}

	formatOffset(ts: number, format: ZoneOffsetFormat): string {
		return FixedOffsetZone.instance(this.offset(ts)).formatOffset(ts, format);
	}

	equals(other: Zone): boolean {
		return other.type === this.type && other.name === this.name;
	}
}

/** A month after the change: where the runtime's offset shows whether its data has the change. */
const PROBE_AFTER_MS = 30 * 24 * 3600 * 1000;

/**
 * Whether the runtime's tz data lacks a carried change (then the carried data is used). A runtime
 * that has it, possibly with later changes, is used as is.
 */
function runtimeLacks(zone: string, correction: TzCorrection): boolean {
	const probe = Date.parse(correction.from) + PROBE_AFTER_MS;
	return IANAZone.create(zone).offset(probe) !== correction.offset;
}

const zones = new Map<string, Zone>();

/**
 * The luxon zone to read an IANA zone in: the runtime's, or, for a zone in
 * tzCorrections.generated.ts, one that keeps the carried release's offsets on an older runtime.
 */
export function timeZone(name: string): Zone {
	let zone = zones.get(name);
	if (!zone) {
		const correction = TZ_CORRECTIONS[name];
		zone = correction
			? new CarriedZone(name, correction, runtimeLacks(name, correction))
			: IANAZone.create(name);
		zones.set(name, zone);
	}
	return zone;
}

/** The zones this runtime's tz data gets wrong and the carried data corrects. */
export function correctedZones(): string[] {
	return Object.keys(TZ_CORRECTIONS).filter(
		(name) => (timeZone(name) as CarriedZone).runtimeLacksChange,
	);
}
