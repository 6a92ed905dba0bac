// The cost of security in `npm run bench -- api`: the same get, create and list loads against two
// servers on the embedded store, both over TLS (there is no plain-HTTP port): one that serves
// anonymous requests with --authorization-mode=AlwaysAllow, and one where every request presents
// a client certificate (verified against --client-ca-file) of a user that RBAC (Node,RBAC, the
// default) allows through a ClusterRoleBinding to cluster-admin, as a controller's or operator's
// would be: not system:masters, which skips the authorizers.

import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueCertificate, type CertificateIssuer } from '@capstan/common';
import { startBenchApiServer, type BenchApiServer } from './api-server-process.ts';
import type { BenchRow } from './bench-row.ts';
import { httpLoad as load, type LoadOptions, type LoadResult } from './http-load.ts';

export interface SecurityCostOptions {
  readonly concurrency: number;
  readonly listConcurrency: number;
  readonly phaseMs: number;
  readonly warmupMs: number;
  /** ConfigMaps in the listed namespace. */
  readonly listObjects: number;
}

const adminToken = 'bench-admin-token';

interface Setting {
  readonly name: string;
  readonly note: string;
  readonly server: BenchApiServer;
  readonly clientCertificate?: { readonly cert: string; readonly key: string };
}

export async function securityCostRows(scratch: string, options: SecurityCostOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const { authority, client } = await benchCertificates();
  const caFile = join(scratch, 'bench-client-ca.crt');
  writeFileSync(caFile, authority);
  const tokens = join(scratch, 'bench-tokens.csv');
  writeFileSync(tokens, `${adminToken},bench-admin,bench-admin,system:masters\n`);
  const rows: BenchRow[] = [];
  const settings: [string, string, readonly string[]][] = [
    ['TLS, anonymous, AlwaysAllow', 'no credentials, no authorizer', ['--authorization-mode=AlwaysAllow']],
    ['TLS, client certificate, Node,RBAC', 'x509 authentication, the Node and RBAC authorizers (a ClusterRoleBinding to cluster-admin)', [`--client-ca-file=${caFile}`]],
  ];
  for (const [name, note, args] of settings) {
    const server = await startBenchApiServer({ backend: 'sqlite', dataDir: join(scratch, `security-${rows.length}`), args: [`--token-auth-file=${tokens}`, ...args] });
    try {
      const secured = args.some((arg) => arg.startsWith('--client-ca-file'));
      await prepare(server, options.listObjects, secured);
      const setting: Setting = { name, note, server, ...(secured ? { clientCertificate: client } : {}) };
      rows.push(...(await settingRows(setting, options, log)));
    } finally {
      await server.stop();
    }
  }
  return rows;
}

async function settingRows(setting: Setting, options: SecurityCostOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const run = (request: LoadOptions['request'], concurrency: number): Promise<LoadResult> =>
    load({
      url: setting.server.url,
      request,
      concurrency,
      durationMs: options.phaseMs,
      warmupMs: options.warmupMs,
      ...(setting.clientCertificate === undefined ? {} : { clientCertificate: setting.clientCertificate }),
    });
  log(`security: ${setting.name}: get, create and list`);
  const get = await run({ kind: 'get', path: '/api/v1/namespaces/bench-list/configmaps/cm-0' }, options.concurrency);
  const create = await run({ kind: 'create', namespaces: ['bench-create'], namePrefix: 'c-' }, options.concurrency);
  const list = await run({ kind: 'get', path: '/api/v1/namespaces/bench-list/configmaps' }, options.listConcurrency);
  const row = (metric: string, result: LoadResult, unit: string): BenchRow => {
    if (result.errors > 0) throw new Error(`security bench, ${setting.name}, ${metric}: ${result.errors} failed, the first: ${result.firstError}`);
    return {
      subject: `security ${metric}`,
      metric: setting.name,
      value: result.perSecond,
      unit,
      note: `${setting.note}; p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`,
    };
  };
  return [
    row(`get, ${options.concurrency} in flight`, get, 'req/s'),
    row(`create, ${options.concurrency} in flight`, create, 'creates/s'),
    row(`list of ${options.listObjects}, ${options.listConcurrency} in flight`, list, 'lists/s'),
  ];
}

/** The namespaces and the listed ConfigMaps, made with the admin token; on the secured server, the bench user's binding. */
async function prepare(server: BenchApiServer, listObjects: number, secured: boolean): Promise<void> {
  const post = async (path: string, body: unknown): Promise<void> => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  };
  for (const name of ['bench-list', 'bench-create']) await post('/api/v1/namespaces', { metadata: { name } });
  for (let i = 0; i < listObjects; i++) await post('/api/v1/namespaces/bench-list/configmaps', { metadata: { name: `cm-${i}` }, data: { key: 'x'.repeat(1024) } });
  if (!secured) return;
  await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
    metadata: { name: 'bench-user-admin' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bench-user' }],
  });
}

/** An authority and a client certificate of user bench-user it signs (ECDSA P-256, as capstan up's). */
async function benchCertificates(): Promise<{ authority: string; client: { cert: string; key: string } }> {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const clientKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = { commonName: 'bench-ca' };
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 24 * 3_600_000);
  const authority = await issueCertificate(
    { serialNumber: 1, subject: name, notBefore, notAfter, publicKey: keys.publicKey, keyUsage: ['keyCertSign', 'digitalSignature'], isCA: true },
    { name, privateKey: keys.privateKey },
  );
  const issuer: CertificateIssuer = { name, privateKey: keys.privateKey as KeyObject, ...(authority.subjectKeyId === undefined ? {} : { subjectKeyId: authority.subjectKeyId }) };
  const client = await issueCertificate(
    {
      serialNumber: 2,
      subject: { commonName: 'bench-user' },
      notBefore,
      notAfter,
      publicKey: clientKeys.publicKey,
      keyUsage: ['digitalSignature'],
      extendedKeyUsage: ['clientAuth'],
    },
    issuer,
  );
  return { authority: authority.pem, client: { cert: client.pem, key: clientKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() } };
}
