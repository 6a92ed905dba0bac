// The scheduler's loop, as kube-scheduler's scheduleOne: take the next pod from the queue, decide
// its node against the cache, count it there at once ("assume") and bind it in the background, at
// most --concurrent-scheduling API writes at a time; a pod no node fits gets a FailedScheduling
// event and the PodScheduled=False condition, and waits in the queue. The informers keep the cache
// (nodes, and pods bound to them) and the queue (pods of ours without a node) current.

import { isNotFound, objectKey, type Informer } from '@capstan/common/client';
import type { ControllerContext } from '../controller.ts';
import { involvedObjectOf, type EventRecorder } from '../event-recorder.ts';
import { defaultSchedulerName, emptyPodSpec, nodesResource, podsResource, type Node, type Pod } from './api-types.ts';
import { countedPodOf, podInfoOf, podPriority } from './pod-info.ts';
import { type PodResourceSource, podResourceMetrics } from './pod-resource-metrics.ts';
import { podScheduledFalsePatch, type UnscheduledReason } from './pod-scheduled-condition.ts';
import { SchedulingAlgorithm } from './schedule-pod.ts';
import { SchedulerCache, type CountedPod } from './scheduler-cache.ts';
import { schedulerMetrics, secondsSince, type SchedulerMetricsSource } from './scheduler-metrics.ts';
import { SchedulingQueue, type QueuedPod } from './scheduling-queue.ts';
import { nodeUpdateEvent } from './node-update-event.ts';
import { VolumeBindingPreFilter } from './volume-binding.ts';
import { errorMessage, KeyedSerial } from '@capstan/common';

/** The component events are reported by, and kube-scheduler's default profile name. */
export const schedulerComponent = defaultSchedulerName;

/** validation.NoteLengthLimit: an event message longer than this is cut. */
const noteLengthLimit = 1024;

function truncateMessage(message: string): string {
  if (message.length <= noteLengthLimit) return message;
  const suffix = ' ...';
  return message.slice(0, noteLengthLimit - suffix.length) + suffix;
}

function isTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** A pod this scheduler should place: no node yet, our scheduler name, not finished, no scheduling gates. */
function wantsScheduling(pod: Pod): boolean {
  const spec = pod.spec ?? emptyPodSpec;
  if (spec.nodeName) return false;
  if ((spec.schedulerName || defaultSchedulerName) !== defaultSchedulerName) return false;
  return !isTerminal(pod) && (spec.schedulingGates ?? []).length === 0;
}

/** kube's isPodUpdated: anything changed but status, resourceVersion, generation, managedFields and finalizers. */
function podUpdated(old: Pod, pod: Pod): boolean {
  const strip = (p: Pod) => {
    const { resourceVersion: _rv, generation: _generation, managedFields: _managedFields, finalizers: _finalizers, ...metadata } = p.metadata ?? {};
    return JSON.stringify([metadata, p.spec]);
  };
  return strip(old) !== strip(pod);
}

/** A bound pod's new requests are below what was counted: room may have been freed. */
function freedRoom(old: CountedPod, now: CountedPod): boolean {
  const [a, b] = [old.requests.fit, now.requests.fit];
  if (old.nodeName !== now.nodeName || b.milliCpu < a.milliCpu || b.memory < a.memory || b.ephemeralStorage < a.ephemeralStorage) return true;
  for (const [name, value] of a.scalar) if ((b.scalar.get(name) ?? 0n) < value) return true;
  return old.ports.length > now.ports.length;
}

export class Scheduler {
  readonly #context: ControllerContext;
  readonly #pods: Informer<Pod>;
  readonly #nodes: Informer<Node>;
  readonly #recorder: EventRecorder;
  readonly #cache = new SchedulerCache();
  readonly #queue = new SchedulingQueue();
  readonly #algorithm: SchedulingAlgorithm;
  readonly #writes = new Set<Promise<void>>();
  /**
   * One pod's API writes go out in the order the scheduler decided them, as kube-scheduler's API
   * dispatcher keeps calls for one object in order: an attempt that failed on a stale view of the
   * pod must not land its PodScheduled=False patch after a later attempt's binding.
   */
  readonly #podWriteOrder = new KeyedSerial();
  readonly #concurrency: number;
  readonly #metricsSource: SchedulerMetricsSource;
  readonly #podResourceSource: PodResourceSource;

  /** Registers the informers and handlers; call run() to schedule. */
  constructor(context: ControllerContext) {
    this.#context = context;
    this.#concurrency = Math.max(1, context.options.concurrentScheduling);
    this.#recorder = context.eventRecorder(schedulerComponent);
    this.#pods = context.informers.informer<Pod>(podsResource);
    this.#nodes = context.informers.informer<Node>(nodesResource);
    const pods = this.#pods;
    this.#podResourceSource = { pods: () => pods.store.list() };
    const volumes = new VolumeBindingPreFilter(context, (event) => this.#queue.moveAllToActiveOrBackoff(event));
    this.#algorithm = new SchedulingAlgorithm(this.#cache, (info) => volumes.reject(info.pod), schedulerComponent);
    this.#metricsSource = {
      profile: schedulerComponent,
      pendingPods: () => ({ ...this.#queue.pendingCounts(), gated: this.#gatedPods() }),
      unschedulablePlugins: () => this.#queue.unschedulablePluginCounts(),
      cacheSizes: () => this.#cache.sizes(),
    };
    this.#nodes.addEventHandler({
      onAdd: (node) => {
        this.#cache.setNode(node);
        this.#queue.moveAllToActiveOrBackoff('NodeAdd');
      },
      onUpdate: (old, node) => {
        if (this.#cache.setNode(node)) this.#queue.moveAllToActiveOrBackoff(nodeUpdateEvent(old, node));
      },
      onDelete: (node) => this.#cache.deleteNode(node.metadata?.name ?? ''),
    });
    this.#pods.addEventHandler({
      onAdd: (pod) => this.#podAdded(pod),
      onUpdate: (old, pod) => this.#podUpdated(old, pod),
      onDelete: (pod) => this.#podDeleted(pod),
    });
  }

  async run(): Promise<void> {
    const { signal } = this.#context;
    if (!(await this.#context.informers.waitForSync(signal))) return this.#queue.close();
    const close = (): void => this.#queue.close();
    signal.addEventListener('abort', close, { once: true });
    schedulerMetrics.started(this.#metricsSource);
    podResourceMetrics.started(this.#podResourceSource);
    try {
      for (;;) {
        while (this.#writes.size >= this.#concurrency) await Promise.race(this.#writes);
        const entry = await this.#queue.pop();
        if (entry === undefined || signal.aborted) break;
        const write = this.#scheduleOne(entry);
        if (write !== undefined) this.#track(write);
      }
    } finally {
      signal.removeEventListener('abort', close);
      this.#queue.close();
      await Promise.all(this.#writes);
      schedulerMetrics.stopped(this.#metricsSource);
      podResourceMetrics.stopped(this.#podResourceSource);
    }
  }

  #track(write: Promise<void>): void {
    const tracked: Promise<void> = write
      .catch((error: unknown) => this.#context.logger.error({ err: error }, 'scheduler write failed'))
      .finally(() => this.#writes.delete(tracked));
    this.#writes.add(tracked);
  }

  #podAdded(pod: Pod): void {
    const nodeName = pod.spec?.nodeName;
    if (nodeName) {
      if (!isTerminal(pod)) this.#cache.setPod(countedPodOf(pod, nodeName, false));
      return;
    }
    if (wantsScheduling(pod)) this.#queue.add(objectKey(pod), podPriority(pod));
  }

  #podUpdated(old: Pod, pod: Pod): void {
    const key = objectKey(pod);
    const nodeName = pod.spec?.nodeName;
    if (nodeName) {
      this.#queue.delete(key);
      if (isTerminal(pod)) {
        if (this.#cache.removePod(key) !== undefined) this.#queue.moveAllToActiveOrBackoff('AssignedPodDelete');
        return;
      }
      const counted = this.#cache.pod(key);
      if (counted !== undefined && counted.nodeName === nodeName) {
        // Our binding came back: the assumed pod is now bound, with what it was counted for.
        if (counted.assumed) return void this.#cache.setPod({ ...counted, assumed: false });
        if (old.metadata?.generation === pod.metadata?.generation) return;
      }
      const now = countedPodOf(pod, nodeName, false);
      const before = this.#cache.setPod(now);
      if (before !== undefined && freedRoom(before, now)) this.#queue.moveAllToActiveOrBackoff('AssignedPodUpdatePodScaleDown');
      return;
    }
    if (!wantsScheduling(pod)) return this.#queue.delete(key);
    if (this.#cache.isAssumed(key)) return;
    this.#queue.update(key, podPriority(pod), podUpdated(old, pod));
  }

  #podDeleted(pod: Pod): void {
    const key = objectKey(pod);
    this.#queue.delete(key);
    if (this.#cache.removePod(key) !== undefined) this.#queue.moveAllToActiveOrBackoff('AssignedPodDelete');
  }

  /** Decides the pod's node; answers the API writes that follow (binding, or the failure's event and condition). */
  #scheduleOne(entry: QueuedPod): Promise<void> | undefined {
    const pod = this.#pods.store.getByKey(entry.key);
    if (pod === undefined || pod.spec?.nodeName || this.#cache.isAssumed(entry.key) || !wantsScheduling(pod)) {
      this.#queue.done(entry);
      return undefined;
    }
    if (pod.metadata?.deletionTimestamp) {
      this.#queue.done(entry);
      void this.#recorder.record(involvedObjectOf(pod, 'Pod', 'v1'), 'Warning', 'FailedScheduling', `skip schedule deleting pod: ${entry.key}`);
      return undefined;
    }
    const start = performance.now();
    const info = podInfoOf(pod);
    const result = this.#algorithm.schedule(info);
    schedulerMetrics.algorithmRan(secondsSince(start));
    if ('unschedulable' in result) {
      schedulerMetrics.attempted('unschedulable', schedulerComponent, secondsSince(start));
      return this.#failed(entry, pod, 'Unschedulable', result.unschedulable, result.plugins);
    }
    const assumed = countedPodOf(pod, result.node, true, info.requests);
    this.#cache.setPod(assumed);
    return this.#bind(entry, pod, assumed, start);
  }

  /** `start`: when the scheduling cycle began (performance.now()), for the attempt's duration. */
  async #bind(entry: QueuedPod, pod: Pod, assumed: CountedPod, start: number): Promise<void> {
    const node = assumed.nodeName;
    const namespace = pod.metadata?.namespace ?? '';
    const name = pod.metadata?.name ?? '';
    const bindStart = performance.now();
    try {
      await this.#podWriteOrder.run(entry.key, () =>
        this.#context.client.create(
          { ...podsResource, namespace, name, subresource: 'binding' },
          { apiVersion: 'v1', kind: 'Binding', metadata: { name, namespace, ...(pod.metadata?.uid ? { uid: pod.metadata.uid } : {}) }, target: { kind: 'Node', name: node } },
          { signal: this.#context.signal },
        ),
      );
    } catch (error) {
      if (this.#context.signal.aborted) return;
      schedulerMetrics.extensionPoint('Bind', 'Error', schedulerComponent, secondsSince(bindStart));
      schedulerMetrics.attempted('error', schedulerComponent, secondsSince(start));
      // Forgetting the assumed pod frees its room, as if a bound pod had gone.
      if (this.#cache.pod(entry.key) === assumed) {
        this.#cache.removePod(entry.key);
        this.#queue.moveAllToActiveOrBackoff('AssignedPodDelete');
      }
      const message = errorMessage(error);
      return this.#failed(entry, pod, 'SchedulerError', `running Bind plugin "DefaultBinder": ${message}`);
    }
    schedulerMetrics.extensionPoint('Bind', 'Success', schedulerComponent, secondsSince(bindStart));
    schedulerMetrics.attempted('scheduled', schedulerComponent, secondsSince(start));
    schedulerMetrics.podScheduled(entry.attempts, secondsSince(entry.firstAttemptAt));
    this.#queue.done(entry);
    // Not awaited, as kube-scheduler's recorder never holds a binding: one component's events are
    // written one at a time, and a binding slot kept until its event was written bound only as
    // many pods a second as events could be written (about 8 under load).
    void this.#recorder.record(involvedObjectOf(pod, 'Pod', 'v1'), 'Normal', 'Scheduled', `Successfully assigned ${namespace}/${name} to ${node}`);
  }

  /** handleSchedulingFailure: back to the queue (unless gone or bound meanwhile), a FailedScheduling event, the PodScheduled condition. */
  async #failed(entry: QueuedPod, pod: Pod, reason: UnscheduledReason, message: string, plugins?: ReadonlySet<string>): Promise<void> {
    const current = this.#pods.store.getByKey(entry.key);
    if (current === undefined || current.spec?.nodeName) this.#queue.done(entry);
    else this.#queue.requeue(entry, reason === 'Unschedulable', plugins);
    if (reason === 'SchedulerError') this.#context.logger.warn({ pod: entry.key, err: message }, 'error scheduling pod; retrying');
    const latest = current ?? pod;
    const patch = podScheduledFalsePatch(latest, reason, message);
    void this.#recorder.record(involvedObjectOf(pod, 'Pod', 'v1'), 'Warning', 'FailedScheduling', truncateMessage(message));
    if (patch !== undefined) await this.#podWriteOrder.run(entry.key, () => this.#patchStatus(latest, patch));
  }

  /** Pods of ours waiting for their scheduling gates to be removed (kube's gated queue). */
  #gatedPods(): number {
    let gated = 0;
    for (const pod of this.#pods.store.list()) {
      const spec = pod.spec ?? emptyPodSpec;
      if (!spec.nodeName && (spec.schedulingGates ?? []).length > 0 && (spec.schedulerName || defaultSchedulerName) === defaultSchedulerName && !isTerminal(pod)) gated++;
    }
    return gated;
  }

  async #patchStatus(pod: Pod, patch: object): Promise<void> {
    const namespace = pod.metadata?.namespace ?? '';
    const name = pod.metadata?.name ?? '';
    try {
      await this.#context.client.patch({ ...podsResource, namespace, name, subresource: 'status' }, patch, { type: 'strategic', signal: this.#context.signal });
    } catch (error) {
      if (!isNotFound(error) && !this.#context.signal.aborted) this.#context.logger.error({ err: error, pod: `${namespace}/${name}` }, 'error updating pod');
    }
  }
}
