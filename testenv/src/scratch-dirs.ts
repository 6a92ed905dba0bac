// The directories of a test process's control planes: named after the process that made them, so
// that the next start removes those of a process that is gone (killed before its stop() or its
// exit), and removed at this process's exit when stop() was never called.

import { accessSync, constants, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const prefix = 'capstan-testenv-';
const owned = new Set<string>();
let exitHookInstalled = false;

/** /dev/shm (memory) where the system has it, the temporary directory otherwise. */
export function defaultBaseDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/** A new directory under `base` owned by this process until release(). */
export function scratchDir(base: string): string {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const dir of owned) rmSync(dir, { recursive: true, force: true });
    });
  }
  const dir = mkdtempSync(join(base, `${prefix}${process.pid}-`));
  owned.add(dir);
  return dir;
}

export function releaseScratchDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  owned.delete(dir);
}

/** The prefix of a directory of this process for a helper that makes its own (the child server's). */
export const ownedPrefix = (): string => `${prefix}${process.pid}-`;

/** Removes the directories under `base` of processes that no longer run. */
export function sweepOrphans(base: string): void {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^capstan-testenv-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(base, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
