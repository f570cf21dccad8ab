import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type ParameterReader, runParameterReader } from '../../../shared/runParameters';
import { mayHaveBeenSent, type TatangoClient } from '../../../shared/transport';
import { SEND_CHECKS } from './checks';
import { SendLedger } from './ledger';
import { sentItem, withOutcome } from './outcome';
import { SEND_RECORDERS } from './recorders';
import { OutgoingText } from './text';
import type {
	CheckRun,
	CheckVerdict,
	RunRecorder,
	SendCheck,
	SendOutcome,
	SendRecorder,
	SendRunView,
	TextFate,
	TextReader,
	TextRecord,
	Verdict,
} from './types';

/** A verdict as a record keeps it: without the skip's output or the refusal's error object. */
function verdictOf(check: string, verdict: Verdict): CheckVerdict {
	const kept: CheckVerdict = { check, verdict: verdict.verdict };
	if (verdict.verdict !== 'off') {
		if (verdict.rule) kept.rule = verdict.rule;
		if (verdict.details) kept.details = verdict.details;
	}
	return kept;
}

function fateOf(outcome: SendOutcome): TextFate {
	if (outcome.status === 'sent') {
		const output = outcome.output;
		const message = output.transactional_message as IDataObject | undefined;
		const id = output.transactionId ?? message?.id;
		return { status: 'sent', transactionId: id === undefined || id === null ? null : String(id) };
	}
	return { status: outcome.status, error: (outcome.error as Error | undefined)?.message ?? '' };
}

/**
 * One node run of the send path, made once by the router: the texts of the run, each read once
 * through the operation's own reader (the items ahead too, in batches a check asks for), each
 * check's state for the run (`SendCheck.start`), and what hears about every text sent or held back
 * (`recorders.ts`). Nothing is read or started until a text needs it.
 */
export class SendRun implements SendRunView {
	private reader?: TextReader;
	private readonly texts: Array<OutgoingText | undefined> = [];
	private readonly started = new Map<SendCheck, CheckRun>();
	private runRecorders?: RunRecorder[];
	private readonly records: TextRecord[] = [];
	private kind?: { resource: string; operation: string };
	private runLedger?: { ledger: SendLedger | undefined };
	/** The run's parameter reads: a field without an expression (a check that is off) once per run. */
	private readonly parameters: ParameterReader;

	constructor(
		readonly context: IExecuteFunctions,
		readonly tatango: TatangoClient,
		private readonly checks: readonly SendCheck[] = SEND_CHECKS,
		private readonly recorders: readonly SendRecorder[] = SEND_RECORDERS,
	) {
		this.parameters = runParameterReader(context);
	}

	get ledger(): SendLedger | undefined {
		this.runLedger ??= { ledger: SendLedger.of(this) };
		return this.runLedger.ledger;
	}

	get itemCount(): number {
		return this.context.getInputData().length;
	}

	/**
	 * Item `itemIndex`'s text, read through `reader` (the operation's; the run reads the items ahead
	 * through the first one it is given).
	 */
	textOf(itemIndex: number, reader: TextReader): OutgoingText {
		this.reader ??= reader;
		return this.textAt(itemIndex, reader);
	}

	textsAhead(from: number, count: number): OutgoingText[] {
		const reader = this.reader;
		if (!reader) return [];
		const end = Math.min(this.itemCount, from + count);
		const texts: OutgoingText[] = [];
		for (let item = from; item < end; item++) texts.push(this.textAt(item, reader));
		return texts;
	}

	private textAt(itemIndex: number, reader: TextReader): OutgoingText {
		let text = this.texts[itemIndex];
		if (!text) {
			this.kind ??= {
				resource: String(this.context.getNodeParameter('resource', 0, '')),
				operation: String(this.context.getNodeParameter('operation', 0, '')),
			};
			text = new OutgoingText(
				this.context,
				this.parameters,
				itemIndex,
				reader,
				this.kind.resource,
				this.kind.operation,
			);
			this.texts[itemIndex] = text;
		}
		return text;
	}

	private checkRun(check: SendCheck): CheckRun {
		let run = this.started.get(check);
		if (!run) {
			run = check.start(this);
			this.started.set(check, run);
		}
		return run;
	}

	/**
	 * The one way a text goes out: every check in order, then `post`. The first check that skips
	 * (its output is the item's) or refuses (its error is thrown) decides, and nothing is posted.
	 * Every check that passed the text then hears whether it was sent, certainly not sent (also
	 * after a later check's skip or refusal) or may have been sent; the recorders hear the text.
	 */
	async send(text: OutgoingText, post: () => Promise<IDataObject>): Promise<IDataObject> {
		this.runRecorders ??= this.startRecorders();
		const recording = this.runRecorders.length > 0;
		const verdicts: CheckVerdict[] = [];
		const passed: CheckRun[] = [];
		// Until the post says otherwise, the text did not go: a skip or a refusal of a later check.
		let outcome: SendOutcome = { status: 'notSent' };
		let heldBack: TextFate | undefined;
		try {
			const decided = await this.decide(text, recording ? verdicts : undefined, passed).catch(
				(error: unknown) => {
					// A check that could not decide (a field that does not read, a memory that failed).
					outcome = { status: 'notSent', error };
					throw withOutcome(error, 'not_sent');
				},
			);
			if (decided?.verdict.verdict === 'skip') {
				heldBack = { status: 'skipped', check: decided.check };
				return decided.verdict.output;
			}
			if (decided?.verdict.verdict === 'refuse') {
				const { error } = decided.verdict;
				heldBack = { status: 'refused', check: decided.check, error: error.message };
				throw withOutcome(error, 'refused');
			}
			const output = await post().catch((error: unknown) => {
				const maybe = mayHaveBeenSent(error);
				outcome = { status: maybe ? 'maybeSent' : 'notSent', error };
				// The transport's own error goes on as it is: it already says what may have happened.
				throw withOutcome(error, maybe ? 'maybe_sent' : 'not_sent');
			});
			outcome = { status: 'sent', output };
			const fate = fateOf(outcome);
			return sentItem(output, fate.status === 'sent' ? fate.transactionId : null);
		} finally {
			for (const run of passed) await run.after?.(text, outcome);
			if (recording) await this.record(text, verdicts, heldBack ?? fateOf(outcome));
		}
	}

	/** Every check's verdict in order, up to the first that holds the text back (returned). */
	private async decide(
		text: OutgoingText,
		verdicts: CheckVerdict[] | undefined,
		passed: CheckRun[],
	): Promise<{ check: string; verdict: Verdict } | undefined> {
		for (const check of this.checks) {
			const run = this.checkRun(check);
			const verdict = await run.before(text);
			verdicts?.push(verdictOf(check.name, verdict));
			if (verdict.verdict === 'pass') passed.push(run);
			else if (verdict.verdict !== 'off') return { check: check.name, verdict };
		}
		return undefined;
	}

	private startRecorders(): RunRecorder[] {
		const started: RunRecorder[] = [];
		for (const recorder of this.recorders) {
			const run = recorder.start(this);
			if (run) started.push(run);
		}
		return started;
	}

	private async record(text: OutgoingText, verdicts: CheckVerdict[], fate: TextFate) {
		const record: TextRecord = {
			itemIndex: text.itemIndex,
			at: Date.now(),
			phoneNumber: text.phoneNumber,
			channel: text.channel,
			resource: text.resource,
			operation: text.operation,
			verdicts,
			fate,
		};
		this.records.push(record);
		for (const recorder of this.runRecorders ?? []) {
			try {
				await recorder.text?.(record);
			} catch (error) {
				this.context.logger.warn(
					`A send recorder could not record item ${text.itemIndex}: ${(error as Error).message}`,
				);
			}
		}
	}

	/**
	 * The node run is over: each check that holds something per run lets go of it (a key claimed
	 * for an item that never reached its send), and the recorders get the run's records. Called by
	 * the router once per run, also after an error; never throws.
	 */
	async end(): Promise<void> {
		for (const run of this.started.values()) {
			try {
				await run.end?.();
			} catch (error) {
				// The run's own outcome stands; what was not let go is in the log.
				this.context.logger.warn(`A send check could not end the run: ${(error as Error).message}`);
			}
		}
		for (const recorder of this.runRecorders ?? []) {
			try {
				await recorder.end?.(this.records);
			} catch (error) {
				this.context.logger.warn(
					`A send recorder could not record the run: ${(error as Error).message}`,
				);
			}
		}
	}
}
