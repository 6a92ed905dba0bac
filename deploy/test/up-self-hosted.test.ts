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

test('capstan up --container-runtime-endpoint without --self-hosted is refused', (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'capstan-self-hosted-'));
  t.teardown(() => rmSync(parent, { recursive: true, force: true }));
  const dataDir = join(parent, 'cluster');
  const result = spawnSync(process.execPath, [capstan, 'up', '--container-runtime-endpoint=unix:///run/containerd/containerd.sock', `--data-dir=${dataDir}`], {
    encoding: 'utf8',
  });
  t.is(result.status, 1);
  t.is(result.stderr, 'Error: --container-runtime-endpoint is for --self-hosted: the nodes of capstan up run on the simulated runtime\n');
  t.false(existsSync(dataDir));
});

test('capstan up --self-hosted on an endpoint where no runtime answers says so, and writes no certificate or manifest', (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'capstan-self-hosted-'));
  t.teardown(() => rmSync(parent, { recursive: true, force: true }));
  const dataDir = join(parent, 'cluster');
  const endpoint = `unix://${join(parent, 'containerd.sock')}`;
  const result = spawnSync(process.execPath, [capstan, 'up', '--self-hosted', `--container-runtime-endpoint=${endpoint}`, `--data-dir=${dataDir}`], { encoding: 'utf8' });
  t.is(result.status, 1);
  t.true(result.stderr.startsWith(`Error: no container runtime answers at ${endpoint}`), result.stderr);
  t.false(existsSync(join(dataDir, 'pki')));
  t.false(existsSync(join(dataDir, 'node')));
});
