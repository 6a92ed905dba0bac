// kube's ReplicaSetController, run over one kind (ReplicaSets, or ReplicationControllers): each
// set's key is queued on any change of the set or of a pod it owns or could adopt; a sync claims
// the set's pods (adopting orphans its selector matches, releasing those it no longer matches),
// creates or deletes pods to match spec.replicas unless earlier requests are still awaited, and
// writes the status. Pods of a deleted set are left to the garbage collector.

import { isDeepStrictEqual } from 'node:util';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { Informer } from '@capstan/common/client';
import { claimObjects, recheckDeletionTimestamp } from '../workload/claim-objects.ts';
import { controllerRefOf, namespacedKey, resolveControllerRef } from '../workload/controller-ref.ts';
import { ControllerExpectations } from '../workload/expectations.ts';
import { nextPodAvailabilityCheckMs } from '../workload/pod-availability-check.ts';
import { controlledIndexKey, controllerIndexKey, InformerIndex } from '../workload/informer-index.ts';
import { PodControl, podsResource } from '../workload/pod-control.ts';
import { isPodActive, isPodReady, isPodTerminating } from '../workload/pod-state.ts';
import type { ControllerContext } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';
import { manageReplicas } from './manage-replicas.ts';
import { calculateStatus, updateSetStatus } from './replica-set-status.ts';
import type { ReplicatedKind, ReplicatedSet } from './replicated-kind.ts';
import { setSelector } from './set-selector.ts';

export class ReplicaSetController {
  readonly #kind: ReplicatedKind;
  readonly #context: ControllerContext;
  readonly #sets: Informer<ReplicatedSet>;
  readonly #pods: Informer<Pod>;
  readonly #podsByController: InformerIndex<Pod>;
  // kube's DefaultControllerRateLimiter: retries back off from 5 ms up to 1000 s.
  readonly #queue: WorkQueue;
  readonly #expectations = new ControllerExpectations();
  readonly #podControl: PodControl;

  constructor(context: ControllerContext, kind: ReplicatedKind) {
    this.#context = context;
    this.#kind = kind;
    this.#queue = new WorkQueue({ name: kind.queueName, maxDelayMs: 1_000_000 });
    this.#sets = context.informers.informer<ReplicatedSet>(kind.kind.resource);
    this.#pods = context.informers.informer<Pod>(podsResource);
    this.#podsByController = new InformerIndex(this.#pods, controllerIndexKey);
    this.#podControl = new PodControl(context.client, context.eventRecorder(kind.component), kind.kind);
    this.#sets.addEventHandler({
      onAdd: (set) => this.#enqueue(set),
      onUpdate: (old, set) => {
        // A set deleted and made again under the name between two looks.
        if (old.metadata?.uid !== set.metadata?.uid) this.#setDeleted(old);
        this.#enqueue(set);
      },
      onDelete: (set) => this.#setDeleted(set),
    });
    this.#pods.addEventHandler({
      onAdd: (pod) => this.#podAdded(pod),
      onUpdate: (old, pod) => this.#podUpdated(old, pod),
      onDelete: (pod) => this.#podDeleted(pod),
    });
  }

  /** Runs `workers` syncs at once until the signal aborts. */
  async run(workers: number): Promise<void> {
    const { signal, logger } = this.#context;
    const stop = (): void => this.#queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    try {
      if (!(await this.#context.informers.waitForSync(signal))) return;
      await this.#queue.run(
        workers,
        (key) => this.#sync(key),
        (key, error) => {
          if (!signal.aborted) logger.warn({ err: error, [this.#kind.kind.kind]: key }, 'sync failed; retrying');
        },
      );
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  #enqueue(set: ReplicatedSet): void {
    this.#queue.add(namespacedKey(set));
  }

  #setDeleted(set: ReplicatedSet): void {
    const key = namespacedKey(set);
    this.#expectations.delete(key);
    this.#queue.add(key);
  }

  #owner(pod: Pod): ReplicatedSet | undefined {
    return resolveControllerRef(pod, this.#kind.kind, (namespace, name) => this.#sets.store.get(namespace, name));
  }

  /** kube's getPodReplicaSets: the sets of the pod's namespace whose (non-empty) selector matches it. */
  #setsThatCouldAdopt(pod: Pod): ReplicatedSet[] {
    return this.#sets.store.list(pod.metadata?.namespace ?? '').filter((set) => {
      const selector = setSelector(this.#kind, set);
      return selector.adopts && selector.matches(pod.metadata?.labels);
    });
  }

  #podAdded(pod: Pod): void {
    // A pod seen first already being deleted (a restart of the controller): its deletion counts.
    if (pod.metadata?.deletionTimestamp) return this.#podDeleted(pod);
    if (controllerRefOf(pod) !== undefined) {
      const owner = this.#owner(pod);
      if (owner === undefined) return;
      const key = namespacedKey(owner);
      this.#expectations.creationObserved(key);
      this.#queue.add(key);
      return;
    }
    for (const set of this.#setsThatCouldAdopt(pod)) this.#enqueue(set);
  }

  #podUpdated(old: Pod, pod: Pod): void {
    // A resync, not a change.
    if (old.metadata?.resourceVersion === pod.metadata?.resourceVersion) return;
    const labelsChanged = !isDeepStrictEqual(old.metadata?.labels ?? {}, pod.metadata?.labels ?? {});
    if (pod.metadata?.deletionTimestamp) {
      // Graceful deletion: the set may make a replacement now rather than after the grace period.
      this.#podDeleted(pod);
      if (labelsChanged) this.#podDeleted(old);
      return;
    }
    const oldRef = controllerRefOf(old);
    const ref = controllerRefOf(pod);
    const refChanged = !isDeepStrictEqual(oldRef, ref);
    if (refChanged && oldRef !== undefined) {
      const previousOwner = this.#owner(old);
      if (previousOwner !== undefined) this.#enqueue(previousOwner);
    }
    if (ref !== undefined) {
      const owner = this.#owner(pod);
      if (owner === undefined) return;
      this.#enqueue(owner);
      // No event will say when the pod becomes available: look again then.
      const minReadySeconds = owner.spec?.minReadySeconds ?? 0;
      if (!isPodReady(old) && isPodReady(pod) && minReadySeconds > 0) this.#queue.addAfter(namespacedKey(owner), minReadySeconds * 1000);
      return;
    }
    if (labelsChanged || refChanged) for (const set of this.#setsThatCouldAdopt(pod)) this.#enqueue(set);
  }

  #podDeleted(pod: Pod): void {
    if (controllerRefOf(pod) === undefined) return;
    const owner = this.#owner(pod);
    if (owner === undefined) return;
    const key = namespacedKey(owner);
    this.#expectations.deletionObserved(key, namespacedKey(pod));
    this.#queue.add(key);
  }

  /** kube's FilterPodsByOwner with orphans: the pods the set controls, and the orphans of its namespace. */
  #ownedOrOrphanPods(set: ReplicatedSet): Pod[] {
    const { uid = '', name, namespace = '' } = set.metadata ?? {};
    const owned = this.#podsByController.objects(controlledIndexKey(namespace, uid)).filter((pod) => {
      const ref = controllerRefOf(pod);
      return ref?.kind === this.#kind.kind.kind && ref.name === name;
    });
    return [...owned, ...this.#podsByController.objects(namespace)];
  }

  /** kube's getIndirectlyRelatedPods: the pods selected by the sets sharing the set's controller (a Deployment's sets), each once. */
  #relatedPods(set: ReplicatedSet): Pod[] {
    const controllerUid = controllerRefOf(set)?.uid;
    if (controllerUid === undefined) return [];
    const namespace = set.metadata?.namespace ?? '';
    const seen = new Set<string>();
    const related: Pod[] = [];
    for (const sibling of this.#sets.store.list(namespace)) {
      if (controllerRefOf(sibling)?.uid !== controllerUid) continue;
      const selector = setSelector(this.#kind, sibling);
      if (!selector.valid) continue;
      for (const pod of this.#pods.store.list(namespace)) {
        const uid = pod.metadata?.uid ?? '';
        if (seen.has(uid) || !selector.matches(pod.metadata?.labels)) continue;
        seen.add(uid);
        related.push(pod);
      }
    }
    return related;
  }

  async #sync(key: string): Promise<void> {
    const slash = key.indexOf('/');
    const set = this.#sets.store.get(key.slice(0, slash), key.slice(slash + 1));
    if (set === undefined) {
      this.#expectations.delete(key);
      return;
    }
    const needsSync = this.#expectations.satisfied(key);
    const selector = setSelector(this.#kind, set);
    // kube logs a selector it cannot parse and leaves the set alone (validation keeps them out).
    if (!selector.valid) return;
    const { client } = this.#context;
    const candidates = this.#ownedOrOrphanPods(set);
    const activePods = await claimObjects<Pod>({
      client,
      owner: set,
      ownerKind: this.#kind.kind,
      matches: selector.matches,
      target: podsResource,
      objects: candidates.filter(isPodActive),
      canAdopt: recheckDeletionTimestamp(client, set, this.#kind.kind),
    });
    const uid = set.metadata?.uid;
    const terminatingPods = this.#kind.countsTerminating
      ? candidates.filter((pod) => isPodTerminating(pod) && controllerRefOf(pod)?.uid === uid && selector.matches(pod.metadata?.labels))
      : undefined;
    let manageError: unknown;
    if (needsSync && !set.metadata?.deletionTimestamp) {
      try {
        await manageReplicas({
          kind: this.#kind,
          podControl: this.#podControl,
          expectations: this.#expectations,
          set,
          key,
          activePods,
          relatedPods: () => this.#relatedPods(set),
        });
      } catch (error) {
        manageError = error;
      }
    }
    const now = Date.now();
    const status = calculateStatus(set, { activePods, terminatingPods, manageError, now });
    const updated = await updateSetStatus(client, this.#kind, set, status);
    if (manageError !== undefined) throw manageError;
    const minReadySeconds = updated.spec?.minReadySeconds ?? 0;
    if (minReadySeconds > 0 && (updated.status?.readyReplicas ?? 0) !== (updated.status?.availableReplicas ?? 0)) {
      this.#queue.addAfter(key, nextPodAvailabilityCheckMs(activePods, minReadySeconds, now) ?? minReadySeconds * 1000);
    }
  }
}
