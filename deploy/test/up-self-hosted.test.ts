// `capstan up --self-hosted` refuses what it cannot do before it writes or starts anything (the
// cluster itself is tested end to end in e2e/test/up-self-hosted.test.ts).

import test from 'ava';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

for (const [flag, message] of [
  ['--nodes=2', '--self-hosted runs the control plane on one node: --node=false and --nodes are not for it'],
  ['--node=false', '--self-hosted runs the control plane on one node: --node=false and --nodes are not for it'],
  ['--controllers=false', '--self-hosted runs the controllers as a static pod: --controllers=false is not for it'],
] as const) {
  test(`capstan up --self-hosted ${flag} is refused, and nothing is written`, (t) => {
    const parent = mkdtempSync(join(tmpdir(), 'capstan-self-hosted-'));
    t.teardown(() => rmSync(parent, { recursive: true, force: true }));
    const dataDir = join(parent, 'cluster');
    const result = spawnSync(process.execPath, [capstan, 'up', '--self-hosted', flag, `--data-dir=${dataDir}`], { encoding: 'utf8' });
    t.is(result.status, 1);
    t.is(result.stderr, `Error: ${message}\n`);
    t.false(existsSync(dataDir));
  });
}
