// Test support: a small tmpfs of our own, to fill a disk or make one read-only, unmounted and
// removed when the test ends whatever its outcome. Mounting needs root (CI runs as root); where it is
// not permitted the test is skipped with the reason, except under CI, where that is a failure.

import type { ExecutionContext } from 'ava';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallTmpfs {
  readonly path: string;
  /** mount -o remount,<options> */
  remount(options: string): void;
}

/** Mounts a tmpfs of `size` (mount's syntax: "2m"); undefined (the test skipped or failed) where that is not permitted. */
export function mountSmallTmpfs(t: ExecutionContext, size: string): SmallTmpfs | undefined {
  const path = mkdtempSync(join(tmpdir(), 'capstan-tmpfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'capstan-test', path], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(path, { recursive: true, force: true });
    const reason = `cannot mount a tmpfs here (${(mounted.error?.message ?? mounted.stderr).trim()})`;
    if (process.env.CI) t.fail(`${reason}: CI runs as root and must be able to`);
    else t.log(`skipped: ${reason}`);
    return undefined;
  }
  t.teardown(() => {
    // Lazy, so that a process of the test still holding a file there cannot keep it mounted.
    spawnSync('umount', ['--lazy', path]);
    rmSync(path, { recursive: true, force: true });
  });
  return {
    path,
    remount: (options) => {
      const result = spawnSync('mount', ['-o', `remount,${options}`, path], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`remount ${options} failed: ${result.stderr}`);
    },
  };
}
