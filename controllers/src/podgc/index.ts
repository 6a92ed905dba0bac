// kube-controller-manager's pod-garbage-collector-controller: every 20 s it deletes (force, grace
// 0) the oldest finished pods over --terminated-pod-gc-threshold (evicted ones first), terminating
// pods on a Node that is not Ready and tainted node.kubernetes.io/out-of-service, pods bound to a
// Node that no longer exists (after a 40 s quarantine and a fresh read of the Node: the informer
// may only be behind; they get the DisruptionTarget condition, reason DeletionByPodGC), and
// terminating pods never scheduled. A pod not yet finished is marked Failed before it is deleted.

import type { Node, Pod, PodCondition } from '@capstan/common/api-types/core-v1';
import { isNotFound, type RestClient } from '@capstan/common/client';
import type { Logger } from '@capstan/common';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { nodesResource, podsResource } from '../node-lifecycle/api-types.ts';
import { updatePodCondition } from '../node-lifecycle/pod-conditions.ts';

export interface PodGcTiming {
  /** gcCheckPeriod: 20 s. */
  readonly checkPeriodMs: number;
  /** quarantineTime: how long a pod's Node must be missing before its pods are deleted (40 s). */
  readonly quarantineMs: number;
}

export const kubePodGcTiming: PodGcTiming = { checkPeriodMs: 20_000, quarantineMs: 40_000 };

const outOfServiceTaint = 'node.kubernetes.io/out-of-service';

const isTerminated = (pod: Pod): boolean => !['Pending', 'Running', 'Unknown'].includes(pod.status?.phase ?? '');
const isTerminating = (pod: Pod): boolean => pod.metadata?.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
const isEvicted = (pod: Pod): boolean => pod.status?.phase === 'Failed' && pod.status.reason === 'Evicted';

/** byEvictionAndCreationTimestamp: evicted first, then the oldest, then by name. */
function compareForDeletion(a: Pod, b: Pod): number {
  if (isEvicted(a) !== isEvicted(b)) return isEvicted(a) ? -1 : 1;
  const ta = Date.parse(a.metadata?.creationTimestamp ?? '') || 0;
  const tb = Date.parse(b.metadata?.creationTimestamp ?? '') || 0;
  if (ta !== tb) return ta - tb;
  return (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? '');
}

const nodeReady = (node: Node): boolean => node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

/** markFailedAndDeletePod: a pod not yet finished is set Failed (with the condition, if any), then force-deleted. */
export async function markFailedAndDeletePod(client: RestClient, pod: Pod, condition?: PodCondition): Promise<void> {
  const target = { ...podsResource, namespace: pod.metadata?.namespace, name: pod.metadata?.name };
  const phase = pod.status?.phase;
  if (phase !== 'Succeeded' && phase !== 'Failed') {
    const generation = pod.metadata?.generation;
    const withGeneration = <T extends object>(object: T): T => (generation === undefined ? object : { ...object, observedGeneration: generation });
    const conditions =
      condition === undefined ? [] : updatePodCondition(pod.status?.conditions ?? [], withGeneration(condition), Date.now()).conditions.filter((c) => c.type === condition.type);
    const status = withGeneration({ phase: 'Failed', ...(conditions.length > 0 ? { conditions } : {}) });
    await client.patch({ ...target, subresource: 'status' }, { metadata: { uid: pod.metadata?.uid }, status }, { type: 'strategic' });
  }
  await client.delete(target, { gracePeriodSeconds: 0 });
}

class PodGarbageCollector {
  readonly #context: ControllerContext;
  readonly #timing: PodGcTiming;
  readonly #pods;
  readonly #nodes;
  /** Nodes found missing, with when their quarantine ends. */
  readonly #quarantined = new Map<string, number>();

  constructor(context: ControllerContext, timing: PodGcTiming) {
    this.#context = context;
    this.#timing = timing;
    this.#pods = context.informers.informer<Pod>(podsResource);
    this.#nodes = context.informers.informer<Node>(nodesResource);
  }

  get #logger(): Logger {
    return this.#context.logger;
  }

  async run(): Promise<void> {
    const { signal } = this.#context;
    if (!(await this.#context.informers.waitForSync(signal))) return;
    while (!signal.aborted) {
      await this.gc();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.#timing.checkPeriodMs);
        function done(): void {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  async gc(): Promise<void> {
    const pods = this.#pods.store.list();
    const nodes = this.#nodes.store.list();
    if (this.#context.options.terminatedPodGcThreshold > 0) await this.#gcTerminated(pods);
    await this.#gcTerminating(pods);
    await this.#gcOrphaned(pods, nodes);
    await this.#gcUnscheduledTerminating(pods);
  }

  async #deleteAll(pods: readonly Pod[], what: string, condition?: PodCondition): Promise<void> {
    await Promise.all(
      pods.map(async (pod) => {
        const name = `${pod.metadata?.namespace}/${pod.metadata?.name}`;
        try {
          this.#logger.info({ pod: name }, 'PodGC is force deleting Pod');
          await markFailedAndDeletePod(this.#context.client, pod, condition);
        } catch (error) {
          if (!isNotFound(error)) this.#logger.warn({ err: error, pod: name }, `failed to delete ${what} pod`);
        }
      }),
    );
  }

  async #gcTerminated(pods: readonly Pod[]): Promise<void> {
    const terminated = pods.filter(isTerminated);
    const excess = terminated.length - this.#context.options.terminatedPodGcThreshold;
    if (excess <= 0) return;
    this.#logger.info({ numPods: excess }, 'Garbage collecting pods');
    await this.#deleteAll(terminated.sort(compareForDeletion).slice(0, excess), 'terminated');
  }

  async #gcTerminating(pods: readonly Pod[]): Promise<void> {
    const outOfService = pods.filter((pod) => {
      if (!isTerminating(pod)) return false;
      const node = this.#nodes.store.get(undefined, pod.spec?.nodeName ?? '');
      return node !== undefined && !nodeReady(node) && (node.spec?.taints ?? []).some((taint) => taint.key === outOfServiceTaint);
    });
    await this.#deleteAll(outOfService.sort(compareForDeletion), 'terminating');
  }

  async #gcOrphaned(pods: readonly Pod[], nodes: readonly Node[]): Promise<void> {
    const existing = new Set(nodes.map((node) => node.metadata?.name));
    const now = Date.now();
    for (const pod of pods) {
      const nodeName = pod.spec?.nodeName ?? '';
      if (nodeName !== '' && !existing.has(nodeName) && !this.#quarantined.has(nodeName)) this.#quarantined.set(nodeName, now + this.#timing.quarantineMs);
    }
    const deleted = new Set<string>();
    for (const [nodeName, until] of this.#quarantined) {
      if (until > now) continue;
      this.#quarantined.delete(nodeName);
      if (existing.has(nodeName)) continue;
      try {
        await this.#context.client.get({ ...nodesResource, name: nodeName });
      } catch (error) {
        if (isNotFound(error)) deleted.add(nodeName);
        else this.#logger.warn({ err: error, node: nodeName }, 'Error while getting node');
      }
    }
    if (deleted.size === 0) return;
    const orphans = pods.filter((pod) => deleted.has(pod.spec?.nodeName ?? ''));
    const condition: PodCondition = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' };
    await this.#deleteAll(orphans, 'orphaned', condition);
  }

  async #gcUnscheduledTerminating(pods: readonly Pod[]): Promise<void> {
    await this.#deleteAll(
      pods.filter((pod) => isTerminating(pod) && !pod.spec?.nodeName),
      'unscheduled terminating',
    );
  }
}

/** The controller with other timings (tests). */
export function podGarbageCollectorWith(timing: PodGcTiming): ControllerDefinition {
  return {
    name: 'pod-garbage-collector-controller',
    aliases: ['podgc'],
    clientName: 'pod-garbage-collector',
    start: (context) => new PodGarbageCollector(context, timing).run(),
  };
}

export const podGarbageCollectorController = podGarbageCollectorWith(kubePodGcTiming);
