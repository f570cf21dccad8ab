import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';

/** The channel a text goes out on: the v3 channel as Tatango's events spell it, or a v2 text. */
export type TextChannel = 'SMS' | 'MMS' | 'RCS' | 'WHATSAPP' | 'V2';

/** Who a text is about to reach, on which channel, from which operation: what the checks see. */
export interface OutgoingText {
	/** Ten digits, already checked. */
	phoneNumber: string;
	channel: TextChannel;
	/** The node's Resource and Operation (e.g. `sms`, `send`): which kind of send this is. */
	resource: string;
	operation: string;
}

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

/**
 * One guardrail on every text going out, declared in one file of `checks/` and listed once in
 * `checks/index.ts`: every texting operation then shows its fields and runs it.
 */
export interface SendCheck {
	/** The fields it reads, shown on every operation that texts a person. */
	fields: INodeProperties[];
	/**
	 * Before the post. Nothing returned: the text may go. A record returned: nothing is sent and the
	 * record is the item's output (a skip, paired with the item). A refusal throws, naming the rule.
	 */
	before(
		context: IExecuteFunctions,
		itemIndex: number,
		tatango: TatangoClient,
		text: OutgoingText,
	): Promise<IDataObject | undefined>;
	/**
	 * Told what became of a text whose `before` let it go (also when a later check held it back:
	 * `notSent`), for a check that remembers what went out. After `sent` it must not throw: the
	 * text is out, and an error would invite a retry that texts the person again.
	 */
	after?(
		context: IExecuteFunctions,
		itemIndex: number,
		tatango: TatangoClient,
		text: OutgoingText,
		outcome: SendOutcome,
	): Promise<void>;
	/**
	 * Optional: the node run is over (every item done, or stopped by an error), for a check that
	 * holds something for items that never reached a send. Must not throw.
	 */
	endRun?(context: IExecuteFunctions, tatango: TatangoClient): Promise<void>;
}
