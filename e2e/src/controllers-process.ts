// Test support: a real `capstan controllers` process against a test's API server, with short
// leader-election timings unless the test gives its own flags.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { managed, type ManagedProcess } from './node-agent-process.ts';

/** Lease 3 s, renew deadline 2 s, retry 0.5 s: fail-over within seconds. */
export const quickLeaderElection = ['--leader-elect-lease-duration=3s', '--leader-elect-renew-deadline=2s', '--leader-elect-retry-period=500ms'];

export function startControllers(kubeconfig: string, args: readonly string[] = quickLeaderElection): ManagedProcess {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-controllers-'));
  // Tests run side by side: a free secure port each, unless the test names one.
  const port = args.some((arg) => arg.startsWith('--secure-port')) ? [] : ['--secure-port=0'];
  return managed(['controllers', `--kubeconfig=${kubeconfig}`, '--logging-format=json', ...port, ...args], dir);
}
