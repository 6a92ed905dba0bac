// The scale benchmark's load, after kube's load test: many small Deployments created at a steady
// pod rate in namespaces of their own, and a reader doing single-object GETs and LISTs at a fixed
// rate meanwhile (the other reads are the components' own: nodes, controllers, scheduler).

import type { RestClient } from '@capstan/common/client';
import type { Deployment } from '@capstan/common/api-types/apps-v1';
import { sleep } from '@capstan/common';
import { simulatedNodeName } from '../nodeagent/src/simulated-nodes/index.ts';
import { until } from './bench-controllers.ts';

export const replicasPerDeployment = 10;
export const deploymentsPerNamespace = 100;
export const scaleLabel = 'bench.capstan.dev/scale';

const deployments = { group: 'apps', version: 'v1', resource: 'deployments' } as const;

export const namespaceOf = (deployment: number): string => `scale-${Math.floor(deployment / deploymentsPerNamespace)}`;

export interface CreatedLoad {
  readonly created: number;
  readonly failed: number;
  readonly lastError?: string;
}

/**
 * Creates Deployments `from` to `to` (exclusive), one every replicasPerDeployment/podsPerSecond
 * seconds whatever the answers' latency (their namespaces first, with the default
 * ServiceAccount that pods need), and resolves once every create has been answered.
 * `progress.created` counts the Deployments made, for the reader.
 */
export async function createDeployments(
  client: RestClient,
  from: number,
  to: number,
  podsPerSecond: number,
  timeoutMs: number,
  progress: { created: number },
): Promise<CreatedLoad> {
  for (let ns = Math.floor(from / deploymentsPerNamespace); ns * deploymentsPerNamespace < to; ns++) {
    const namespace = `scale-${ns}`;
    await client.create({ group: '', version: 'v1', resource: 'namespaces' }, { metadata: { name: namespace } }).catch((error: unknown) => {
      if ((error as { code?: number }).code !== 409) throw error;
    });
    await until(
      () =>
        client.get({ group: '', version: 'v1', resource: 'serviceaccounts', namespace, name: 'default' }).then(
          () => true,
          () => false,
        ),
      timeoutMs,
      `the default ServiceAccount of ${namespace}`,
    );
  }
  const intervalMs = (1000 * replicasPerDeployment) / podsPerSecond;
  const began = performance.now();
  let created = 0;
  let failed = 0;
  let lastError: string | undefined;
  const answers: Promise<void>[] = [];
  for (let i = from; i < to; i++) {
    const due = began + (i - from) * intervalMs;
    if (due > performance.now()) await sleep(due - performance.now());
    const name = `load-${i}`;
    const labels = { app: name, [scaleLabel]: 'load' };
    answers.push(
      client
        .create<Deployment>(
          { ...deployments, namespace: namespaceOf(i) },
          {
            metadata: { name, labels },
            spec: {
              replicas: replicasPerDeployment,
              selector: { matchLabels: { app: name } },
              template: {
                metadata: { labels },
                spec: {
                  containers: [{ name: 'app', image: 'registry.example/app:1', resources: { requests: { cpu: '1m', memory: '1Mi' } } }],
                  terminationGracePeriodSeconds: 0,
                },
              },
            },
          },
        )
        .then(
          () => {
            created++;
            progress.created++;
          },
          (error: unknown) => {
            failed++;
            lastError = String(error);
          },
        ),
    );
  }
  await Promise.all(answers);
  return { created, failed, ...(lastError === undefined ? {} : { lastError }) };
}

export interface ReaderCounts {
  readonly reads: number;
  readonly failed: number;
  readonly lastError?: string;
}

/**
 * Reads at `qps` until stopped: in every ten, six single-object GETs (a pod, a Deployment, a Node),
 * three LISTs in a namespace (its pods or Deployments) and one cluster-wide LIST of the Nodes.
 */
export class LoadReader {
  readonly #stopped = new AbortController();
  readonly #done: Promise<void>;
  #reads = 0;
  #failed = 0;
  #lastError: string | undefined;

  constructor(client: RestClient, qps: number, scope: () => { nodes: number; deployments: number; pod: (i: number) => { namespace: string; name: string } | undefined }) {
    const read = async (i: number): Promise<void> => {
      const { nodes, deployments: count, pod } = scope();
      const deployment = i % Math.max(1, count);
      const namespace = namespaceOf(deployment);
      const control = { timeoutMs: 60_000 };
      switch (i % 10) {
        case 0:
        case 1: {
          const target = pod(i);
          if (target !== undefined) await client.get({ group: '', version: 'v1', resource: 'pods', ...target }, control);
          return;
        }
        case 2:
        case 3:
          // None made yet: the first ones may still be on their way.
          if (count > 0) await client.get({ ...deployments, namespace, name: `load-${deployment}` }, control);
          return;
        case 4:
        case 5:
          await client.get({ group: '', version: 'v1', resource: 'nodes', name: simulatedNodeName(i % Math.max(1, nodes)) }, control);
          return;
        case 6:
        case 7:
          await client.list({ group: '', version: 'v1', resource: 'pods', namespace }, control);
          return;
        case 8:
          await client.list({ ...deployments, namespace }, control);
          return;
        default:
          await client.list({ group: '', version: 'v1', resource: 'nodes' }, control);
      }
    };
    this.#done = (async () => {
      const began = performance.now();
      const inFlight = new Set<Promise<void>>();
      for (let i = 0; !this.#stopped.signal.aborted; i++) {
        const due = began + (i * 1000) / qps;
        if (due > performance.now()) await sleep(due - performance.now(), this.#stopped.signal);
        if (this.#stopped.signal.aborted) break;
        const reading = read(i).then(
          () => void this.#reads++,
          (error: unknown) => {
            this.#failed++;
            this.#lastError = String(error);
          },
        );
        inFlight.add(reading);
        void reading.then(() => inFlight.delete(reading));
      }
      await Promise.all(inFlight);
    })();
  }

  async stop(): Promise<ReaderCounts> {
    this.#stopped.abort();
    await this.#done;
    return { reads: this.#reads, failed: this.#failed, ...(this.#lastError === undefined ? {} : { lastError: this.#lastError }) };
  }
}
