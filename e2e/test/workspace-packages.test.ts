import test from 'ava';
import { spawnSync } from 'node:child_process';

const packages = ['common', 'apiserver', 'controllers', 'nodeagent', 'deploy', 'e2e'];

test('every workspace package loads by name on Node 24 straight from its TypeScript sources', (t) => {
  const script = `${packages.map((name) => `await import('@capstan/${name}');`).join('\n')}\nprocess.stdout.write(process.version);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: import.meta.dirname });
  t.is(result.status, 0, result.stderr);
  t.regex(result.stdout, /^v24\./);
  // Type stripping is stable on Node 24: no experimental warning on every start.
  t.is(result.stderr, '');
});
