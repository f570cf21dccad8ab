/** JSON text as a value, or undefined when it is not valid JSON (the caller names the field). */
export function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}
