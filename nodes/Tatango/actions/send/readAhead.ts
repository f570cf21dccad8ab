import { sleep } from 'n8n-workflow';

/**
 * Reads each of `texts` with `read`, in order: `perTurn` at a time between turns of the event loop,
 * or all at once when nothing is being sent meanwhile (`atOnce`: the text that waits for them is
 * next). n8n evaluates each item's expressions synchronously: a hundred read at once held up the
 * text being sent (bench (m)), where a few at a time fit between the sends' answers. A few: what
 * takes about as long as a send waits for its answer (a Send Once Per key 0.05 to 0.1 ms, a capped
 * text's number and rule 0.3 to 0.5 ms, against 0.4 ms of a send's 1.3 ms on a quiet machine).
 */
export async function readAhead<T>(
	texts: readonly T[],
	atOnce: boolean,
	perTurn: number,
	read: (text: T) => Promise<void> | void,
): Promise<void> {
	for (const [i, text] of texts.entries()) {
		if (!atOnce && i % perTurn === 0) await sleep(0);
		await read(text);
	}
}
