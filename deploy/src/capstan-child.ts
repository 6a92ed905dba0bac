// The processes `capstan up` starts: each a `capstan` subcommand of this same program, its stderr
// in a log file of its own, ending with the cluster even when the cluster is killed.

import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { exitWithParentVariable } from './exit-with-parent.ts';

export function capstanChild(args: readonly string[], logFile: string): ChildProcess {
  writeFileSync(logFile, '');
  // The node's processes end with the cluster, even when it is killed (see exit-with-parent.ts).
  const env = { ...process.env, [exitWithParentVariable]: String(process.pid) };
  const child = spawn(process.execPath, [process.argv[1] as string, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env });
  child.stderr?.on('data', (chunk: Buffer) => writeFileSync(logFile, chunk, { flag: 'a' }));
  return child;
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
