// client-go v0.35 (Protobuf, as Go operators' typed clients) against kube's answers: a get at a
// resourceVersion ahead of the store is the Timeout client-go's reflector recognizes as
// ResourceVersionTooLarge (and retries after 1 s), and UpdateApproval writes a
// CertificateSigningRequest's Approved condition through the approval subresource.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import test from 'ava';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { startApiServer } from '../src/api-server-process.ts';
import { aliceCsrPem } from '../src/csr-fixture.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go tests need the Go toolchain (`go` on the PATH)');

goTest('client-go reads a get ahead of the store as ResourceVersionTooLarge, and approves a CSR with UpdateApproval', async (t) => {
  const probe = clientGoBinary('rv-answers');
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const json = { 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'x' } }) });
  const revision = Number(((await created.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
  const ahead = (await run(probe, [server.kubeconfig, 'get-ahead', 'default/x', String(revision + 1000)])).stdout;
  t.regex(ahead, /^timeout=true\ntooLarge=true\nretryAfter=1\nmessage=Timeout: Too large resource version: \d+, current: \d+\n$/);

  const csr = {
    metadata: { name: 'alice' },
    spec: { request: Buffer.from(aliceCsrPem).toString('base64'), signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] },
  };
  t.is((await fetch(`${server.url}/apis/certificates.k8s.io/v1/certificatesigningrequests`, { method: 'POST', headers: json, body: JSON.stringify(csr) })).status, 201);
  t.is((await run(probe, [server.kubeconfig, 'approve', 'alice'])).stdout, 'condition=Approved/True/ClientGoApprove transition=true\nduplicate invalid=true\n');
});
