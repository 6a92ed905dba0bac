import test from 'ava';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const fixture = join(import.meta.dirname, 'fixtures', 'test-runner');

/** Alive and not a zombie waiting for its reaper. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

test('npm test counts every test of a package whose ava timed out, and kills what its tests left running', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-test-runner-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const pidFile = join(dir, 'pid');
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'test.ts'), `--package=${fixture}`, '--no-typecheck'], {
    encoding: 'utf8',
    env: { ...process.env, FIXTURE_PID_FILE: pidFile },
    timeout: 60_000,
  });
  t.is(run.status, 1, run.stderr);
  // passes, leaves a process running: passed; fails, times out: failed; the skipped one is not counted.
  t.true(run.stdout.endsWith('\n2 passed, 2 failed\n'), run.stdout);
  t.regex(run.stdout, /^not ok \d+ - never ends, until ava times out$/m);
  t.regex(run.stdout, /# test-runner-fixture: killed 1 process\(es\) its tests left running/);
  t.false(alive(Number(readFileSync(pidFile, 'utf8'))), 'the detached process is gone');
});

test('npm test counts the tests of a worker that died of an uncaught exception as failed', (t) => {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'test.ts'), `--package=${join(import.meta.dirname, 'fixtures', 'test-runner-crash')}`, '--no-typecheck'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  t.is(run.status, 1, run.stderr);
  // One passed; the crash and the worker's exit are `not ok` lines, and ava's summary adds the two
  // tests that never ended: four failures.
  t.true(run.stdout.endsWith('\n1 passed, 4 failed\n'), run.stdout);
});
