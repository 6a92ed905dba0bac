// Test support: a real, private etcd on 127.0.0.1 with free ports and a temporary data directory.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { makeTempDir } from './temp-dir.ts';

export interface EtcdServer {
  /** The client URL, e.g. http://127.0.0.1:40123. */
  readonly endpoint: string;
  readonly binary: string;
  /** Sends a signal to the etcd process, e.g. SIGSTOP to make it stop answering without closing connections. */
  signal(signal: NodeJS.Signals): void;
  /** Stops the process (SIGTERM), keeping its data, and starts it again on the same ports. */
  restart(): Promise<void>;
  /** Stops the process and keeps its data, as a member that crashed. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after a grace period; removes the data directory. Idempotent. */
  stop(): Promise<void>;
}

export interface EtcdCluster {
  readonly members: readonly EtcdServer[];
  /** Every member's client URL. */
  readonly endpoints: readonly string[];
  stop(): Promise<void>;
}

const startTimeoutMs = 15_000;
const stopGraceMs = 3_000;

export function etcdBinary(): string {
  const fromEnv = process.env['ETCD_BIN'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, 'etcd'))) return join(dir, 'etcd');
  }
  return '/usr/bin/etcd';
}

/**
 * PEM for an etcd that serves clients over TLS and asks them for a certificate (kubeadm's etcd):
 * its serving certificate (for 127.0.0.1) and key, and the CA that signs client certificates.
 * The health checks here present `client`, signed by that CA.
 */
export interface EtcdTls {
  readonly cert: string;
  readonly key: string;
  readonly clientCa: string;
  readonly client: { readonly cert: string; readonly key: string; readonly ca: string };
}

export async function startEtcd(label = 'etcd', tls?: EtcdTls): Promise<EtcdServer> {
  const cluster = await startEtcdCluster(1, label, tls);
  return cluster.members[0] as EtcdServer;
}

/** A cluster of `size` members on 127.0.0.1, each with its own ports and data directory. */
export async function startEtcdCluster(size: number, label = 'etcd', tls?: EtcdTls): Promise<EtcdCluster> {
  // etcd cannot bind port 0, so free ports are picked first; another process may take one
  // in between, hence the retries.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startClusterOnce(size, label, tls);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

interface MemberSpec {
  readonly name: string;
  readonly dataDir: string;
  readonly endpoint: string;
  readonly peer: string;
  readonly initialCluster: string;
  /** Its TLS files' paths, when it serves clients over TLS. */
  readonly tls?: { readonly certFile: string; readonly keyFile: string; readonly clientCaFile: string; readonly pem: EtcdTls };
}

async function startClusterOnce(size: number, label: string, tls: EtcdTls | undefined): Promise<EtcdCluster> {
  const binary = etcdBinary();
  const ports = await freePorts(2 * size);
  const dirs = Array.from({ length: size }, (_, i) => makeTempDir(size === 1 ? label : `${label}-${i}`));
  const specs: MemberSpec[] = dirs.map((dir, i) => ({
    name: size === 1 ? label : `${label}-${i}`,
    dataDir: join(dir.path, 'data'),
    endpoint: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${ports[2 * i]}`,
    peer: `http://127.0.0.1:${ports[2 * i + 1]}`,
    initialCluster: '',
    ...(tls === undefined ? {} : { tls: writeTlsFiles(dir.path, tls) }),
  }));
  const initialCluster = specs.map((spec) => `${spec.name}=${spec.peer}`).join(',');
  const members = specs.map((spec, i) => member(binary, { ...spec, initialCluster }, dirs[i] as ReturnType<typeof makeTempDir>));
  const stop = async (): Promise<void> => {
    await Promise.all(members.map((m) => m.stop()));
  };
  // A member is healthy only once the cluster has a leader, so all start before any is awaited.
  const started = await Promise.allSettled(members.map((m) => m.start()));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) {
    await stop();
    throw failed.reason;
  }
  return { members, endpoints: specs.map((spec) => spec.endpoint), stop };
}

/** One member: its process can be killed and started again on the same data directory. */
function member(binary: string, spec: MemberSpec, dir: ReturnType<typeof makeTempDir>): EtcdServer & { start(): Promise<void> } {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let reaper: ChildProcess | undefined;
  let stopped: Promise<void> | undefined;

  const kill = async (): Promise<void> => {
    reaper?.kill('SIGKILL');
    reaper = undefined;
    if (child !== undefined) await killChild(child, exited);
  };

  const start = async (): Promise<void> => {
    const launched = spawnMember(binary, spec);
    child = launched.child;
    exited = launched.exited;
    reaper = startReaper(launched.child, dir.path);
    await waitHealthy(spec.endpoint, launched.failure, spec.tls?.pem.client);
  };

  return {
    endpoint: spec.endpoint,
    binary,
    signal: (name) => void child?.kill(name),
    start,
    kill,
    restart: async () => {
      await kill();
      await start();
    },
    stop: () => {
      stopped ??= kill().then(() => dir.remove());
      return stopped;
    },
  };
}

function spawnMember(binary: string, spec: MemberSpec): { child: ChildProcess; exited: Promise<void>; failure: () => string | undefined } {
  const child = spawn(
    binary,
    [
      '--name',
      spec.name,
      '--data-dir',
      spec.dataDir,
      '--listen-client-urls',
      spec.endpoint,
      '--advertise-client-urls',
      spec.endpoint,
      '--listen-peer-urls',
      spec.peer,
      '--initial-advertise-peer-urls',
      spec.peer,
      '--initial-cluster',
      spec.initialCluster,
      '--logger',
      'zap',
      '--log-level',
      'error',
      ...(spec.tls === undefined ? [] : ['--cert-file', spec.tls.certFile, '--key-file', spec.tls.keyFile, '--trusted-ca-file', spec.tls.clientCaFile, '--client-cert-auth']),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      spawnError = error;
      resolve();
    });
  });
  const failure = (): string | undefined => {
    if (spawnError !== undefined) return `cannot run ${binary}: ${spawnError.message}`;
    if (child.exitCode !== null || child.signalCode !== null) {
      return `etcd exited during startup (${child.exitCode ?? child.signalCode}): ${output}`;
    }
    return undefined;
  };
  return { child, exited, failure };
}

/**
 * A test run that times out or crashes skips its after hooks; this detached shell then kills etcd
 * and removes its directory once this process is gone, so no etcd outlives the tests.
 */
function startReaper(child: ChildProcess, dir: string): ChildProcess | undefined {
  if (child.pid === undefined) return undefined;
  const script = [
    'while kill -0 "$OWNER" 2>/dev/null && kill -0 "$ETCD" 2>/dev/null; do sleep 1; done',
    'if ! kill -0 "$OWNER" 2>/dev/null; then kill -9 "$ETCD" 2>/dev/null; rm -rf "$DIR"; fi',
  ].join('\n');
  const reaper = spawn('/bin/sh', ['-c', script], {
    detached: true,
    stdio: 'ignore',
    env: { OWNER: String(process.pid), ETCD: String(child.pid), DIR: dir, PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
  });
  reaper.on('error', () => undefined);
  reaper.unref();
  return reaper;
}

async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => {
      const server = createServer();
      return new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    }),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port was assigned');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function writeTlsFiles(dir: string, pem: EtcdTls): NonNullable<MemberSpec['tls']> {
  const files = { certFile: join(dir, 'server.crt'), keyFile: join(dir, 'server.key'), clientCaFile: join(dir, 'client-ca.crt') };
  writeFileSync(files.certFile, pem.cert);
  writeFileSync(files.keyFile, pem.key, { mode: 0o600 });
  writeFileSync(files.clientCaFile, pem.clientCa);
  return { ...files, pem };
}

/** etcd's /health over TLS, presenting a client certificate. */
function healthOverTls(endpoint: string, client: EtcdTls['client']): Promise<{ ok: boolean; body: { health?: string } }> {
  return new Promise((resolve, reject) => {
    const call = request(`${endpoint}/health`, { ...client, timeout: 1000 }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ ok: response.statusCode === 200, body: JSON.parse(text) as { health?: string } }));
    });
    call.on('timeout', () => call.destroy(new Error('timed out')));
    call.on('error', reject);
    call.end();
  });
}

/** Polls /health until etcd answers; `failure` says why the process can no longer come up. */
async function waitHealthy(endpoint: string, failure: () => string | undefined, client?: EtcdTls['client']): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const reason = failure();
    if (reason !== undefined) throw new Error(reason);
    try {
      const { ok, body } =
        client === undefined
          ? await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) }).then(async (response) => ({
              ok: response.ok,
              body: (await response.json()) as { health?: string },
            }))
          : await healthOverTls(endpoint, client);
      if (ok && body.health === 'true') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`etcd did not become healthy at ${endpoint} within ${startTimeoutMs} ms`);
}

async function killChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
  await exited;
  clearTimeout(timer);
}
