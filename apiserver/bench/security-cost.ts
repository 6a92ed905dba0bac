// The cost of security in `npm run bench -- api`: the same get, create and list loads against two
// servers on the embedded store, both over TLS (there is no plain-HTTP port): one that serves
// anonymous requests with --authorization-mode=AlwaysAllow, and one where every request presents
// a client certificate (verified against --client-ca-file) of a user that RBAC (Node,RBAC, the
// default) allows through a ClusterRoleBinding to cluster-admin, as a controller's or operator's
// would be: not system:masters, which skips the authorizers; and the second server again with every
// request on one HTTP/2 connection, as client-go sends them.

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
  readonly http2?: boolean;
}

export async function securityCostRows(scratch: string, options: SecurityCostOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const { authority, client } = await benchCertificates();
  const caFile = join(scratch, 'bench-client-ca.crt');
  writeFileSync(caFile, authority);
  const tokens = join(scratch, 'bench-tokens.csv');
  writeFileSync(tokens, `${adminToken},bench-admin,bench-admin,system:masters\n`);
  const settings: Setting[] = [];
  try {
    const open = await startBenchApiServer({
      backend: 'sqlite',
      dataDir: join(scratch, 'security-open'),
      args: [`--token-auth-file=${tokens}`, '--authorization-mode=AlwaysAllow'],
    });
    settings.push({ name: 'TLS, anonymous, AlwaysAllow', note: 'no credentials, no authorizer', server: open });
    const secured = await startBenchApiServer({ backend: 'sqlite', dataDir: join(scratch, 'security-rbac'), args: [`--token-auth-file=${tokens}`, `--client-ca-file=${caFile}`] });
    settings.push({
      name: 'TLS, client certificate, Node,RBAC',
      note: 'x509 authentication, the Node and RBAC authorizers (a ClusterRoleBinding to cluster-admin)',
      server: secured,
      clientCertificate: client,
    });
    settings.push({
      name: 'TLS, client certificate, Node,RBAC, HTTP/2',
      note: 'the same server, every request on one HTTP/2 connection (as client-go sends them)',
      server: secured,
      clientCertificate: client,
      http2: true,
    });
    for (const setting of new Set(settings.map((setting) => setting.server))) await prepare(setting, options.listObjects, setting === secured);
    // Both servers run side by side and the loads alternate between them, twice each, so that the
    // machine's other work weighs on both alike.
    const loads: [string, LoadOptions['request'], number, string][] = [
      [`get, ${options.concurrency} in flight`, { kind: 'get', path: '/api/v1/namespaces/bench-list/configmaps/cm-0' }, options.concurrency, 'req/s'],
      [`create, ${options.concurrency} in flight`, { kind: 'create', namespaces: ['bench-create'], namePrefix: 'c-' }, options.concurrency, 'creates/s'],
      [
        `list of ${options.listObjects}, ${options.listConcurrency} in flight`,
        { kind: 'get', path: '/api/v1/namespaces/bench-list/configmaps' },
        options.listConcurrency,
        'lists/s',
      ],
    ];
    const rows: BenchRow[] = [];
    for (const [metric, request, concurrency, unit] of loads) {
      log(`security: ${metric}, alternating between the two servers`);
      const results = new Map<Setting, LoadResult[]>(settings.map((setting) => [setting, []]));
      for (let round = 0; round < 2; round++) {
        for (const [index, setting] of settings.entries()) {
          const result = await runLoad(setting, renamed(request, `${round}-${index}`), concurrency, options);
          if (result.errors > 0) throw new Error(`security bench, ${setting.name}, ${metric}: ${result.errors} failed, the first: ${result.firstError}`);
          results.get(setting)?.push(result);
        }
      }
      for (const setting of settings) {
        const runs = results.get(setting) ?? [];
        const mean = (pick: (result: LoadResult) => number) => runs.reduce((sum, result) => sum + pick(result), 0) / runs.length;
        rows.push({
          subject: `security ${metric}`,
          metric: setting.name,
          value: mean((result) => result.perSecond),
          unit,
          note: `${setting.note}; mean of 2 runs; p50 ${mean((result) => result.p50Ms).toFixed(1)} ms, p99 ${mean((result) => result.p99Ms).toFixed(1)} ms`,
        });
      }
    }
    return rows;
  } finally {
    await Promise.all([...new Set(settings.map((setting) => setting.server))].map((server) => server.stop()));
  }
}

/** A create's names differ from one run to the next (no conflicts with the objects of a run before on the same server). */
function renamed(request: LoadOptions['request'], run: string): LoadOptions['request'] {
  return request.kind === 'create' ? { ...request, namePrefix: `${request.namePrefix}${run}-` } : request;
}

function runLoad(setting: Setting, request: LoadOptions['request'], concurrency: number, options: SecurityCostOptions): Promise<LoadResult> {
  return load({
    url: setting.server.url,
    request,
    concurrency,
    durationMs: options.phaseMs,
    warmupMs: options.warmupMs,
    ...(setting.clientCertificate === undefined ? {} : { clientCertificate: setting.clientCertificate }),
    ...(setting.http2 === true ? { http2: true } : {}),
  });
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
