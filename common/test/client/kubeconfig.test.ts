import test from 'ava';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeconfigError, loadKubeconfig, parseKubeconfig } from '../../src/client/index.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const caPem = readFileSync(join(fixtures, 'ca.crt'), 'utf8');
const b64 = (text: string): string => Buffer.from(text).toString('base64');

test("the kubeconfig `capstan up` writes: the current context's plain-HTTP server and namespace", (t) => {
  const config = parseKubeconfig(`apiVersion: v1
kind: Config
clusters:
- name: capstan
  cluster:
    server: http://127.0.0.1:6443
    insecure-skip-tls-verify: true
contexts:
- name: capstan
  context:
    cluster: capstan
    user: capstan
    namespace: default
current-context: capstan
users:
- name: capstan
  user: {}
`);
  t.deepEqual(config, { server: 'http://127.0.0.1:6443', namespace: 'default', insecureSkipTLSVerify: true });
});

test('certificate data, token and the chosen context are read; file paths are relative to the kubeconfig', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-kubeconfig-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'ca.crt'), caPem);
  writeFileSync(join(dir, 'node.crt'), 'CERT');
  writeFileSync(join(dir, 'node.key'), 'KEY');
  const path = join(dir, 'config');
  writeFileSync(
    path,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': 'admin',
      clusters: [
        { name: 'prod', cluster: { server: 'https://10.0.0.1:6443', 'certificate-authority-data': b64(caPem), 'tls-server-name': 'kubernetes' } },
        { name: 'files', cluster: { server: 'https://127.0.0.1:6443', 'certificate-authority': 'ca.crt' } },
      ],
      users: [
        { name: 'admin', user: { token: 'sekret' } },
        { name: 'node', user: { 'client-certificate': 'node.crt', 'client-key': 'node.key', tokenFile: 'token' } },
        { name: 'inline', user: { 'client-certificate-data': b64('C'), 'client-key-data': b64('K'), username: 'u', password: 'p' } },
      ],
      contexts: [
        { name: 'admin', context: { cluster: 'prod', user: 'admin', namespace: 'ops' } },
        { name: 'node', context: { cluster: 'files', user: 'node' } },
        { name: 'inline', context: { cluster: 'prod', user: 'inline' } },
      ],
    }),
  );
  t.deepEqual(loadKubeconfig(path), { server: 'https://10.0.0.1:6443', namespace: 'ops', certificateAuthority: caPem, token: 'sekret', tlsServerName: 'kubernetes' });
  t.deepEqual(loadKubeconfig(path, { context: 'node' }), {
    server: 'https://127.0.0.1:6443',
    namespace: 'default',
    certificateAuthority: caPem,
    clientCertificate: 'CERT',
    clientKey: 'KEY',
    tokenFile: join(dir, 'token'),
  });
  t.like(loadKubeconfig(path, { context: 'inline' }), { clientCertificate: 'C', clientKey: 'K', username: 'u', password: 'p' });
});

test('a kubeconfig that names what it lacks is refused with a message saying what', (t) => {
  const base = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'c', cluster: { server: 'http://x' } }],
    users: [{ name: 'u', user: {} }],
    contexts: [{ name: 'ctx', context: { cluster: 'c', user: 'u' } }],
  };
  const parse = (document: object, context?: string) => () => parseKubeconfig(JSON.stringify(document), context === undefined ? {} : { context });
  t.throws(parse(base), { instanceOf: KubeconfigError, message: 'invalid configuration: no current context is set' });
  t.throws(parse(base, 'other'), { message: 'context was not found for specified context: other' });
  t.throws(parse({ ...base, contexts: [{ name: 'ctx', context: { cluster: 'nope', user: 'u' } }] }, 'ctx'), { message: 'cluster "nope" of context ctx was not found' });
  t.throws(parse({ ...base, users: [{ name: 'u', user: { exec: { command: 'x' } } }] }, 'ctx'), { message: 'user u: exec credential plugins are not supported' });
  t.throws(parse({ ...base, clusters: [{ name: 'c', cluster: { server: 'https://x', 'insecure-skip-tls-verify': true, 'certificate-authority-data': b64(caPem) } }] }, 'ctx'), {
    message: 'cluster c: specifying a root certificates file with the insecure flag is not allowed',
  });
  t.throws(parse({ ...base, clusters: [{ name: 'c', cluster: {} }] }, 'ctx'), { message: 'invalid configuration: no server found for cluster "c"' });
  t.throws(() => loadKubeconfig('/nonexistent/kubeconfig'), { instanceOf: KubeconfigError, message: /^cannot read kubeconfig \/nonexistent\/kubeconfig: ENOENT/ });
});
