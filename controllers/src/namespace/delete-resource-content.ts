// Empties one resource of a terminating namespace, as kube's namespace deleter does: the whole
// collection in one DELETE where the resource allows it (else listed and deleted one by one), with
// background propagation so that the garbage collector adds no orphan finalizer; then what is left
// is listed (metadata only) to count the instances and the finalizers still holding them. Pods may
// take their grace period: while it runs, what remains is expected, not a failure.

import { StatusError, errorMessage } from '@capstan/common';
import { isNotFound, type KubeObject, type RestClient, type ResourceTarget } from '@capstan/common/client';
import type { Pod } from '@capstan/common/api-types/core-v1';
import type { DeletableResource } from './deletable-resources.ts';

export interface ResourceContent {
  /** How many seconds what remains may still take to go; 0 when no wait is expected. */
  readonly estimateSeconds: number;
  /** Instances still there after the deletion. */
  readonly remaining: number;
  /** Instances still there per finalizer they carry. */
  readonly finalizers: ReadonlyMap<string, number>;
  /** What went wrong (the error's text, as kube's condition quotes it), if anything did. */
  readonly error?: string;
}

/** The estimate kube assumes for objects held by finalizers (the garbage collector's, say) to go. */
const finalizerEstimateSeconds = 15;

export async function deleteResourceContent(client: RestClient, resource: DeletableResource, namespace: string, deletedAt: Date, signal?: AbortSignal): Promise<ResourceContent> {
  const target: ResourceTarget = { group: resource.group, version: resource.version, resource: resource.resource, namespace };
  const control = signal === undefined ? {} : { signal };
  const none = { remaining: 0, finalizers: new Map<string, number>() };
  let estimateSeconds: number;
  try {
    estimateSeconds = await gracefulTerminationEstimate(client, resource, namespace, deletedAt, control);
  } catch (error) {
    return { estimateSeconds: 0, ...none, error: errorText(error) };
  }
  try {
    let deletedAsCollection = false;
    if (resource.verbs.has('deletecollection')) {
      try {
        await client.deleteCollection(target, { propagationPolicy: 'Background', ...control });
        deletedAsCollection = true;
      } catch (error) {
        if (!isUnsupported(error)) throw error;
      }
    }
    if (!deletedAsCollection && resource.verbs.has('list')) await deleteEachItem(client, target, control);
    if (!resource.verbs.has('list')) return { estimateSeconds, ...none };
    let items: KubeObject[];
    try {
      items = (await client.list(target, { metadataOnly: true, ...control })).items;
    } catch (error) {
      if (isUnsupported(error)) return { estimateSeconds, ...none };
      throw error;
    }
    if (items.length === 0) return { estimateSeconds: 0, ...none };
    const finalizers = new Map<string, number>();
    for (const item of items) for (const finalizer of item.metadata?.finalizers ?? []) finalizers.set(finalizer, (finalizers.get(finalizer) ?? 0) + 1);
    if (estimateSeconds !== 0) return { estimateSeconds, remaining: items.length, finalizers };
    if (finalizers.size > 0) return { estimateSeconds: finalizerEstimateSeconds, remaining: items.length, finalizers };
    return {
      estimateSeconds,
      remaining: items.length,
      finalizers,
      error: `unexpected items still remain in namespace: ${namespace} for gvr: ${groupVersionResourceString(resource)}`,
    };
  } catch (error) {
    return { estimateSeconds, ...none, error: errorText(error) };
  }
}

async function deleteEachItem(client: RestClient, target: ResourceTarget, control: { signal?: AbortSignal }): Promise<void> {
  let items: KubeObject[];
  try {
    items = (await client.list(target, { metadataOnly: true, ...control })).items;
  } catch (error) {
    if (isUnsupported(error)) return;
    throw error;
  }
  for (const item of items) {
    try {
      await client.delete({ ...target, name: item.metadata?.name ?? '' }, { propagationPolicy: 'Background', ...control });
    } catch (error) {
      if (!isUnsupported(error)) throw error;
    }
  }
}

/**
 * The longest grace period of the namespace's pods that have not finished, while it has not yet
 * run out since the namespace began terminating; 0 for every other resource.
 */
async function gracefulTerminationEstimate(
  client: RestClient,
  resource: DeletableResource,
  namespace: string,
  deletedAt: Date,
  control: { signal?: AbortSignal },
): Promise<number> {
  if (resource.group !== '' || resource.resource !== 'pods') return 0;
  const pods = await client.list<Pod>({ group: '', version: 'v1', resource: 'pods', namespace }, control);
  let estimate = 0;
  for (const pod of pods.items) {
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    estimate = Math.max(estimate, pod.spec?.terminationGracePeriodSeconds ?? 0);
  }
  return Date.now() - deletedAt.getTime() >= estimate * 1000 ? 0 : estimate;
}

/** A resource that discovery lists but that does not answer the verb: 405, or a literal 404. */
function isUnsupported(error: unknown): boolean {
  return isNotFound(error) || (error instanceof StatusError && (error.reason === 'MethodNotAllowed' || error.code === 405));
}

/** apimachinery's GroupVersionResource.String(). */
function groupVersionResourceString(resource: DeletableResource): string {
  return `${resource.group}/${resource.version}, Resource=${resource.resource}`;
}

function errorText(error: unknown): string {
  return errorMessage(error);
}
