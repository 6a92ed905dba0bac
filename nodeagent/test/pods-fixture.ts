// A node for the pod worker tests: a real `capstan apiserver` process, the simulated runtime
// served on a unix socket (`capstan runtime-sim`'s server in this process) or another CRI
// endpoint, a Node object, and the pod workers started against both with a KubeletConfiguration
// of the test's own.

import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { RestClient, type ResourceTarget } from '@capstan/common/client';
import { loadAgentConfiguration } from '../src/config/index.ts';
import { CriImageClient, CriRuntimeClient, serveCri } from '../src/cri/index.ts';
import { podsTarget } from '../src/pods/pod-types.ts';
import { startApiServerChild } from '../../common/test/api-server-child.ts';
import { startPodWorkers, type PodWorkersOptions, type RunningPodWorkers } from '../src/pods/index.ts';
import type { Pod } from '../src/pods/pod-types.ts';
import { criImplementation, effectiveSettings, SimulatedRuntime, startRuntimeSim, type RunningRuntimeSim } from '../src/runtime-sim/index.ts';

export interface ApiServer {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** `capstan apiserver` on a free loopback port with its own data directory. */
export async function startApiServer(): Promise<ApiServer> {
  const server = await startApiServerChild({ prefix: 'capstan-pods-api-' });
  return { url: server.url, child: server.child, stop: async () => void (await server.stop()) };
}

export const podsOf = (namespace: string, name?: string, subresource?: string): ResourceTarget => podsTarget(namespace, name, subresource);

export interface AgentNode {
  readonly dir: string;
  readonly rootDir: string;
  readonly podLogsDir: string;
  readonly staticPodPath: string;
  readonly nodeName: string;
  readonly client: RestClient | undefined;
  readonly runtime: CriRuntimeClient;
  /** The simulated runtime, unless the node runs on another (`endpoint`). */
  readonly sim: RunningRuntimeSim | undefined;
  readonly workers: RunningPodWorkers;
  /** Stops the pod workers and the runtime, as a node going down does (also done when the test ends); keepFiles leaves its directory for a restart. */
  stop(options?: { readonly keepFiles?: boolean }): Promise<void>;
}

export interface AgentNodeOptions {
  readonly nodeName: string;
  /** The API server to report to; none for standalone mode. */
  readonly api?: ApiServer;
  /** Extra lines of the KubeletConfiguration file. */
  readonly config?: string;
  /** A runtime-sim lifecycles file. */
  readonly lifecycles?: string;
  readonly extra?: Partial<PodWorkersOptions>;
  /** A CRI endpoint to run on instead of the simulated runtime. */
  readonly endpoint?: string;
  /** What the simulated runtime's handler claims it can do (both by default). */
  readonly handlerFeatures?: { readonly recursiveReadOnlyMounts: boolean; readonly userNamespaces: boolean };
  /** The directory of a stopped node to start again on (its root and log directories kept). */
  readonly dir?: string;
  /** Whether the Node is in the API before the workers start (by default); false: the test registers it. */
  readonly registerNode?: boolean;
}

/** The simulated runtime with handler features of the test's choosing, served in this process. */
async function servedRuntime(socketPath: string, handlerFeatures: NonNullable<AgentNodeOptions['handlerFeatures']>): Promise<RunningRuntimeSim> {
  const runtime = new SimulatedRuntime({ settings: effectiveSettings(), handlerFeatures });
  const server = await serveCri(`unix://${socketPath}`, criImplementation(runtime));
  return {
    runtime,
    socketPath: server.socketPath,
    async close() {
      await server.close();
      runtime.close();
    },
  };
}

/** Starts the runtime and the pod workers of one node; all stopped and removed after the test. */
export async function startAgentNode(t: ExecutionContext, options: AgentNodeOptions): Promise<AgentNode> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'capstan-pods-'));
  const rootDir = join(dir, 'root');
  const podLogsDir = join(dir, 'logs');
  const staticPodPath = join(dir, 'manifests');
  mkdirSync(staticPodPath, { recursive: true });
  let lifecyclesFile: string | undefined;
  if (options.lifecycles !== undefined) writeFileSync((lifecyclesFile = join(dir, 'lifecycles.yaml')), options.lifecycles);
  const sim =
    options.handlerFeatures !== undefined
      ? await servedRuntime(join(dir, 'sim.sock'), options.handlerFeatures)
      : options.endpoint === undefined
        ? await startRuntimeSim({ listen: `unix://${join(dir, 'sim.sock')}`, rootDir: join(dir, 'sim'), ...(lifecyclesFile === undefined ? {} : { lifecyclesFile }) })
        : undefined;
  const endpoint = options.endpoint ?? `unix://${sim?.socketPath}`;
  const runtime = await CriRuntimeClient.connect(endpoint, { requestTimeoutMs: 30_000 });
  const images = await CriImageClient.connect(endpoint);
  const configFile = join(dir, 'config.yaml');
  writeFileSync(
    configFile,
    `apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\npodLogsDir: ${podLogsDir}\nstaticPodPath: ${staticPodPath}\nfileCheckFrequency: 1s\nclusterDNS: [10.96.0.10]\nclusterDomain: cluster.local\nresolvConf: ""\n${options.config ?? ''}`,
  );
  const { config } = loadAgentConfiguration(['--config', configFile, '--root-dir', rootDir, '--hostname-override', options.nodeName]);
  const client = options.api === undefined ? undefined : new RestClient({ server: options.api.url });
  if (client !== undefined && options.registerNode !== false) {
    await client.create({ group: '', version: 'v1', resource: 'nodes' }, { metadata: { name: options.nodeName } }).catch(() => {});
  }
  const logs: string[] = [];
  const workers = await startPodWorkers({
    nodeName: options.nodeName,
    ...(client === undefined ? {} : { client }),
    runtime,
    images,
    config,
    rootDir,
    hostIPs: ['192.0.2.10'],
    memoryCapacityBytes: 8 * 1024 ** 3,
    log: (message, error) => logs.push(error === undefined ? message : `${message}: ${(error as Error).message}`),
    ...options.extra,
  });
  let stopped: Promise<void> | undefined;
  const stop = (stopOptions: { readonly keepFiles?: boolean } = {}): Promise<void> =>
    (stopped ??= (async () => {
      await workers.stop();
      client?.close();
      runtime.close();
      images.close();
      await sim?.close();
      if (stopOptions.keepFiles === true) t.teardown(() => rmSync(dir, { recursive: true, force: true }));
      else rmSync(dir, { recursive: true, force: true });
      if (logs.length > 0) t.log(logs.slice(-20).join('\n'));
    })());
  t.teardown(() => stop());
  return { dir, rootDir, podLogsDir, staticPodPath, nodeName: options.nodeName, client, runtime, sim, workers, stop };
}

/** A pod bound to the node, with the API's defaults the tests rely on written out. */
export function podManifest(name: string, nodeName: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, ...metadata }, spec: { nodeName, terminationGracePeriodSeconds: 30, ...spec } };
}

/** Polls the pod until `done` holds; answers its last state. */
export async function waitForPod(client: RestClient, namespace: string, name: string, done: (pod: Pod) => boolean, what: string, timeoutMs = 20_000): Promise<Pod> {
  const deadline = Date.now() + timeoutMs;
  let last: Pod | undefined;
  for (;;) {
    last = await client.get<Pod & { metadata: { name: string } }>(podsOf(namespace, name)).catch(() => last);
    if (last !== undefined && done(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last status: ${JSON.stringify(last?.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
