// @ts-check
// A raw HTTP server on loopback for fault tests: it records every request it receives and answers
// with bytes the test writes verbatim (a redirect, a malformed reply, an echo), so "nothing further
// was sent" is counted, not assumed. Servers close after each test.
const net = require('net');

/**
 * @typedef {{ method: string, path: string, headers: string, body: string }} SeenRequest
 * @typedef {(request: SeenRequest, index: number) => string} Answer  raw HTTP answer bytes
 */

/** @type {Array<() => void>} */
const closers = [];
afterEach(() => {
	while (closers.length) closers.pop()?.();
});

/**
 * A raw HTTP server: reads each request whole (Content-Length), writes `answer` verbatim, closes.
 * @param {Answer} answer
 * @returns {Promise<{ url: string, host: string, seen: SeenRequest[] }>}
 */
async function rawServer(answer) {
	/** @type {SeenRequest[]} */
	const seen = [];
	const sockets = new Set();
	const server = net.createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		let buffer = Buffer.alloc(0);
		socket.on('data', (chunk) => {
			buffer = Buffer.concat([buffer, chunk]);
			const end = buffer.indexOf('\r\n\r\n');
			if (end < 0) return;
			const head = buffer.subarray(0, end).toString('latin1');
			const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
			if (buffer.length < end + 4 + length) return;
			const [requestLine, ...headerLines] = head.split('\r\n');
			const [method, path] = requestLine.split(' ');
			const request = {
				method,
				path,
				headers: headerLines.join('\n'),
				body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
			};
			seen.push(request);
			buffer = Buffer.alloc(0);
			socket.end(answer(request, seen.length - 1));
		});
		socket.on('error', () => undefined);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	closers.push(() => {
		for (const socket of sockets) socket.destroy();
		server.close();
	});
	return { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, seen };
}

/** @param {number} status @param {string} reason @param {Record<string, string | number>} headers @param {string} [body] */
const http = (status, reason, headers, body = '') =>
	`HTTP/1.1 ${status} ${reason}\r\n${Object.entries({
		'Content-Length': Buffer.byteLength(body),
		...headers,
	})
		.map(([k, v]) => `${k}: ${v}`)
		.join('\r\n')}\r\nConnection: close\r\n\r\n${body}`;

module.exports = { rawServer, http };
