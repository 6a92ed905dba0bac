import test from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './eventually.ts';
import { mountSmallTmpfs } from './small-tmpfs.ts';

const logOnce = (format: string) =>
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createLogger } from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'log', 'logger.ts'))}; createLogger({ name: 'probe', format: '${format}' }).info({ revision: 7 }, 'store ready');`,
    ],
    { encoding: 'utf8' },
  );

test('the JSON logger writes one JSON line per entry to standard error', (t) => {
  const result = logOnce('json');
  t.is(result.status, 0, result.stderr);
  t.is(result.stdout, '');
  const entry = JSON.parse(result.stderr.trim()) as Record<string, unknown>;
  t.like(entry, { name: 'probe', level: 30, msg: 'store ready', revision: 7 });
});

test('the text logger writes a readable line', (t) => {
  const result = logOnce('text');
  t.is(result.status, 0, result.stderr);
  t.regex(result.stderr, /INFO.*\(probe\): store ready/);
  t.regex(result.stderr, /revision: 7/);
});

test('on a full disk the logger drops lines without blocking or crashing, and reports the count once space returns', async (t) => {
  const fs = mountSmallTmpfs(t, '8m');
  if (fs === undefined) return t.pass();
  // All but 32 KiB taken by a file we can remove later: "space returns".
  const filler = join(fs.path, 'filler');
  const { bavail, bsize } = statfsSync(fs.path);
  writeFileSync(filler, Buffer.alloc(Number(bavail) * Number(bsize) - 32 * 1024));
  const logPath = join(fs.path, 'log');
  const logFd = openSync(logPath, 'a');
  const logger = `import { createLogger } from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'log', 'logger.ts'))};
    const logger = createLogger({ name: 'probe', format: 'json' });
    // 4 MiB of lines, 100 per turn of the event loop, then a word on stdout: the loop still turns.
    let i = 0;
    const burst = () => {
      for (let k = 0; k < 100; k++) logger.info({ i: i++, pad: 'x'.repeat(400) }, 'filling');
      if (i < 10000) setImmediate(burst);
      else process.stdout.write('burst done\\n');
    };
    burst();
    process.stdin.setEncoding('utf8').on('data', () => logger.info('after space returns'));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', logger], { stdio: ['pipe', 'pipe', logFd] });
  closeSync(logFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => void child.kill('SIGKILL'));
  const said = (word: string): Promise<void> =>
    new Promise((resolve, reject) => {
      let out = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk).includes(word) && resolve());
      void exited.then((code) => reject(new Error(`the logging process exited with ${code} before saying ${word}`)));
    });
  await withTimeout(said('burst done'), 60_000, 'the logging process to get through its burst on a full disk');

  // Space returns: the queued lines go out, then the count of those dropped.
  rmSync(filler);
  const report = await eventually(
    'the report of the dropped lines',
    async () =>
      readFileSync(logPath, 'utf8')
        .split('\n')
        .find((line) => line.includes('"droppedLogLines"')),
    30_000,
  );
  const { droppedLogLines, msg } = JSON.parse(report) as { droppedLogLines: number; msg: string };
  t.true(droppedLogLines > 0);
  t.regex(msg, /^dropped \d+ log lines that could not be written \(ENOSPC\)$/);
  // And logging goes on as before.
  child.stdin?.write('more\n');
  await eventually('the line logged after space returned', async () => (readFileSync(logPath, 'utf8').includes('after space returns') ? true : undefined), 30_000);
  child.stdin?.end();
  t.is(await withTimeout(exited, 30_000, 'the logging process to exit'), 0);
});

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
