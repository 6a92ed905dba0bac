import test, { type ExecutionContext } from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { unlinkSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LockFile, LockFileError } from '../src/config/index.ts';
import { configDirectory } from './config-fixtures.ts';

const node = process.execPath;
const lockModule = fileURLToPath(new URL('../src/config/lock-file.ts', import.meta.url));

// A tiny agent: takes the lock as the agent does, says so, and with --exit-on-lock-contention
// exits 0 when another process asks for the lock.
const agentScript = `
import { LockFile } from ${JSON.stringify(lockModule)};
const [path, ...flags] = process.argv.slice(2);
try {
  const lock = await LockFile.acquire(path, { wait: !flags.includes('--no-wait') });
  if (flags.includes('--exit-on-lock-contention')) {
    const contended = lock.watchForContention();
    console.log('acquired');
    console.log('contention ' + (await contended).reason);
    process.exit(0);
  }
  console.log('acquired');
  setInterval(() => {}, 60_000);
} catch (error) {
  console.log('error: ' + error.message);
  process.exit(1);
}
`;

interface Agent {
  readonly child: ChildProcess;
  readonly lines: string[];
  /** Resolves with the line once the agent prints it; rejects when the agent exits without it. */
  line(text: string): Promise<string>;
  exited(): Promise<number | null>;
}

function startAgent(t: ExecutionContext, script: string, path: string, ...flags: string[]): Agent {
  const child = spawn(node, [script, path, ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    // 'close' comes after the last output, where 'exit' may come before it.
    child.on('close', (code) => {
      exited = true;
      for (const wake of waiters.splice(0)) wake();
      resolve(code);
    }),
  );
  return {
    child,
    lines,
    // No clock: a busy machine only makes the line come later; an agent that exits without it fails the wait.
    line(text) {
      return new Promise((resolve, reject) => {
        const look = (): void => {
          const found = lines.find((line) => line.startsWith(text));
          if (found !== undefined) resolve(found);
          else if (exited) reject(new Error(`the agent exited without "${text}"; saw ${JSON.stringify(lines)}`));
          else waiters.push(look);
        };
        look();
      });
    },
    exited: () => exit,
  };
}

function setUp(t: ExecutionContext): { script: string; lockPath: string; root: string } {
  const dir = configDirectory(t);
  return { script: dir.write('agent.ts', agentScript), lockPath: `${dir.root}/agent.lock`, root: dir.root };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('a second agent on the same lock file waits until the first is gone, even killed', async (t) => {
  const { script, lockPath } = setUp(t);
  const first = startAgent(t, script, lockPath);
  await first.line('acquired');
  t.is(statSync(lockPath).mode & 0o777, 0o600);

  const second = startAgent(t, script, lockPath);
  await pause(1500);
  t.false(second.lines.includes('acquired'), 'the second agent must not run while the first holds the lock');

  // SIGKILL leaves no chance to clean up: the kernel releases a flock with its last descriptor.
  first.child.kill('SIGKILL');
  await second.line('acquired');
  t.pass();
});

test('an agent told not to wait refuses to start while the lock is held', async (t) => {
  const { script, lockPath } = setUp(t);
  const first = startAgent(t, script, lockPath);
  await first.line('acquired');

  const second = startAgent(t, script, lockPath, '--no-wait');
  t.is(await second.line('error:'), `error: unable to acquire file lock on ${JSON.stringify(lockPath)}: resource temporarily unavailable`);
  t.is(await second.exited(), 1);
  t.is(first.child.exitCode, null);
});

test('an agent that will not wait does not make a holder with --exit-on-lock-contention give way', async (t) => {
  const { script, lockPath } = setUp(t);
  const first = startAgent(t, script, lockPath, '--exit-on-lock-contention');
  await first.line('acquired');

  const second = startAgent(t, script, lockPath, '--no-wait');
  t.is(await second.exited(), 1);
  await pause(1500);
  t.false(first.lines.some((line) => line.startsWith('contention')));
  t.is(first.child.exitCode, null);
});

test('with --exit-on-lock-contention the holder exits when another agent asks, and the newcomer gets the lock', async (t) => {
  const { script, lockPath } = setUp(t);
  const first = startAgent(t, script, lockPath, '--exit-on-lock-contention');
  await first.line('acquired');

  const second = startAgent(t, script, lockPath);
  t.is(await first.line('contention'), 'contention change');
  t.is(await first.exited(), 0);
  await second.line('acquired');
  t.pass();
});

test('any process waiting in flock(2) on the file is contention, as for the kubelet', async (t) => {
  const { script, lockPath } = setUp(t);
  const first = startAgent(t, script, lockPath, '--exit-on-lock-contention');
  await first.line('acquired');

  // util-linux flock, as a kubelet or an operator would take the lock: no touch, just a blocked flock.
  const other = spawn('flock', ['--exclusive', lockPath, 'true'], { stdio: 'ignore' });
  t.teardown(() => other.kill('SIGKILL'));
  const otherExit = new Promise<number | null>((resolve) => other.on('exit', resolve));

  t.is(await first.line('contention'), 'contention waiter');
  t.is(await first.exited(), 0);
  t.is(await otherExit, 0);
});

test('removing the lock file is contention', async (t) => {
  const { script, lockPath } = setUp(t);
  const first = startAgent(t, script, lockPath, '--exit-on-lock-contention');
  await first.line('acquired');

  unlinkSync(lockPath);
  t.is(await first.line('contention'), 'contention removed');
  t.is(await first.exited(), 0);
});

test('the lock is released with release(), and a lock file that cannot be opened is an error', async (t) => {
  const { root } = setUp(t);
  const path = `${root}/in-process.lock`;
  const lock = await LockFile.acquire(path, { wait: false });
  await t.throwsAsync(LockFile.acquire(path, { wait: false }), {
    instanceOf: LockFileError,
    message: `unable to acquire file lock on "${path}": resource temporarily unavailable`,
  });
  lock.release();
  const again = await LockFile.acquire(path, { wait: false });
  again.release();

  const missing = `${root}/no-such-dir/agent.lock`;
  await t.throwsAsync(LockFile.acquire(missing), { message: `unable to acquire file lock on "${missing}": open ${missing}: no such file or directory` });
});

test('waiting for the lock can be abandoned', async (t) => {
  const { root } = setUp(t);
  const path = `${root}/abandon.lock`;
  const lock = await LockFile.acquire(path);
  t.teardown(() => lock.release());
  const controller = new AbortController();
  const waiting = LockFile.acquire(path, { signal: controller.signal });
  await pause(200);
  controller.abort();
  await t.throwsAsync(waiting, { name: 'AbortError' });
});
