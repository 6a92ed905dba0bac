// Benchmark support: the real kube-apiserver (a binary built elsewhere, never committed) on
// 127.0.0.1 and a free port, on a given etcd, as a yardstick. Anonymous requests are allowed as
// on Capstan's benchmark servers: kube refuses anonymous with AlwaysAllow, so it runs RBAC with
// system:anonymous bound to cluster-admin (bound through a token of system:masters).

import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { servingAuthorityOf } from '../../common/test/api-server-child.ts';
import { type BenchApiServer, freePort, readyzOk, stopChild } from './api-server-process.ts';
import { trustAuthority } from './trusted-authorities.ts';

/** Where the side-by-side benchmarks look for kube-apiserver; KUBE_APISERVER overrides it. */
export function kubeApiServerBinary(): string {
  return process.env['KUBE_APISERVER'] ?? '/work/e2ebuild/kube-apiserver';
}

export const kubeApiServerPresent = (): boolean => existsSync(kubeApiServerBinary());

const readyTimeoutMs = 90_000;

export async function startKubeApiServer(dataDir: string, etcdEndpoint: string): Promise<BenchApiServer> {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const certDir = join(dataDir, 'pki');
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(join(dataDir, 'sa.key'), keys.privateKey.export({ type: 'sec1', format: 'pem' }), { mode: 0o600 });
  writeFileSync(join(dataDir, 'sa.pub'), keys.publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(join(dataDir, 'tokens.csv'), `${adminToken},bench-admin,bench-admin,"system:masters"\n`, { mode: 0o600 });
  const args = [
    `--etcd-servers=${etcdEndpoint}`,
    '--bind-address=127.0.0.1',
    `--secure-port=${port}`,
    `--cert-dir=${certDir}`,
    '--authorization-mode=RBAC',
    '--anonymous-auth=true',
    `--token-auth-file=${join(dataDir, 'tokens.csv')}`,
    '--service-cluster-ip-range=10.96.0.0/16',
    `--service-account-signing-key-file=${join(dataDir, 'sa.key')}`,
    `--service-account-key-file=${join(dataDir, 'sa.pub')}`,
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
  ];
  const began = performance.now();
  const child = spawn(kubeApiServerBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (output = (output + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopped ??= stopChild(child, exited));
  const url = `https://127.0.0.1:${port}`;
  try {
    while (!(await readyzOk(url, false))) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`kube-apiserver exited during start-up:\n${output}`);
      if (performance.now() - began > readyTimeoutMs) throw new Error(`kube-apiserver was not ready within ${readyTimeoutMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  // Its self-signed certificate file holds the serving certificate, then its authority.
  const certificateAuthority = servingAuthorityOf(join(certDir, 'apiserver.crt'));
  trustAuthority(certificateAuthority);
  try {
    await allowAnonymous(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    certificateAuthority,
    pid: child.pid as number,
    readyMs: performance.now() - began,
    stop,
    lastWords: () => output,
  };
}

const adminToken = 'capstan-bench-admin';

/** Binds system:anonymous to cluster-admin and waits until RBAC's cache lets anonymous list. */
async function allowAnonymous(url: string): Promise<void> {
  const binding = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: 'capstan-bench-anonymous' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'system:anonymous' }],
  };
  const created = await fetch(`${url}/apis/rbac.authorization.k8s.io/v1/clusterrolebindings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(binding),
  });
  if (!created.ok) throw new Error(`binding system:anonymous failed: ${created.status} ${await created.text()}`);
  const deadline = performance.now() + 30_000;
  while ((await fetch(`${url}/api/v1/namespaces?limit=1`)).status !== 200) {
    if (performance.now() > deadline) throw new Error('anonymous requests were still refused 30 s after the binding');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
