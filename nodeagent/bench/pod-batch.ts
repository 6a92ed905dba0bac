// The pods part of the nodes benchmark: a batch of pods created already bound to the simulated
// nodes that run pod workers (spec.nodeName set, as a scheduler's binding would leave them), all
// at once or at a steady rate, and each pod's start latency, from the create call to its status
// saying Running as a watcher of pods sees it (an informer, as kubectl get pods -w would).

import { Informer, type KubeObject, type RestClient } from '@capstan/common/client';
import { simulatedNodeName } from '../src/simulated-nodes/index.ts';

type Pod = KubeObject & { status?: { phase?: string } };

export interface PodBatchOptions {
  /** Names are <prefix>-<i>. */
  readonly prefix: string;
  readonly pods: number;
  /** The pods go round-robin to sim-node-0 .. sim-node-<nodes - 1>. */
  readonly nodes: number;
  /** Creates in flight at once. */
  readonly concurrency: number;
  /** Creates started per second at most; unset: as fast as the creates in flight allow. */
  readonly perSecond?: number;
  readonly timeoutMs: number;
}

export interface PodBatchResult {
  readonly created: number;
  readonly running: number;
  /** From the first create call to the last create's answer. */
  readonly createMs: number;
  /** From the first create call to the last pod seen Running. */
  readonly allRunningMs: number;
  /** Each Running pod's create call to Running, sorted. */
  readonly startLatenciesMs: readonly number[];
}

const namespace = 'default';
const benchLabel = 'bench.capstan.dev/nodes';

export async function podBatch(client: RestClient, options: PodBatchOptions): Promise<PodBatchResult> {
  const target = { group: '', version: 'v1', resource: 'pods', namespace } as const;
  const createdAt = new Map<string, number>();
  const runningAt = new Map<string, number>();
  const informer = new Informer<Pod>(client, target, { labelSelector: `${benchLabel}=${options.prefix}` });
  const note = (pod: Pod): void => {
    const name = pod.metadata?.name;
    if (name !== undefined && pod.status?.phase === 'Running' && !runningAt.has(name)) runningAt.set(name, performance.now());
  };
  informer.addEventHandler({ onAdd: note, onUpdate: (_old, pod) => note(pod) });
  informer.start();
  try {
    await informer.waitForSync();
    const began = performance.now();
    let next = 0;
    const creator = async (): Promise<void> => {
      while (next < options.pods) {
        const i = next++;
        const name = `${options.prefix}-${i}`;
        if (options.perSecond !== undefined) {
          const wait = began + (i * 1000) / options.perSecond - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        createdAt.set(name, performance.now());
        await client.create(target, {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name, namespace, labels: { [benchLabel]: options.prefix } },
          spec: { nodeName: simulatedNodeName(i % options.nodes), terminationGracePeriodSeconds: 0, containers: [{ name: 'app', image: 'busybox' }] },
        });
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, creator));
    const createMs = performance.now() - began;
    const deadline = began + options.timeoutMs;
    while (runningAt.size < createdAt.size && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const startLatenciesMs = [...runningAt].map(([name, at]) => at - (createdAt.get(name) ?? at)).sort((a, b) => a - b);
    const allRunningMs = runningAt.size === 0 ? Number.NaN : Math.max(...runningAt.values()) - began;
    return { created: createdAt.size, running: runningAt.size, createMs, allRunningMs, startLatenciesMs };
  } finally {
    await informer.stop();
  }
}
