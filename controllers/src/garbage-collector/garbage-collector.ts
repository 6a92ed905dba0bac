// kube's GarbageCollector workers. attemptToDelete: an object whose owners are all gone is deleted
// (its dangling references removed instead while another owner lives); an owner deleting in the
// foreground has its dependents deleted and loses its foregroundDeletion finalizer once no blocking
// dependent is left. attemptToOrphan: an owner deleted with the orphan finalizer is removed from
// its dependents' ownerReferences, then loses the finalizer.

import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '@capstan/common';
import { jitter, sleep, errorMessage } from '@capstan/common';
import { isConflict, isNotFound, resourcePath, type KubeObject, type PropagationPolicy, type ResourceTarget, type RestClient } from '@capstan/common/client';
import { StatusError } from '@capstan/common';
import type { WorkQueue } from '../work-queue.ts';
import type { ApiResource, ApiResources } from './api-resources.ts';
import { parseAttemptToDeleteKey, type GraphBuilder } from './graph-builder.ts';
import {
  describeIdentity,
  finalizersOf,
  foregroundFinalizer,
  identityOfReference,
  orphanFinalizer,
  ownerReferencesOf,
  type GraphNode,
  type ObjectIdentity,
  type OwnerReference,
} from './graph.ts';
import type { Monitors } from './monitors.ts';
import {
  deleteOwnerReferencesMergePatch,
  deleteOwnerReferencesStrategicPatch,
  finalizersMergePatch,
  unblockOwnerReferencesMergePatch,
  unblockOwnerReferencesStrategicPatch,
} from './owner-reference-patches.ts';

/** An ownerReference (or an object) of an apiVersion and kind discovery does not know (yet). */
export class RestMappingError extends Error {
  override name = 'RestMappingError';
  constructor(apiVersion: string, kind: string) {
    super(`unable to get REST mapping for ${apiVersion}/${kind}.`);
  }
}

/** What became of an item: handled, or handed back to the graph as a virtual delete, or unfixable. */
type Outcome = 'done' | 'virtual-delete' | 'invalid-owner';

/** A cluster-scoped object naming a namespaced owner: no retry will make it valid. */
class NamespacedOwnerOfClusterScopedObject extends Error {}

const metadataAccept = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

/** client-go's retry.DefaultBackoff: 4 tries, 10 ms growing fivefold, 10% jitter. */
const conflictRetries = 4;

export class GarbageCollector {
  readonly #client: RestClient;
  readonly #builder: GraphBuilder;
  readonly #monitors: Monitors;
  readonly #logger: Logger;
  /** Ends the requests under way at shutdown. */
  readonly #signal: AbortSignal;
  #resources: ApiResources | undefined;

  constructor(client: RestClient, builder: GraphBuilder, monitors: Monitors, logger: Logger, signal: AbortSignal) {
    this.#client = client;
    this.#builder = builder;
    this.#monitors = monitors;
    this.#logger = logger;
    this.#signal = signal;
  }

  /** The latest discovery: the REST mapping of apiVersion and kind to resources. */
  set resources(resources: ApiResources) {
    this.#resources = resources;
  }

  /** Runs `workers` workers on each queue until they shut down. */
  run(workers: number): Promise<void> {
    const loops: Promise<void>[] = [];
    for (let i = 0; i < workers; i++) {
      loops.push(work(this.#builder.attemptToDelete, (key) => this.#attemptToDeleteWorker(key)));
      loops.push(work(this.#builder.attemptToOrphan, (uid) => this.#attemptToOrphanWorker(uid)));
    }
    return Promise.all(loops).then(() => {});
  }

  async #attemptToDeleteWorker(key: string): Promise<'forget' | 'requeue'> {
    const { uid, virtual } = parseAttemptToDeleteKey(key);
    const node = this.#builder.node(uid);
    // Gone from the graph, or (queued as virtual) seen by an informer meanwhile: nothing to do for this entry.
    if (node === undefined || (virtual && !node.virtual)) return 'forget';
    let outcome: Outcome;
    try {
      outcome = await this.#attemptToDeleteItem(node);
    } catch (error) {
      if (this.#signal.aborted) return 'forget';
      if (error instanceof RestMappingError) this.#logger.debug({ err: error, item: describeIdentity(node.identity) }, 'error syncing item');
      else this.#logger.error({ err: error, item: describeIdentity(node.identity) }, 'error syncing item');
      return 'requeue';
    }
    if (outcome !== 'done') return 'forget';
    // A virtual node not yet seen by an informer comes back until it is (or is found gone).
    return this.#builder.node(uid)?.virtual === true ? 'requeue' : 'forget';
  }

  async #attemptToDeleteItem(node: GraphNode): Promise<Outcome> {
    const identity = node.identity;
    this.#logger.debug({ item: describeIdentity(identity), virtual: node.virtual }, 'Processing item');
    // Being deleted is a one-way trip: wait for the deletion, then see to the dependents.
    if (node.beingDeleted && !node.deletingDependents) return 'done';
    const latest = await this.#getLatest(identity);
    if (latest === undefined) {
      this.#builder.enqueueVirtualDelete(identity);
      return 'virtual-delete';
    }
    if (node.deletingDependents) {
      await this.#processDeletingDependents(node);
      return 'done';
    }
    const owners = ownerReferencesOf(latest);
    if (owners.length === 0) return 'done';
    let classified;
    try {
      classified = await this.#classifyReferences(identity, owners);
    } catch (error) {
      if (error instanceof NamespacedOwnerOfClusterScopedObject) return 'invalid-owner';
      throw error;
    }
    const { solid, dangling, waiting } = classified;
    const resourceVersion = latest.metadata?.resourceVersion ?? '';
    if (solid.length > 0) {
      if (dangling.length === 0 && waiting.length === 0) return 'done';
      // A reference to an owner waiting for its dependents must go too, or that owner waits forever.
      const ownerUids = [...dangling, ...waiting].map((reference) => reference.uid);
      this.#logger.debug({ item: describeIdentity(identity), ownerUids }, 'remove dangling references and waiting references for item');
      await this.#patch(identity, deleteOwnerReferencesStrategicPatch(identity.uid, ownerUids), (current) => deleteOwnerReferencesMergePatch(current, ownerUids));
      return 'done';
    }
    if (waiting.length > 0 && node.dependents.size > 0) {
      for (const dependent of node.dependents) {
        if (!dependent.deletingDependents) continue;
        // Owner and dependent both wait in the foreground: make this item's references non-blocking so no cycle waits forever.
        this.#logger.debug({ item: describeIdentity(identity), dependent: describeIdentity(dependent.identity) }, 'unblocking the ownerReferences of item to prevent a cycle');
        await this.#patch(identity, unblockOwnerReferencesStrategicPatch(identity.uid, node.owners), (current) => unblockOwnerReferencesMergePatch(current, node.owners));
        break;
      }
      return this.#deleteItem(identity, resourceVersion, owners, 'Foreground');
    }
    const finalizers = finalizersOf(latest);
    const policy: PropagationPolicy = finalizers.includes(orphanFinalizer) ? 'Orphan' : finalizers.includes(foregroundFinalizer) ? 'Foreground' : 'Background';
    return this.#deleteItem(identity, resourceVersion, owners, policy);
  }

  async #deleteItem(identity: ObjectIdentity, resourceVersion: string, owners: readonly OwnerReference[], policy: PropagationPolicy): Promise<Outcome> {
    this.#logger.debug({ item: describeIdentity(identity), propagationPolicy: policy }, 'Deleting item');
    try {
      await this.#deleteObject(identity, resourceVersion, owners, policy);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      this.#builder.enqueueVirtualDelete(identity);
      return 'virtual-delete';
    }
    return 'done';
  }

  /** The owner's blocking dependents are deleted; with none left, its foregroundDeletion finalizer goes. */
  async #processDeletingDependents(node: GraphNode): Promise<void> {
    const blocking = node.blockingDependents();
    if (blocking.length === 0) {
      this.#logger.debug({ item: describeIdentity(node.identity) }, 'remove DeleteDependents finalizer for item');
      await this.#removeFinalizer(node.identity, foregroundFinalizer);
      return;
    }
    for (const dependent of blocking) if (!dependent.deletingDependents) this.#builder.enqueueAttemptToDelete(dependent);
  }

  /**
   * Sorts the references into solid (the owner exists and is not deleting in the foreground),
   * dangling (no such owner) and waiting (the owner waits for its dependents).
   */
  async #classifyReferences(item: ObjectIdentity, references: readonly OwnerReference[]) {
    const solid: OwnerReference[] = [];
    const dangling: OwnerReference[] = [];
    const waiting: OwnerReference[] = [];
    for (const reference of references) {
      const owner = await this.#liveOwner(reference, item);
      if (owner === undefined) dangling.push(reference);
      else if (owner.metadata?.deletionTimestamp != null && finalizersOf(owner).includes(foregroundFinalizer)) waiting.push(reference);
      else solid.push(reference);
    }
    return { solid, dangling, waiting };
  }

  /** The owner a reference names, as the API server has it now; undefined if it does not exist (kube's isDangling). */
  async #liveOwner(reference: OwnerReference, item: ObjectIdentity): Promise<KubeObject | undefined> {
    const cached = identityOfReference(reference, '');
    if (this.#builder.absentOwnerCache.has(cached)) return undefined;
    const inNamespace = identityOfReference(reference, item.namespace);
    if (this.#builder.absentOwnerCache.has(inNamespace)) return undefined;
    const resource = this.#mapping(reference.apiVersion, reference.kind);
    if (resource.namespaced && item.namespace === '') {
      this.#logger.debug({ item: describeIdentity(item), owner: reference }, 'item is cluster-scoped, but refers to a namespaced owner');
      throw new NamespacedOwnerOfClusterScopedObject();
    }
    const absent = resource.namespaced ? inNamespace : cached;
    let owner: KubeObject;
    try {
      owner = await this.#getMetadata(targetOf(resource, item.namespace, reference.name));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      this.#builder.absentOwnerCache.add(absent);
      return undefined;
    }
    if (owner.metadata?.uid !== reference.uid) {
      this.#builder.absentOwnerCache.add(absent);
      return undefined;
    }
    return owner;
  }

  async #attemptToOrphanWorker(uid: string): Promise<'forget' | 'requeue'> {
    const owner = this.#builder.node(uid);
    if (owner === undefined) return 'forget';
    const identity = owner.identity;
    const failures: string[] = [];
    await Promise.all(
      [...owner.dependents].map(async (dependent) => {
        try {
          await this.#patch(dependent.identity, deleteOwnerReferencesStrategicPatch(dependent.identity.uid, [identity.uid]), (current) =>
            deleteOwnerReferencesMergePatch(current, [identity.uid]),
          );
        } catch (error) {
          if (!isNotFound(error)) failures.push(`orphaning ${describeIdentity(dependent.identity)} failed, ${errorMessage(error)}`);
        }
      }),
    );
    try {
      if (failures.length > 0) throw new Error(`failed to orphan dependents of owner ${describeIdentity(identity)}, got errors: ${failures.join(', ')}`);
      await this.#removeFinalizer(identity, orphanFinalizer);
    } catch (error) {
      if (this.#signal.aborted) return 'forget';
      this.#logger.error({ err: error, owner: describeIdentity(identity) }, 'orphanDependents failed');
      return 'requeue';
    }
    return 'forget';
  }

  /** Takes a finalizer off the object, retrying when another write comes between (kube's removeFinalizer). */
  async #removeFinalizer(identity: ObjectIdentity, finalizer: string): Promise<void> {
    const target = this.#targetOf(identity);
    for (let attempt = 0; attempt < conflictRetries; attempt++) {
      if (attempt > 0) await sleep(jitter(10 * 5 ** (attempt - 1), 0.1), this.#signal);
      let current: KubeObject;
      try {
        current = await this.#getMetadata(target);
      } catch (error) {
        if (isNotFound(error)) return;
        throw new Error(`cannot finalize owner ${describeIdentity(identity)}, because cannot get it: ${errorMessage(error)}. The garbage collector will retry later.`);
      }
      const finalizers = finalizersOf(current);
      if (!finalizers.includes(finalizer)) return;
      try {
        await this.#client.patch(
          target,
          finalizersMergePatch(
            current,
            finalizers.filter((f) => f !== finalizer),
          ),
          { type: 'merge', signal: this.#signal },
        );
        return;
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
    }
    throw new Error(`updateMaxRetries(${conflictRetries}) has reached. The garbage collector will retry later for owner ${describeIdentity(identity)}.`);
  }

  /**
   * Deletes with the uid and resourceVersion the decision was made on; if only the resourceVersion
   * moved and the ownerReferences are as they were, once more with the uid alone, so that frequent
   * unrelated updates do not keep the object from being collected.
   */
  async #deleteObject(identity: ObjectIdentity, resourceVersion: string, owners: readonly OwnerReference[], policy: PropagationPolicy): Promise<void> {
    const target = this.#targetOf(identity);
    const options = { propagationPolicy: policy, preconditions: { uid: identity.uid, ...(resourceVersion === '' ? {} : { resourceVersion }) }, signal: this.#signal };
    try {
      await this.#client.delete(target, options);
      return;
    } catch (error) {
      if (!isConflict(error) || resourceVersion === '') throw error;
      const live = await this.#getMetadata(target);
      const unchanged = live.metadata?.uid === identity.uid && live.metadata.resourceVersion !== resourceVersion && isDeepStrictEqual(ownerReferencesOf(live), [...owners]);
      if (!unchanged) throw error;
    }
    await this.#client.delete(target, { propagationPolicy: policy, preconditions: { uid: identity.uid }, signal: this.#signal });
  }

  /** A strategic merge patch, or the JSON merge patch `mergePatch` makes where the resource takes no strategic one. */
  async #patch(identity: ObjectIdentity, strategic: unknown, mergePatch: (current: KubeObject) => unknown): Promise<void> {
    const target = this.#targetOf(identity);
    try {
      await this.#client.patch(target, strategic, { type: 'strategic', signal: this.#signal });
      return;
    } catch (error) {
      if (!(error instanceof StatusError && error.code === 415)) throw error;
    }
    const resource = this.#mapping(identity.apiVersion, identity.kind);
    const cached = this.#monitors.store(resource)?.get(identity.namespace || undefined, identity.name);
    const current = cached ?? (await this.#getMetadata(target));
    await this.#client.patch(target, mergePatch(current), { type: 'merge', signal: this.#signal });
  }

  /** The object as the API server has it now; undefined when it is gone or another object has its name. */
  async #getLatest(identity: ObjectIdentity): Promise<KubeObject | undefined> {
    const resource = this.#mapping(identity.apiVersion, identity.kind);
    // A virtual owner named from a cluster-scoped object has no namespace: no such namespaced object can exist.
    if (resource.namespaced && identity.namespace === '') return undefined;
    try {
      const latest = await this.#getMetadata(targetOf(resource, identity.namespace, identity.name));
      return latest.metadata?.uid === identity.uid ? latest : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async #getMetadata(target: ResourceTarget): Promise<KubeObject> {
    const response = await this.#client.request({ method: 'GET', path: resourcePath(target), accept: metadataAccept, target, signal: this.#signal });
    return JSON.parse(response.body.toString('utf8')) as KubeObject;
  }

  #targetOf(identity: ObjectIdentity): ResourceTarget {
    return targetOf(this.#mapping(identity.apiVersion, identity.kind), identity.namespace, identity.name);
  }

  #mapping(apiVersion: string, kind: string): ApiResource {
    const resource = this.#resources?.mapping(apiVersion, kind);
    if (resource === undefined) throw new RestMappingError(apiVersion, kind);
    return resource;
  }
}

/** A namespaced resource is asked for in the namespace given, a cluster-scoped one without. */
function targetOf(resource: ApiResource, namespace: string, name: string): ResourceTarget {
  return { group: resource.group, version: resource.version, resource: resource.resource, ...(resource.namespaced ? { namespace } : {}), name };
}

/** A worker: takes keys until the queue shuts down; a key to requeue comes back after its backoff. */
async function work(queue: WorkQueue, handle: (key: string) => Promise<'forget' | 'requeue'>): Promise<void> {
  for (;;) {
    const key = await queue.get();
    if (key === undefined) return;
    // The handlers report their own failures; one that throws all the same is retried.
    const outcome = await handle(key).catch(() => 'requeue' as const);
    if (outcome === 'forget') queue.forget(key);
    else queue.addRateLimited(key);
    queue.done(key);
  }
}
