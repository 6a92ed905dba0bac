// Clean-up of earlier runs of the multi-host harness whose test process is gone without cleaning
// up (SIGKILL, a crash, a machine under memory pressure): their processes are killed and their
// namespaces, links and temporary directories removed. Runs of live processes are left alone.

import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipQuietly } from './ip-command.ts';
import { processAlive, runOf } from './run-names.ts';

const stale = (name: string): boolean => {
  const pid = runOf(name);
  return pid !== undefined && pid !== process.pid && !processAlive(pid);
};

/** Every process in the namespace, killed at once (SIGKILL): used for runs that are over. */
export function killNamespaceProcesses(namespace: string): void {
  for (const pid of ipQuietly('netns', 'pids', namespace).split('\n').filter(Boolean)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** What it removed, for the test's log. */
export function sweepStaleRuns(): string[] {
  const removed: string[] = [];
  for (const line of ipQuietly('netns', 'list').split('\n')) {
    const namespace = line.split(' ')[0] ?? '';
    if (!stale(namespace)) continue;
    killNamespaceProcesses(namespace);
    ipQuietly('netns', 'delete', namespace);
    removed.push(`namespace ${namespace}`);
  }
  // `ip -o link` lines read "7: cs123h0@if6: <...": deleting one end of a veth deletes both.
  for (const match of ipQuietly('-o', 'link', 'show').matchAll(/^\d+: ([^:@\s]+)/gm)) {
    const link = match[1] as string;
    if (!stale(link)) continue;
    ipQuietly('link', 'delete', link);
    removed.push(`link ${link}`);
  }
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith('capstan-netns-') || !stale(entry)) continue;
    rmSync(join(tmpdir(), entry), { recursive: true, force: true });
    removed.push(`directory ${entry}`);
  }
  return removed;
}
