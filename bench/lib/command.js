// @ts-check
'use strict';
/**
 * A command run to completion without blocking the bench's event loop, so two builds (this
 * checkout's and (f)'s baseline) run side by side on two cores.
 */
const { spawn } = require('child_process');

/**
 * @param {string} command @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv }} o
 * @returns {Promise<{ stdout: string, stderr: string }>} rejects when it exits non-zero
 */
function runCommand(command, args, o) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: o.cwd, env: o.env ?? process.env });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0
				? resolve({ stdout, stderr })
				: reject(
						new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${stdout}\n${stderr}`),
					),
		);
	});
}

module.exports = { runCommand };
