// kube-controller-manager's taint-eviction-controller: a pod bound to a Node with NoExecute taints
// it does not tolerate is deleted at once; one that tolerates them all for a while (the shortest
// tolerationSeconds of the tolerations used, counted from when the controller sees the taint) is
// deleted then; one that tolerates them forever stays. A scheduled deletion is cancelled when the
// taints go or the pod's tolerations or Node change. Before deleting, the pod gets the condition
// DisruptionTarget=True (reason DeletionByTaintManager).

import { isDeepStrictEqual } from 'node:util';
import { sleep } from '@capstan/common';
import type { Informer } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import type { EventRecorder } from '../event-recorder.ts';
import { WorkQueue } from '../work-queue.ts';
import { nodesResource, podsResource, type Node, type Pod, type Taint, type Toleration } from './api-types.ts';
import { updatePodCondition } from './pod-conditions.ts';
import { PodsByNode } from './pods-by-node.ts';
import { shutDownOnAbort } from './shut-down-on-abort.ts';
import { taintsWithEffect } from './taints.ts';
import { TimedWorkerQueue } from './timed-workers.ts';
import { matchingTolerations, minTolerationTimeMs } from './tolerations.ts';

const controllerName = 'taint-eviction-controller';
/** Tries of one deletion, 10 ms apart. */
const deletionRetries = 5;
const deletionRetryDelayMs = 10;

interface PodUpdate {
  readonly namespace: string;
  readonly name: string;
  readonly nodeName: string;
}

class TaintEvictionController {
  readonly #context: ControllerContext;
  readonly #recorder: EventRecorder;
  readonly #nodes: Informer<Node>;
  readonly #pods: Informer<Pod>;
  readonly #podsByNode: PodsByNode;
  /** The NoExecute taints of each tainted Node, as last handled. */
  readonly #taintedNodes = new Map<string, readonly Taint[]>();
  readonly #nodeQueue = new WorkQueue({ name: 'noexec_taint_node' });
  readonly #podQueue = new WorkQueue({ name: 'noexec_taint_pod' });
  readonly #evictions: TimedWorkerQueue;

  constructor(context: ControllerContext) {
    this.#context = context;
    this.#recorder = context.eventRecorder(controllerName);
    this.#nodes = context.informers.informer<Node>(nodesResource);
    this.#pods = context.informers.informer<Pod>(podsResource);
    this.#podsByNode = new PodsByNode(this.#pods);
    this.#evictions = new TimedWorkerQueue((key) => this.#deletePod(key));
    this.#pods.addEventHandler({
      onAdd: (pod) => this.#podUpdated(undefined, pod),
      onUpdate: (old, pod) => this.#podUpdated(old, pod),
      onDelete: (pod) => this.#podUpdated(pod, undefined),
    });
    this.#nodes.addEventHandler({
      onAdd: (node) => this.#nodeUpdated(undefined, node),
      onUpdate: (old, node) => this.#nodeUpdated(old, node),
      onDelete: (node) => this.#nodeUpdated(node, undefined),
    });
  }

  async run(): Promise<void> {
    if (!(await this.#context.informers.waitForSync(this.#context.signal))) return;
    const onError = (key: string, error: unknown): void => this.#context.logger.error({ err: error, key }, 'taint eviction update failed');
    const running = [
      this.#nodeQueue.run(1, async (name) => this.#handleNodeUpdate(name), onError),
      this.#podQueue.run(1, async (key) => this.#handlePodUpdate(JSON.parse(key) as PodUpdate), onError),
    ];
    shutDownOnAbort(this.#context.signal, [this.#nodeQueue, this.#podQueue]);
    await Promise.all(running);
    await this.#evictions.cancelAndWait();
  }

  #podUpdated(old: Pod | undefined, pod: Pod | undefined): void {
    if (old !== undefined && pod !== undefined && old.spec?.nodeName === pod.spec?.nodeName && isDeepStrictEqual(old.spec?.tolerations ?? [], pod.spec?.tolerations ?? [])) return;
    const latest = pod ?? old;
    if (latest === undefined) return;
    const update: PodUpdate = { namespace: latest.metadata?.namespace ?? '', name: latest.metadata?.name ?? '', nodeName: latest.spec?.nodeName ?? '' };
    this.#podQueue.add(JSON.stringify(update));
  }

  #nodeUpdated(old: Node | undefined, node: Node | undefined): void {
    if (old !== undefined && node !== undefined && isDeepStrictEqual(taintsWithEffect(old.spec?.taints, 'NoExecute'), taintsWithEffect(node.spec?.taints, 'NoExecute'))) return;
    this.#nodeQueue.add((node ?? old)?.metadata?.name ?? '');
  }

  #handlePodUpdate(update: PodUpdate): void {
    const key = `${update.namespace}/${update.name}`;
    const pod = this.#pods.store.get(update.namespace, update.name);
    if (pod === undefined) {
      this.#cancelWorkWithEvent(key);
      return;
    }
    const nodeName = pod.spec?.nodeName ?? '';
    if (nodeName !== update.nodeName || nodeName === '') return;
    const taints = this.#taintedNodes.get(nodeName);
    // An untainted or deleted Node already had its pods' evictions cancelled.
    if (taints === undefined) return;
    this.#processPodOnNode(key, nodeName, pod.spec?.tolerations ?? [], taints, Date.now());
  }

  #handleNodeUpdate(name: string): void {
    const node = this.#nodes.store.get(undefined, name);
    if (node === undefined) {
      this.#taintedNodes.delete(name);
      return;
    }
    const taints = taintsWithEffect(node.spec?.taints, 'NoExecute');
    if (taints.length === 0) this.#taintedNodes.delete(name);
    else this.#taintedNodes.set(name, taints);
    const pods = this.#podsByNode.pods(name);
    const now = Date.now();
    for (const pod of pods) {
      const key = `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
      if (taints.length === 0) this.#cancelWorkWithEvent(key);
      else this.#processPodOnNode(key, name, pod.spec?.tolerations ?? [], taints, now);
    }
  }

  #processPodOnNode(key: string, nodeName: string, tolerations: readonly Toleration[], taints: readonly Taint[], now: number): void {
    if (taints.length === 0) this.#cancelWorkWithEvent(key);
    const used = matchingTolerations(taints, tolerations);
    if (used === undefined) {
      this.#context.logger.debug({ pod: key, node: nodeName }, 'Not all taints are tolerated after update for pod on node');
      this.#cancelWorkWithEvent(key);
      this.#evictions.addWork(key, now, now);
      return;
    }
    const tolerationMs = minTolerationTimeMs(used);
    if (tolerationMs === Infinity) {
      this.#context.logger.debug({ pod: key }, 'Current tolerations for pod tolerate forever, cancelling any scheduled deletion');
      this.#cancelWorkWithEvent(key);
      return;
    }
    let start = now;
    const scheduled = this.#evictions.getWorker(key);
    if (scheduled !== undefined) {
      // A deletion already counting down keeps its start.
      start = scheduled.createdAt;
      if (start + tolerationMs < now + tolerationMs) return;
      this.#cancelWorkWithEvent(key);
    }
    this.#evictions.addWork(key, start, start + tolerationMs);
  }

  #cancelWorkWithEvent(key: string): void {
    if (this.#evictions.cancelWork(key)) this.#recordPodEvent(key, `Cancelling deletion of Pod ${key}`);
  }

  async #deletePod(key: string): Promise<void> {
    this.#context.logger.info({ controller: controllerName, pod: key }, 'Deleting pod');
    this.#recordPodEvent(key, `Marking for deletion Pod ${key}`);
    const [namespace = '', name = ''] = key.split('/');
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#addConditionAndDeletePod(namespace, name);
        return;
      } catch (error) {
        if (attempt >= deletionRetries) {
          this.#context.logger.error({ err: error, pod: key }, 'TaintEvictionController: timed worker failed');
          return;
        }
        await sleep(deletionRetryDelayMs);
      }
    }
  }

  async #addConditionAndDeletePod(namespace: string, name: string): Promise<void> {
    const target = { ...podsResource, namespace, name };
    const pod = await this.#context.client.get<Pod>(target);
    const condition = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' } as const;
    const { conditions, updated } = updatePodCondition(pod.status?.conditions ?? [], condition, Date.now());
    if (updated) {
      const changed = conditions.find((c) => c.type === condition.type);
      await this.#context.client.patch({ ...target, subresource: 'status' }, { metadata: { uid: pod.metadata?.uid }, status: { conditions: [changed] } }, { type: 'strategic' });
    }
    await this.#context.client.delete(target);
  }

  #recordPodEvent(key: string, message: string): void {
    const [namespace = '', name = ''] = key.split('/');
    void this.#recorder.record({ apiVersion: 'v1', kind: 'Pod', namespace, name }, 'Normal', 'TaintManagerEviction', message);
  }
}

export const taintEvictionController: ControllerDefinition = {
  name: controllerName,
  // kube's taint eviction acts as the node controller.
  clientName: 'node-controller',
  start: (context) => new TaintEvictionController(context).run(),
};
