import type { IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../../shared/runParameters';
import { textOf } from '../../../shared/validation';
import { guardrailPath } from './compliance';
import type { V3Channel } from '../../../shared/tatangoCalls';

/** The channel a text goes out on: the v3 channel as Tatango's events spell it, or a v2 text. */
export type TextChannel = V3Channel | 'V2';

/**
 * How an operation reads who item `i` texts: its own reader of the number (checked, ten digits) and
 * its channel. The run reads every text through it, the items ahead too, each once.
 */
export interface TextReader {
	channel: TextChannel;
	phoneNumber(context: IExecuteFunctions, itemIndex: number): string;
}

/** The Quiet Hours choice that marks a text the recipient asked for (a one-time code, a reply). */
const RECIPIENT_ASKED = 'recipientAsked';

/** A value read once: what it was, or the error reading it threw (thrown again at each ask). */
type Read<T> = { value: T } | { error: unknown };

/** The recipient's key among a text's reads: no parameter can be named so. */
const PHONE = Symbol('phoneNumber');

function readOnce<T>(
	reads: Map<string | symbol, Read<unknown>>,
	key: string | symbol,
	read: () => T,
): T {
	let known = reads.get(key) as Read<T> | undefined;
	if (!known) {
		try {
			known = { value: read() };
		} catch (error) {
			known = { error };
		}
		reads.set(key, known);
	}
	if ('error' in known) throw known.error;
	return known.value;
}

/**
 * One text of a send run, as the checks see it: item `itemIndex`'s recipient, channel and what the
 * checks ask of it, each read from the node's parameters once, when first asked (an item read ahead
 * costs nothing more at its own turn; a check that is off reads nothing). A value that does not
 * read throws its error whenever asked, so each item's error is reported at its own turn.
 */
export class OutgoingText {
	private readonly reads = new Map<string | symbol, Read<unknown>>();
	readonly channel: TextChannel;

	constructor(
		private readonly context: IExecuteFunctions,
		/** The run's reader of the node's parameters (shared/runParameters.ts). */
		private readonly readParameter: ParameterReader,
		readonly itemIndex: number,
		private readonly reader: TextReader,
		/** The node's Resource and Operation (e.g. `sms`, `send`): which kind of send this is. */
		readonly resource: string,
		readonly operation: string,
	) {
		this.channel = reader.channel;
	}

	/** Ten digits, checked by the operation's own reader. */
	get phoneNumber(): string {
		return readOnce(this.reads, PHONE, () => this.reader.phoneNumber(this.context, this.itemIndex));
	}

	/**
	 * A guardrail's parameter of this item, as n8n gives it (an expression evaluated once per item),
	 * wherever the node holds it (compliance.ts).
	 */
	parameter(name: string, fallback: unknown, options?: { extractValue: true }): unknown {
		return readOnce(this.reads, options ? `${name}#value` : name, () =>
			this.readParameter(guardrailPath(this.context, name), this.itemIndex, fallback, options),
		);
	}

	/**
	 * Whether the recipient asked for this text (Quiet Hours "Recipient Asked"): a
	 * one-time code or a reply, which no hour or cap holds back.
	 */
	get recipientAsked(): boolean {
		return textOf(this.parameter('quietHours', 'off'), 'Quiet Hours').trim() === RECIPIENT_ASKED;
	}

	/** Send Once Per, trimmed; '' for none. */
	get sendOnceKey(): string {
		return textOf(this.parameter('sendOncePer', ''), 'Send Once Per').trim();
	}

	/** Cap Subject, trimmed; '' for none. */
	get capSubject(): string {
		return textOf(this.parameter('capSubject', ''), 'Cap Subject').trim();
	}
}
