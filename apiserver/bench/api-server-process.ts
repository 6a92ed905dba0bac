// Benchmark support: a real `capstan apiserver` child process on 127.0.0.1 and a free port, timed
// from spawn to its first /readyz 200, and stopped with SIGTERM (SIGKILL after a grace period). It
// serves HTTPS with the self-signed certificate it writes in its data directory, whose authority
// this process trusts from then on (trusted-authorities.ts); requests are anonymous and every
// request is allowed (--authorization-mode=AlwaysAllow) unless the spec's flags say otherwise.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { StorageBackend } from '../src/storage/open-storage.ts';
import { serviceAccountKeyFlags, servingAuthorityOf } from '../../common/test/api-server-child.ts';
import { trustAuthority } from './trusted-authorities.ts';

export interface ApiServerSpec {
  readonly backend: StorageBackend;
  readonly dataDir: string;
  readonly etcdEndpoint?: string;
  /** Node's compile cache for the child (NODE_COMPILE_CACHE); unset: Node's default one. */
  readonly compileCacheDir?: string;
  /** More flags (authentication, authorization); --authorization-mode among them replaces AlwaysAllow. */
  readonly args?: readonly string[];
  /** bin/capstan.ts of another checkout (a baseline to compare with); this one's by default. */
  readonly entry?: string;
  /** Flags for Node itself, e.g. --cpu-prof. */
  readonly nodeArgs?: readonly string[];
}

export interface BenchApiServer {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  /** The PEM authority of the server's self-signed certificate (for kubeconfigs of other processes). */
  readonly certificateAuthority: string;
  readonly pid: number;
  /** From spawn to the first /readyz answered 200. */
  readonly readyMs: number;
  /** SIGTERM, SIGKILL after 10 s; resolves once the process is gone. Idempotent. */
  stop(): Promise<void>;
  /** The last 4,000 characters the server wrote, and how it exited if it did: for a benchmark that failed. */
  lastWords(): string;
}

const capstan = join(import.meta.dirname, '..', '..', 'bin', 'capstan.ts');
const readyTimeoutMs = 60_000;
const pollIntervalMs = 3;
const stopGraceMs = 10_000;

export async function startBenchApiServer(spec: ApiServerSpec): Promise<BenchApiServer> {
  // A free port is picked before the spawn so that /readyz can be polled from the first moment;
  // another process may take it in between, hence the retries.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(spec, await freePort());
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function startOnce(spec: ApiServerSpec, port: number): Promise<BenchApiServer> {
  const args = [
    ...(spec.nodeArgs ?? []),
    spec.entry ?? capstan,
    'apiserver',
    `--secure-port=${port}`,
    `--data-dir=${spec.dataDir}`,
    '--logging-format=json',
    `--storage-backend=${spec.backend}`,
  ];
  if (spec.etcdEndpoint !== undefined) args.push(`--etcd-servers=${spec.etcdEndpoint}`);
  // On etcd a server makes no service account key of its own (kube's rule): one is given.
  if (spec.backend === 'etcd3') {
    mkdirSync(spec.dataDir, { recursive: true });
    args.push(...serviceAccountKeyFlags(join(spec.dataDir, 'service-account.key')));
  }
  const extra = spec.args ?? [];
  if (!extra.some((arg) => arg.startsWith('--authorization-mode='))) args.push('--authorization-mode=AlwaysAllow');
  args.push(...extra);
  const began = performance.now();
  const env = spec.compileCacheDir === undefined ? process.env : { ...process.env, NODE_COMPILE_CACHE: spec.compileCacheDir };
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const keep = (chunk: string): void => void (output = (output + chunk).slice(-4000));
  // The serving line comes once the certificate is in the data directory.
  let serving = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    keep(chunk);
    serving ||= output.includes('serving on https://');
  });
  child.stderr.setEncoding('utf8').on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const url = `https://127.0.0.1:${port}`;
  let certificateAuthority: string | undefined;
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopped ??= stopChild(child, exited));
  try {
    while (certificateAuthority === undefined || !(await readyzOk(url))) {
      if (certificateAuthority === undefined && serving) {
        certificateAuthority = servingAuthorityOf(join(spec.dataDir, 'pki', 'apiserver.crt'));
        trustAuthority(certificateAuthority);
        continue;
      }
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API server exited during start-up:\n${output}`);
      if (performance.now() - began > readyTimeoutMs) throw new Error(`the API server was not ready within ${readyTimeoutMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const lastWords = (): string => `${child.exitCode === null && child.signalCode === null ? 'running' : `exited (${child.exitCode ?? child.signalCode})`}:\n${output}`;
  return { url, certificateAuthority: certificateAuthority as string, pid: child.pid as number, readyMs: performance.now() - began, stop, lastWords };
}

/**
 * One GET /readyz on a new connection: true on 200, false on any error or other status.
 * `checkCertificate: false` for a server whose certificate is not known yet.
 */
export function readyzOk(url: string, checkCertificate = true): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${url}/readyz`, { agent: false, timeout: 1000, rejectUnauthorized: checkCertificate }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
      response.on('error', () => resolve(false));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
export async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
  await exited;
  clearTimeout(timer);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port was assigned');
  return address.port;
}
