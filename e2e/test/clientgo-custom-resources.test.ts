// client-go v0.35 with custom resources, as a Go operator uses them: the apiextensions clientset
// (Protobuf) creates a CRD and watches it until Established; a dynamic informer follows the custom
// resource while the dynamic client writes it every way (schema defaults, status, merge patch,
// server-side apply and its conflict, scale); deleting the CRD takes the resource away. The
// program, e2e/clientgo/cmd/crd-probe, is the judge (it passes against kube-apiserver 1.35 too).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import test from 'ava';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { startApiServer } from '../src/api-server-process.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go custom resource test needs the Go toolchain (`go` on the PATH)');

goTest('client-go creates a CRD, and its dynamic client and informer serve the custom resource end to end', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  let output: string;
  try {
    output = (await run(clientGoBinary('crd-probe'), [server.kubeconfig, 'default'], { encoding: 'utf8', timeout: 120_000 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`crd-probe failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  t.deepEqual(
    output.trim().split('\n'),
    [
      'crd-create',
      'crd-established',
      'informer-synced',
      'create-defaulted',
      'informer-added',
      'get',
      'list',
      'update',
      'informer-updated',
      'update-status',
      'merge-patch',
      'apply',
      'apply-conflict',
      'scale',
      'informer-deleted',
      'crd-deleted',
    ].map((step) => `ok ${step}`),
  );
});
