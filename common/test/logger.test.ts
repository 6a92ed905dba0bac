import test from 'ava';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const logOnce = (format: string) =>
  spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `import { createLogger } from ${JSON.stringify(join(import.meta.dirname, '..', 'src', 'log', 'logger.ts'))}; createLogger({ name: 'probe', format: '${format}' }).info({ revision: 7 }, 'store ready');`],
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
