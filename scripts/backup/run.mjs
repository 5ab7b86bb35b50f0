// Runs a program of the backup (pg_dump, pg_restore, tar) to its end.
import { spawn } from 'node:child_process';

/**
 * Resolves with the program's output and exit code when the code is in `okCodes` (0 by default);
 * rejects with its stderr otherwise.
 */
export function run(program, args, { env = process.env, okCodes = [0] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (okCodes.includes(code)) resolve({ stdout, stderr, code });
      else reject(new Error(`${program} exited with ${code}:\n${stderr.trim()}`));
    });
  });
}
