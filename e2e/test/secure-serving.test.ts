// The secure port as clients meet it: HTTPS with the self-signed certificate, client certificates
// verified against --client-ca-file (kubectl and @kubernetes/client-node authenticate with them),
// bearer tokens of --token-auth-file, 401 for refused credentials whatever --anonymous-auth says,
// and --tls-min-version and --tls-cipher-suites as kube-apiserver takes them.

import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { promisify } from 'node:util';
import { AuthenticationV1Api, KubeConfig } from '@kubernetes/client-node';
import { issueCertificate, type CertificateIssuer } from '@capstan/common';
import { kubeconfigFor } from '@capstan/deploy';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');

interface Authority {
  readonly pem: string;
  client(user: string, groups: readonly string[], validForMs?: number): Promise<{ cert: string; key: string }>;
}

async function authority(commonName: string): Promise<Authority> {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = { commonName };
  const now = Date.now();
  const issued = await issueCertificate(
    { serialNumber: 1, subject: name, notBefore: new Date(now - 60_000), notAfter: new Date(now + 3_600_000), publicKey: keys.publicKey, keyUsage: ['keyCertSign'], isCA: true },
    { name, privateKey: keys.privateKey },
  );
  const issuer: CertificateIssuer = { name, privateKey: keys.privateKey as KeyObject, ...(issued.subjectKeyId === undefined ? {} : { subjectKeyId: issued.subjectKeyId }) };
  let serial = 1;
  return {
    pem: issued.pem,
    client: async (user, groups, validForMs = 3_600_000) => {
      const clientKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const notAfter = new Date(Date.now() + validForMs);
      const cert = await issueCertificate(
        {
          serialNumber: ++serial,
          subject: { commonName: user, organizations: groups },
          notBefore: new Date(Math.min(now - 60_000, notAfter.getTime() - 60_000)),
          notAfter,
          publicKey: clientKeys.publicKey,
          keyUsage: ['digitalSignature'],
          extendedKeyUsage: ['clientAuth'],
        },
        issuer,
      );
      return { cert: cert.pem, key: clientKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'capstan-secure-serving-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

/** A server trusting `clients` for client certificates, with the token `reader-token` of user reader, and no anonymous requests. */
async function serverFor(clients: Authority, extraArgs: readonly string[] = []) {
  const caFile = join(dir, `client-ca-${Math.random().toString(36).slice(2)}.crt`);
  writeFileSync(caFile, clients.pem);
  const tokens = join(dir, `tokens-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(tokens, 'reader-token,reader,reader-uid,"readers,auditors"\n');
  return startApiServerChild({ args: [`--client-ca-file=${caFile}`, `--token-auth-file=${tokens}`, '--anonymous-auth=false', ...extraArgs], prefix: 'capstan-tls-' });
}

test('a client certificate signed by --client-ca-file authenticates kubectl and client-node as its common name in its organizations', async (t) => {
  const clients = await authority('test-client-ca');
  const server = await serverFor(clients);
  t.teardown(() => server.stop());
  const admin = await clients.client('jane', ['system:masters', 'ops']);
  const kubeconfig = join(dir, 'jane.kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, clientCertificate: admin.cert, clientKey: admin.key }));
  const { stdout } = await run(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, 'auth', 'whoami', '-o', 'json'], { encoding: 'utf8' });
  t.deepEqual(JSON.parse(stdout).status.userInfo, { username: 'jane', groups: ['system:masters', 'ops', 'system:authenticated'] });

  const config = new KubeConfig();
  config.loadFromFile(kubeconfig);
  const review = await config.makeApiClient(AuthenticationV1Api).createSelfSubjectReview({ body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' } });
  t.is(review.status?.userInfo?.username, 'jane');
});

test('a certificate of another authority, or an expired one, is refused 401 even where anonymous requests would be served', async (t) => {
  const clients = await authority('test-client-ca');
  const server = await serverFor(clients, ['--anonymous-auth=true']);
  t.teardown(() => server.stop());
  const rogue = await (await authority('rogue-ca')).client('jane', ['system:masters']);
  const expired = await clients.client('jane', ['system:masters'], -1000);
  for (const credentials of [rogue, expired]) {
    const answer = await getWithCertificate(`${server.url}/api`, server.certificateAuthority, credentials);
    t.is(answer.status, 401);
    t.like(JSON.parse(answer.body), { kind: 'Status', status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
  }
  // Without credentials the request is anonymous and served.
  t.is((await fetch(`${server.url}/api`)).status, 200);
});

test('bearer tokens of --token-auth-file authenticate; an unknown token and, with --anonymous-auth=false, no credentials are 401', async (t) => {
  const server = await serverFor(await authority('test-client-ca'));
  t.teardown(() => server.stop());
  const whoami = (token?: string) =>
    fetch(`${server.url}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}',
    });
  const reader = await whoami('reader-token');
  t.is(reader.status, 201);
  t.deepEqual(((await reader.json()) as { status: { userInfo: unknown } }).status.userInfo, {
    username: 'reader',
    uid: 'reader-uid',
    groups: ['readers', 'auditors', 'system:authenticated'],
  });
  for (const token of ['nobody-token', undefined]) {
    const refused = await whoami(token);
    t.is(refused.status, 401);
    t.like(await refused.json(), { reason: 'Unauthorized', code: 401 });
  }
});

test('--tls-min-version=VersionTLS13 refuses a TLS 1.2 handshake and serves TLS 1.3', async (t) => {
  const server = await serverFor(await authority('test-client-ca'), ['--tls-min-version=VersionTLS13']);
  t.teardown(() => server.stop());
  const { port } = new URL(server.url);
  const handshake = (maxVersion: 'TLSv1.2' | 'TLSv1.3') =>
    new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port), ca: server.certificateAuthority, maxVersion, servername: 'localhost' }, () => {
        resolve(socket.getProtocol() ?? 'none');
        socket.end();
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code ?? error.message}`));
    });
  t.regex(await handshake('TLSv1.2'), /^error /);
  t.is(await handshake('TLSv1.3'), 'TLSv1.3');
});

test("an unknown --tls-cipher-suites name or --tls-min-version stops the start with kube's words", async (t) => {
  for (const [flag, expected] of [
    ['--tls-cipher-suites=TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,TLS_NO_SUCH_SUITE', /Cipher suite TLS_NO_SUCH_SUITE not supported or doesn't exist/],
    ['--tls-min-version=VersionTLS99', /unknown tls version "VersionTLS99"/],
  ] as const) {
    const child = spawn(process.execPath, [capstan, 'apiserver', '--secure-port=0', `--data-dir=${join(dir, 'refused')}`, flag], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    t.not(code, 0);
    t.regex(stderr, expected);
  }
});

/** A GET with a client certificate (node:https through fetch cannot present one). */
async function getWithCertificate(url: string, ca: string, credentials: { cert: string; key: string }): Promise<{ status: number; body: string }> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { ca, cert: credentials.cert, key: credentials.key }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
