// `capstan controllers` refuses node IPAM flags kube-controller-manager refuses, at start, with
// its words and a non-zero exit (no API server is needed to find out).

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

test('bad node IPAM flags stop capstan controllers before it starts', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-nodeipam-flags-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "http://127.0.0.1:1"}}]\ncontexts: [{name: c, context: {cluster: c, user: u}}]\ncurrent-context: c\nusers: [{name: u, user: {}}]\n',
  );
  const refusal = async (...flags: string[]) => {
    const failed = (await run(process.execPath, [capstan, 'controllers', `--kubeconfig=${kubeconfig}`, '--allocate-node-cidrs=true', ...flags], { timeout: 20_000 }).then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | undefined;
    return failed === undefined ? undefined : { code: failed.code, stderr: failed.stderr };
  };
  t.deepEqual(await refusal(), { code: 1, stderr: 'Error: Controller: Must specify --cluster-cidr if --allocate-node-cidrs is set\n' });
  t.deepEqual(await refusal('--cluster-cidr=10.0.0.0/8', '--node-cidr-mask-size=26'), { code: 1, stderr: 'Error: New CIDR set failed; the node CIDR size is too big\n' });
  t.deepEqual(await refusal('--cluster-cidr=10.244.0.0/16', '--node-cidr-mask-size-ipv6=64'), {
    code: 1,
    stderr: 'Error: usage of --node-cidr-mask-size-ipv6 is not allowed for a single-stack IPv4 cluster\n',
  });
});
