// One node run's counting of capped texts in the per-workflow memory: each number and subject's
// count read once (countFirst, or counted ahead in one call for a batch of READ_AHEAD texts: a
// campaign texting each number once then costs no call per text), then kept up to date by the
// run's own texts. The next batch is counted while the current one sends, so no text waits for a
// batch's call. A count taken ahead for an item that never sends is given back once the run has
// passed it, or at the run's end. Whether a text may go is caps.ts's decideCap (capCount.ts's rule).
import type { CapCount } from '../capCount';
import { MAX_CUSTOM_CAP } from '../capRules';
import {
	type AheadCount,
	type CapTally,
	countFirst,
	countFirstAhead,
	countOneMore,
	type CountedText,
	keepAllCountedAhead,
	keepCountedAhead,
	readMinutes,
} from './caps';
import type { MarkStore } from './store';

/** Items whose numbers are read ahead, and their first texts counted, in one call. */
const READ_AHEAD = 100;

/** A run's counts are kept per number and subject: the marks do not depend on the limit. */
const tallyKey = (tally: CapTally) => `${tally.phone}/${tally.subject}`;

/**
 * The tallies a text is counted in: its own, and for a text on a subject also all the number's
 * capped texts together, which an empty Cap Subject reads (past the most any cap allows, an empty
 * subject is refused anyway).
 */
function talliesOf(tally: CapTally): CapTally[] {
	if (tally.subject === '') return [tally];
	return [tally, { phone: tally.phone, subject: '', limit: MAX_CUSTOM_CAP }];
}

/** A first text counted ahead for an item not yet sent (countFirstAhead). */
interface CountedAhead extends AheadCount {
	key: string;
}

/** The items from `from` on, up to `count` of them, each with its cap's tally if it is capped. */
export type TalliesAhead = (
	from: number,
	count: number,
) => Promise<Array<{ item: number; tally?: CapTally }>>;

/** Whether a text went: `notSent` (certainly not) is the only outcome that uncounts it. */
export type CountedOutcome = 'sent' | 'notSent' | 'maybeSent';

/** A batch of items counted ahead: `from` to `from + READ_AHEAD - 1`. */
interface Batch {
	from: number;
	/** Settled when its counts are in `ahead`; a batch that failed leaves its items to count the full way. */
	done: Promise<void>;
}

export class CapRun {
	private store?: MarkStore;
	private readonly counted = new Map<string, Promise<CountedText[]>>();
	/** What each item's text was counted as, and its marks: removed if it certainly did not go. */
	private readonly taken = new Map<
		number,
		Array<{ key: string; marks: string[]; text: CountedText }>
	>();
	/** First texts counted ahead for items not yet sent. */
	private readonly ahead = new Map<number, CountedAhead[]>();
	/** Tallies a batch counted ahead: a later batch leaves them to their own turn. */
	private readonly countedAhead = new Set<string>();
	private readonly batches: Batch[] = [];
	/** The first item after the latest batch. */
	private batchesTo = 0;

	constructor(
		/** The workflow's store, opened when the run's first capped text comes. */
		private readonly openStore: () => MarkStore,
		private readonly talliesAhead: TalliesAhead,
	) {}

	private storeOf(): MarkStore {
		this.store ??= this.openStore();
		return this.store;
	}

	private startBatch(from: number) {
		const done = this.countBatch(from).catch(() => {
			// Not counted ahead: each of its items is counted the full way at its turn, which says
			// what failed if it still does.
		});
		this.batches.push({ from, done });
		this.batchesTo = from + READ_AHEAD;
	}

	/** Counts ahead the first text of each number and subject among READ_AHEAD items from `from`. */
	private async countBatch(from: number) {
		const texts = await this.talliesAhead(from, READ_AHEAD);
		const items: number[] = [];
		const tallies: CapTally[] = [];
		for (const { item, tally: own } of texts) {
			for (const tally of own ? talliesOf(own) : []) {
				const key = tallyKey(tally);
				if (this.counted.has(key) || this.countedAhead.has(key)) continue;
				this.countedAhead.add(key);
				items.push(item);
				tallies.push(tally);
			}
		}
		if (tallies.length === 0) return;
		const results = await countFirstAhead(this.storeOf(), tallies, Date.now());
		results.forEach((result, i) => {
			if (!result) return;
			const counted = this.ahead.get(items[i]) ?? [];
			counted.push({ key: tallyKey(tallies[i]), cap: tallies[i], ...result });
			this.ahead.set(items[i], counted);
		});
	}

	/**
	 * `item`'s batch counted (started now if no batch holds it), and the next batch started, so
	 * that it is counted while this one sends.
	 */
	private async aheadOf(item: number) {
		if (item >= this.batchesTo) this.startBatch(item);
		if (this.batchesTo <= item + READ_AHEAD) this.startBatch(this.batchesTo);
		const mine = this.batches.filter(
			(batch) => batch.from <= item && item < batch.from + READ_AHEAD,
		);
		await Promise.all(mine.map((batch) => batch.done));
	}

	/** Counts taken ahead for items before `item`: they never reached their send. */
	async giveBackUnused(item: number) {
		const passed = [...this.ahead].filter(([ahead]) => ahead < item);
		if (passed.length === 0) return;
		for (const [ahead] of passed) this.ahead.delete(ahead);
		await this.storeOf().remove(passed.flatMap(([, all]) => all.flatMap(({ taken }) => taken)));
	}

	/**
	 * Counts `item`'s text if its cap allows one more; a refusal's count and time otherwise. A text
	 * on a subject is also counted among all the number's capped texts, which an empty Cap Subject
	 * reads.
	 */
	async count(item: number, tally: CapTally): Promise<CapCount> {
		await this.aheadOf(item);
		await this.giveBackUnused(item);
		const now = Date.now();
		// A minute passed since the counts ahead: all of them are brought up to now in one call.
		await keepAllCountedAhead(this.storeOf(), [...this.ahead.values()].flat(), now);
		const ahead = this.ahead.get(item) ?? [];
		this.ahead.delete(item);
		const [own, all] = talliesOf(tally) as [CapTally, CapTally | undefined];
		const aheadOf = (of: CapTally) => ahead.find(({ key }) => key === tallyKey(of));
		const result = await this.countIn(item, own, now, aheadOf(own));
		if (all && result.allowed) await this.countIn(item, all, now, aheadOf(all));
		else if (all) await this.giveBack(aheadOf(all));
		return result;
	}

	private async giveBack(ahead: CountedAhead | undefined) {
		if (ahead) await this.storeOf().remove(ahead.taken);
	}

	/** One more text of `item` counted in `tally`, if its limit allows. */
	private async countIn(
		item: number,
		tally: CapTally,
		now: number,
		ahead?: CountedAhead,
	): Promise<CapCount> {
		const store = this.storeOf();
		const key = tallyKey(tally);
		let reading = this.counted.get(key);
		if (!reading && ahead?.key === key) {
			if (await keepCountedAhead(store, tally, ahead, now)) {
				this.counted.set(key, Promise.resolve(ahead.counted));
				this.took(item, key, ahead.taken, ahead.counted[0]);
				return { allowed: true, count: 1 };
			}
		}
		await this.giveBack(ahead); // counted ahead otherwise: not this text's
		if (!reading) {
			// The run's first text to this number and subject: counted in one call if it had none lately.
			const first = countFirst(store, tally, now);
			reading = first.then(({ counted }) => counted);
			this.counted.set(key, reading);
			const { taken, counted } = await first;
			if (taken) {
				this.took(item, key, taken, counted[0]);
				return { allowed: true, count: 1 };
			}
		}
		const counted = await reading;
		for (;;) {
			const result = await countOneMore(store, tally, counted, now);
			if ('taken' in result) {
				this.took(item, key, result.taken, counted[counted.length - 1]);
				return { allowed: true, count: counted.length };
			}
			if (result.allowed !== 'unknown') return result;
			await readMinutes(store, tally, result.readMinutesOf);
		}
	}

	private took(item: number, key: string, marks: string[], text: CountedText) {
		const taken = this.taken.get(item) ?? [];
		taken.push({ key, marks, text });
		this.taken.set(item, taken);
	}

	/** `item`'s text went, or not: one that certainly did not go no longer counts. */
	async uncount(item: number, outcome: CountedOutcome) {
		const taken = this.taken.get(item);
		if (!taken) return;
		this.taken.delete(item);
		if (outcome !== 'notSent') return;
		await this.storeOf().remove(taken.flatMap(({ marks }) => marks));
		for (const { key, text } of taken) {
			const counted = await this.counted.get(key);
			const at = counted?.indexOf(text) ?? -1;
			if (at >= 0) counted?.splice(at, 1);
		}
	}

	/** The run ended: counts taken ahead for items never sent go back. */
	async end() {
		await Promise.all(this.batches.map((batch) => batch.done));
		await this.giveBackUnused(Number.MAX_SAFE_INTEGER);
	}
}
