// Empties a terminating namespace and then releases it, as kube-controller-manager's namespace
// deleter does: the namespace is read afresh, marked Terminating if it is not yet, every namespaced
// resource discovery serves is emptied (pods first: nothing else goes while a pod remains, so that
// the policies guarding pods outlive them), the conditions say what failed or remains, and once
// nothing remains the `kubernetes` finalizer is taken out of spec.finalizers (PUT .../finalize);
// the API server then removes the namespace if no other finalizer holds it.

import { cloneJson, errorMessage } from '@capstan/common';
import { isConflict, isNotFound, type KubeObject, type RestClient, type ResourceTarget } from '@capstan/common/client';
import { discoverDeletableResources, groupVersionParseError, type DeletableResource } from './deletable-resources.ts';
import { deleteResourceContent } from './delete-resource-content.ts';
import { DeletionConditions, type NamespaceCondition } from './deletion-conditions.ts';

export type Namespace = KubeObject & {
  spec?: { finalizers?: string[] };
  status?: { phase?: string; conditions?: NamespaceCondition[] };
};

/** Content remains that is expected to go by itself (graceful deletion, finalizers): look again later. */
export class ResourcesRemainingError extends Error {
  override name = 'ResourcesRemainingError';
  readonly estimateSeconds: number;

  constructor(estimateSeconds: number) {
    super(`some content remains in the namespace, estimate ${estimateSeconds} seconds before it is removed`);
    this.estimateSeconds = estimateSeconds;
  }
}

const namespaces = { group: '', version: 'v1', resource: 'namespaces' } as const;

export interface DeleterOptions {
  /** The spec.finalizers token this deleter removes ("kubernetes"). */
  readonly finalizerToken?: string;
  /** Told of a conditions update that failed (the next pass writes them again). */
  readonly onStatusError?: (namespace: string, error: unknown) => void;
}

export class NamespacedResourcesDeleter {
  readonly #client: RestClient;
  readonly #finalizerToken: string;
  readonly #onStatusError: (namespace: string, error: unknown) => void;

  constructor(client: RestClient, options: DeleterOptions = {}) {
    this.#client = client;
    this.#finalizerToken = options.finalizerToken ?? 'kubernetes';
    this.#onStatusError = options.onStatusError ?? (() => {});
  }

  /**
   * One pass over the namespace. Resolves when there is nothing (more) to do; throws
   * ResourcesRemainingError when content is still going away, another error when a step failed.
   */
  async delete(name: string, signal?: AbortSignal): Promise<void> {
    const control = signal === undefined ? {} : { signal };
    let namespace: Namespace;
    try {
      namespace = await this.#client.get<Namespace>({ ...namespaces, name }, control);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (namespace.metadata?.deletionTimestamp === undefined) return;
    try {
      namespace = await this.#retryOnConflict(namespace, (latest) => this.#markTerminating(latest, control));
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (namespace.metadata?.deletionTimestamp === undefined) return;
    if ((namespace.spec?.finalizers ?? []).length === 0) return;

    const estimate = await this.#deleteAllContent(namespace, control);
    if (estimate > 0) throw new ResourcesRemainingError(estimate);

    try {
      await this.#retryOnConflict(namespace, (latest) => this.#finalize(latest, control));
    } catch (error) {
      // Another deleter sharing the token finished first.
      if (!isNotFound(error)) throw error;
    }
  }

  /** Deletes what can be deleted, writes the conditions, and answers the estimate of what remains. */
  async #deleteAllContent(namespace: Namespace, control: { signal?: AbortSignal }): Promise<number> {
    const name = namespace.metadata?.name ?? '';
    const deletedAt = new Date(namespace.metadata?.deletionTimestamp ?? 0);
    const conditions = new DeletionConditions();
    const errors: string[] = [];
    let resources: readonly DeletableResource[] = [];
    try {
      const discovery = await discoverDeletableResources(this.#client, control);
      resources = discovery.resources;
      if (discovery.failure !== undefined) {
        errors.push(discovery.failure.message);
        conditions.discoveryFailed(`Discovery failed for some groups, ${discovery.failure.failedGroupVersions} failing: ${discovery.failure.message}`);
      }
    } catch (error) {
      if (control.signal?.aborted === true) throw error;
      const message = errorMessage(error);
      errors.push(message);
      conditions.discoveryFailed(message);
    }
    const unparsable = resources.map(groupVersionParseError).find((e) => e !== undefined);
    if (unparsable !== undefined) {
      errors.push(unparsable);
      conditions.groupVersionParsingFailed(unparsable);
      resources = [];
    }

    let estimate = 0;
    const remainingResources = new Map<string, number>();
    const remainingFinalizers = new Map<string, number>();
    const empty = async (resource: DeletableResource): Promise<number> => {
      const content = await deleteResourceContent(this.#client, resource, name, deletedAt, control.signal);
      if (control.signal?.aborted === true) throw control.signal.reason;
      if (content.error !== undefined) {
        errors.push(content.error);
        conditions.contentDeletionFailed(content.error);
      }
      estimate = Math.max(estimate, content.estimateSeconds);
      if (content.remaining > 0) {
        remainingResources.set(`${resource.resource}.${resource.group}`, content.remaining);
        for (const [finalizer, count] of content.finalizers) remainingFinalizers.set(finalizer, (remainingFinalizers.get(finalizer) ?? 0) + count);
      }
      return content.remaining;
    };
    // Pods first; the rest only once no pod is left.
    const isPods = (r: DeletableResource): boolean => r.group === '' && r.resource === 'pods';
    const pods = resources.find(isPods);
    const podsRemain = pods !== undefined && (await empty(pods)) > 0;
    if (!podsRemain) for (const resource of resources) if (!isPods(resource)) await empty(resource);
    conditions.remaining({ resources: remainingResources, finalizers: remainingFinalizers });

    const updated = cloneJson(namespace);
    const status = (updated.status ??= {});
    if (conditions.applyTo((status.conditions ??= []), new Date())) {
      try {
        await this.#client.update({ ...namespaces, name, subresource: 'status' }, updated, control);
      } catch (error) {
        if (control.signal?.aborted === true) throw error;
        this.#onStatusError(name, error);
      }
    }
    if (errors.length > 0) throw new Error(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
    return estimate;
  }

  #markTerminating(namespace: Namespace, control: { signal?: AbortSignal }): Promise<Namespace> {
    if (namespace.metadata?.deletionTimestamp === undefined || namespace.status?.phase === 'Terminating') return Promise.resolve(namespace);
    const next = cloneJson(namespace);
    next.status = { ...next.status, phase: 'Terminating' };
    return this.#client.update<Namespace>(this.#target(namespace, 'status'), next, control);
  }

  /** Sends spec.finalizers without this deleter's token, the others sorted as a set. */
  #finalize(namespace: Namespace, control: { signal?: AbortSignal }): Promise<Namespace> {
    const others = [...new Set(namespace.spec?.finalizers ?? [])].filter((f) => f !== this.#finalizerToken).sort();
    const next = cloneJson(namespace);
    next.spec = { ...next.spec, finalizers: others };
    return this.#client.update<Namespace>(this.#target(namespace, 'finalize'), next, control);
  }

  /** Runs `write` again on the latest namespace while it conflicts; a namespace recreated meanwhile is an error. */
  async #retryOnConflict(namespace: Namespace, write: (latest: Namespace) => Promise<Namespace>): Promise<Namespace> {
    let latest = namespace;
    for (;;) {
      try {
        return await write(latest);
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
      const previous = latest;
      latest = await this.#client.get<Namespace>(this.#target(previous));
      if (latest.metadata?.uid !== previous.metadata?.uid) throw new Error('namespace uid has changed across retries');
    }
  }

  #target(namespace: Namespace, subresource?: string): ResourceTarget {
    return { ...namespaces, name: namespace.metadata?.name ?? '', ...(subresource === undefined ? {} : { subresource }) };
  }
}
