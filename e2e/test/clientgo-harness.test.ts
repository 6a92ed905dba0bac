// The client-go harness itself: a Go program built from e2e/clientgo with client-go v0.35 reaches
// a real API server through a kubeconfig, as every Go operator does.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import test from 'ava';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { startApiServer } from '../src/api-server-process.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go tests need the Go toolchain (`go` on the PATH)');

goTest('client-go reads the server version and lists namespaces (Protobuf)', async (t) => {
  const probe = clientGoBinary('clientgo-probe');
  const server = await startApiServer();
  t.teardown(() => server.stop());
  t.regex((await run(probe, [server.kubeconfig, 'version'])).stdout, /^v1\.35\.\d+\+capstan/);
  t.true(Number((await run(probe, [server.kubeconfig, 'namespaces'])).stdout) >= 4);
});
