// `capstan testenv`, as a Go test execs it: a ready line with the kubeconfig, CRDs served by then,
// and a stop when the test closes its standard input (or dies), leaving no directory.

import test from 'ava';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
const crdDirectory = join(import.meta.dirname, 'fixtures', 'crds');

test('capstan testenv prints its kubeconfig once ready and stops when its standard input closes', async (t) => {
  const child = spawn(process.execPath, [capstan, 'testenv', `--crd-paths=${crdDirectory}`, '--stop-on-stdin-close'], { stdio: ['pipe', 'pipe', 'inherit'] });
  t.teardown(() => child.kill('SIGKILL'));
  const exited = once(child, 'exit');
  let stdout = '';
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /^Capstan testenv is ready at (https:\/\/127\.0\.0\.1:\d+): export KUBECONFIG=(\S+) \(\d+ ms\)$/m.exec(stdout);
      if (match !== null) resolve(match);
    });
    void exited.then(([code]) => reject(new Error(`capstan testenv exited with ${code}: ${stdout}`)));
  });
  const kubeconfig = ready[2] as string;
  const config = new KubeConfig();
  config.loadFromFile(kubeconfig);
  t.is(config.getCurrentCluster()?.server, ready[1]);
  const created = (await config.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
    group: 'example.com',
    version: 'v1',
    namespace: 'default',
    plural: 'widgets',
    body: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'from-cli' }, spec: { size: 1 } },
  })) as { metadata: { name: string } };
  t.is(created.metadata.name, 'from-cli');
  child.stdin.end();
  const [code] = await exited;
  t.is(code, 0);
  t.false(existsSync(dirname(kubeconfig)));
});
