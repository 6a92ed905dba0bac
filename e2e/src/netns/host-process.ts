// A process run inside a host of the multi-host harness: `nsenter --net=/run/netns/<namespace>`
// enters the host's network namespace and execs the command, so the process is the test's own
// child (a Capstan process still ends by itself when the test process is gone,
// deploy/src/exit-with-parent.ts). Not `ip netns exec`: it also remounts /sys for the namespace,
// which hides the cgroup hierarchy the node agent checks at start.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { childStopper } from '../../../common/test/stop-child.ts';
import type { ManagedProcess } from '../node-agent-process.ts';
import type { Host } from './host-network.ts';

const capstan = join(import.meta.dirname, '..', '..', '..', 'bin', 'capstan.ts');

/** `command args` in the host, its output kept (the last 8 KB of each stream); stop() removes `dir`. */
export function spawnInHost(host: Host, command: string, args: readonly string[], dir: string): ManagedProcess {
  mkdirSync(dir, { recursive: true });
  const child = spawn('nsenter', [`--net=/run/netns/${host.namespace}`, command, ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CAPSTAN_EXIT_WITH_PARENT: String(process.pid) },
  });
  let output = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-8000)));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout = (stdout + chunk).slice(-8000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, dir, output: () => output, stdout: () => stdout, stop: childStopper(child, exited, dir) };
}

/** `capstan <args>` in the host. */
export function capstanInHost(host: Host, args: readonly string[], dir: string): ManagedProcess {
  return spawnInHost(host, process.execPath, [capstan, ...args], dir);
}

/**
 * What `started` answers, unless the process exits first: then its output is the error. A start
 * that never comes is bounded by the test's timeout (or the probe's own).
 */
export async function untilStarted<T>(process: ManagedProcess, what: string, started: () => Promise<T>): Promise<T> {
  const failure = (): Error => new Error(`${what} exited (${process.child.exitCode ?? process.child.signalCode}):\n${process.output().slice(-3000)}`);
  if (process.child.exitCode !== null || process.child.signalCode !== null) throw failure();
  let onExit = (): void => {};
  const exited = new Promise<never>((_, reject) => {
    onExit = () => reject(failure());
    process.child.once('exit', onExit);
  });
  const waiting = started();
  // Lost the race: the probe's later failure is of no interest.
  waiting.catch(() => {});
  try {
    return await Promise.race([waiting, exited]);
  } finally {
    process.child.off('exit', onExit);
  }
}
