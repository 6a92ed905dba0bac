// The final sweep after a package's tests: every process its test run started, however deep and
// whether or not it left the run's process group (a detached child, a daemon, a `capstan up`
// re-parented to init), is found by a marker in its environment and killed. Linux (/proc) only;
// elsewhere the process group is all there is.

import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable that marks a test run's processes: the ids of the runs they belong to (a run inside a run adds its own). */
export const testRunVariable = 'CAPSTAN_TEST_RUN';

/** The marker's value for a new run started in this environment. */
export function markRun(env: NodeJS.ProcessEnv, runId: string): string {
  const outer = env[testRunVariable];
  return outer === undefined || outer === '' ? runId : `${outer} ${runId}`;
}

export interface SweptProcess {
  readonly pid: number;
  readonly command: string;
}

function markedProcesses(runId: string): SweptProcess[] {
  const prefix = `${testRunVariable}=`;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: SweptProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const variable = readFileSync(`/proc/${entry}/environ`, 'latin1')
        .split('\0')
        .find((assignment) => assignment.startsWith(prefix));
      if (variable === undefined || !variable.slice(prefix.length).split(' ').includes(runId)) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), command });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Kills the process group `groupId` and every process marked with `runId`; answers what was still running. */
export function sweepTestProcesses(groupId: number, runId: string): SweptProcess[] {
  const left = markedProcesses(runId);
  try {
    process.kill(-groupId, 'SIGKILL');
  } catch {
    // The group is empty.
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return left;
}
