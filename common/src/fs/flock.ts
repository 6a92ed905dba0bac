// An exclusive flock(2) on a descriptor this process holds. Node has no flock, so util-linux's
// flock(1) takes it on the descriptor handed to it as its fd 3: flock locks belong to the open file
// description, which this process keeps open after flock(1) exits, so the lock is this process's
// own, ends when the descriptor is closed or the process dies (even by SIGKILL: no stale lock), and
// excludes any other flock user of the file (a kubelet, `flock <file>`, another Capstan process).

import { spawn, spawnSync } from 'node:child_process';

/** flock(1)'s exit code when the lock is held elsewhere, chosen apart from its error code 1. */
const conflictExitCode = 75;

const flockArgs = (wait: boolean): string[] => ['--exclusive', '--conflict-exit-code', String(conflictExitCode), ...(wait ? [] : ['--nonblock']), '3'];

/** Takes the lock on the descriptor; true once locked, false when held elsewhere. */
export function flock(fd: number, wait: boolean, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn('flock', flockArgs(wait), { stdio: ['ignore', 'ignore', 'pipe', fd], ...(signal === undefined ? {} : { signal }) });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(true);
      else if (code === conflictExitCode) resolve(false);
      else if (code !== null) reject(new Error(stderr.trim() || `flock exited with code ${code}`));
    });
  });
}

/**
 * Tries the lock without waiting, synchronously (a few milliseconds: one short child process), for
 * callers that open a resource in a constructor. True once locked, false when held elsewhere.
 */
export function tryFlockSync(fd: number): boolean {
  const result = spawnSync('flock', flockArgs(false), { stdio: ['ignore', 'ignore', 'pipe', fd], encoding: 'utf8' });
  if (result.error !== undefined) throw new Error(`cannot run flock(1): ${result.error.message}`);
  if (result.status === 0) return true;
  if (result.status === conflictExitCode) return false;
  throw new Error(result.stderr.trim() || `flock exited with code ${String(result.status ?? result.signal)}`);
}
