import test from 'ava';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

test('npm install --global of the checkout installs a capstan command that runs without Node.js 24 on the PATH', (t) => {
  const prefix = mkdtempSync(join(tmpdir(), 'capstan-install-'));
  t.teardown(() => rmSync(prefix, { recursive: true, force: true }));
  // What the README says, into a prefix of the test's own instead of /usr/local.
  const install = spawnSync('npm', ['install', '--global', `--prefix=${prefix}`, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', root], { encoding: 'utf8' });
  t.is(install.status, 0, install.stderr);
  const command = join(prefix, 'bin', 'capstan');
  t.true(existsSync(command));
  // A machine's PATH without this checkout's node_modules/.bin, where `node` may be any version or none.
  const run = spawnSync(command, ['version'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: prefix } });
  t.is(run.stderr, '');
  t.regex(run.stdout, /^Capstan v\d+\.\d+\.\d+ \(Kubernetes API 1\.35\)\n$/);
});
