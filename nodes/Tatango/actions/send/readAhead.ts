import { sleep } from 'n8n-workflow';

/**
 * Texts read ahead between two turns of the event loop while texts are being sent. n8n evaluates
 * each item's expressions synchronously: a hundred read at once held up the text being sent (bench
 * (m)), where a few at a time fit between the sends' answers.
 */
const READ_BETWEEN_TURNS = 4;

/**
 * Reads each of `texts` with `read`, in order: a few between turns of the event loop, or all at
 * once when nothing is being sent meanwhile (`atOnce`: the text that waits for them is next).
 */
export async function readAhead<T>(
	texts: readonly T[],
	atOnce: boolean,
	read: (text: T) => Promise<void> | void,
): Promise<void> {
	for (const [i, text] of texts.entries()) {
		if (!atOnce && i % READ_BETWEEN_TURNS === 0) await sleep(0);
		await read(text);
	}
}
