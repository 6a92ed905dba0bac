// Stopping a test's child process: the signal, SIGKILL if it is still there after 10 s, then its
// directory removed; once, whatever how often it is asked.

import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

export function childStopper(child: ChildProcess, exited: Promise<number | null>, dir: string): (signal?: NodeJS.Signals) => Promise<number | null> {
  let stopped: Promise<number | null> | undefined;
  return (signal = 'SIGTERM') => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      return code;
    })();
    return stopped;
  };
}
