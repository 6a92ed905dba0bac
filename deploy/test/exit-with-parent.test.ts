import test from 'ava';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../common/test/eventually.ts';

const exitWithParent = join(import.meta.dirname, '..', 'src', 'exit-with-parent.ts');

/** Alive and not a zombie waiting for its reaper. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

test('a child whose parent is gone ends, even when it ignores SIGTERM', async (t) => {
  // The orphan: it ignores SIGTERM, as a process stuck in its graceful shutdown would.
  const orphan = `import { exitWithParent } from ${JSON.stringify(exitWithParent)};
process.on('SIGTERM', () => {});
exitWithParent();
setInterval(() => {}, 1000);`;
  // Its parent starts it with the variable naming itself, prints its pid, and exits at once.
  const parent = `const { spawn } = await import('node:child_process');
const child = spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(orphan)}], { stdio: 'ignore', detached: true, env: { ...process.env, CAPSTAN_EXIT_WITH_PARENT: String(process.pid) } });
child.unref();
process.stdout.write(String(child.pid));`;
  const started = spawn(process.execPath, ['--input-type=module', '-e', parent], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  started.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await new Promise((resolve) => started.once('close', resolve));
  const pid = Number(output);
  t.true(pid > 0, output);
  t.teardown(() => {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  });
  await eventually('the orphan to end', async () => (alive(pid) ? undefined : true), 60_000);
  t.false(alive(pid));
});
