import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	NodeOperationError,
} from 'n8n-workflow';

import type { Claimed, LedgerRow } from '../../../shared/ledger';
import type { TatangoClient } from '../../../shared/transport';
import type { OutgoingText, TextChannel } from './text';

export type { TextChannel, TextReader } from './text';

/**
 * What became of a text once a check let it go: Tatango accepted it (`output` is the item's
 * output), it certainly did not go (a 4xx, a later check's skip or refusal), or it may have gone (a
 * time-out, a 5xx after the body was sent, an unreadable answer: the transport's "may have been
 * sent").
 */
export type SendOutcome =
	| { status: 'sent'; output: IDataObject }
	| { status: 'notSent'; error?: unknown }
	| { status: 'maybeSent'; error: unknown };

/** The rule a verdict applied, and where it is written (a statute, or the sender's own setting). */
export interface CitedRule {
	name: string;
	citation: string;
}

/**
 * What one check said about one text. `off`: it does not apply to this text (its field and the
 * credential's policy are off). `pass`: the text may go. `skip`: the text is held back, `output` is
 * the item's output. `refuse`: the text is held back and the item fails with `error`, which names
 * the rule. `details`: what a record of the decision needs (a key, a count, nextAllowedAt).
 */
export type Verdict =
	| { verdict: 'off' }
	| { verdict: 'pass'; rule?: CitedRule; details?: IDataObject }
	| { verdict: 'skip'; output: IDataObject; rule?: CitedRule; details?: IDataObject }
	| { verdict: 'refuse'; error: NodeOperationError; rule?: CitedRule; details?: IDataObject };

/** The part of a send run a check sees. */
export interface SendRunView {
	readonly context: IExecuteFunctions;
	readonly tatango: TatangoClient;
	/** How many items the node run has. */
	readonly itemCount: number;
	/**
	 * The texts of items `from` to `from + count - 1` (fewer at the end of the input), each read
	 * once for the whole run: read ahead here, they are the same records at their items' turns. A
	 * value that does not read throws when asked for, here and at its item's turn alike.
	 */
	textsAhead(from: number, count: number): OutgoingText[];
	/** The compliance ledger (docs/ledger.md), when the node has a ledger credential. */
	readonly ledger: RunLedger | undefined;
}

/**
 * A run's compliance ledger (send/ledger.ts) as the checks and the recorder use it: a text's claim
 * (its key, its cap), a number's latest consent on record, and the record of each text.
 */
export interface RunLedger {
	readonly context: IExecuteFunctions;
	claimOf(text: OutgoingText): Promise<Claimed | undefined>;
	consentOf(text: OutgoingText): Promise<LedgerRow | undefined>;
	/** Writes what became of a text (the recorder, recorders.ts). */
	record(record: TextRecord): Promise<void>;
	/** The run is over: what is still to write is written. */
	end(): Promise<void>;
}

/**
 * What one guardrail does in one node run, made by its `SendCheck.start` when the run's first text
 * reaches it: its state for the run lives here, and goes with the run.
 */
export interface CheckRun {
	/** Before the post: the verdict on this text. */
	before(text: OutgoingText): Promise<Verdict>;
	/**
	 * Told what became of a text it passed (also when a later check held it back: `notSent`), for a
	 * check that remembers what went out. After `sent` it must not throw: the text is out, and an
	 * error would invite a retry that texts the person again.
	 */
	after?(text: OutgoingText, outcome: SendOutcome): Promise<void>;
	/**
	 * The node run is over (every item done, or stopped by an error), for a check that holds
	 * something for items that never reached a send. Must not throw.
	 */
	end?(): Promise<void>;
}

/**
 * One guardrail on every text going out, declared in one file of `checks/` and listed once in
 * `checks/index.ts`: every texting operation then shows its fields and runs it. It reads its own
 * fields only (through the text's `parameter`) and what the text record holds.
 */
export interface SendCheck {
	/** Its name in a text's verdicts. */
	name: string;
	/** The fields it reads, shown on every operation that texts a person. */
	fields: INodeProperties[];
	start(run: SendRunView): CheckRun;
}

/** One check's verdict on one text, as a record keeps it. */
export interface CheckVerdict {
	check: string;
	verdict: Verdict['verdict'];
	rule?: CitedRule;
	details?: IDataObject;
}

/** What became of one text in the end: the item's fate as a record keeps it. */
export type TextFate =
	| { status: 'sent'; transactionId: string | null }
	| { status: 'maybeSent' | 'notSent'; error: string }
	| { status: 'skipped'; check: string }
	| { status: 'refused'; check: string; error: string };

/** One text of a run, sent or held back: who, what each check said, what became of it. */
export interface TextRecord {
	itemIndex: number;
	/** When its outcome was known (ms since 1970). */
	at: number;
	phoneNumber: string;
	channel: TextChannel;
	resource: string;
	operation: string;
	verdicts: CheckVerdict[];
	fate: TextFate;
}

/**
 * What hears about every text a run sends or holds back (a compliance record), listed once in
 * `recorders.ts`. `start` is called at the run's first text: what it returns hears that run, or
 * nothing does (its setting is off).
 */
export interface SendRecorder {
	start(run: SendRunView): RunRecorder | undefined;
}

/**
 * One run's recorder: `text` once per text, after its outcome; `end` once at the run's end with
 * all the run's records in the order their outcomes came (a batch to write at once). A failure is
 * logged by the run, never thrown into the send path.
 */
export interface RunRecorder {
	text?(record: TextRecord): Promise<void>;
	end?(records: readonly TextRecord[]): Promise<void>;
}
