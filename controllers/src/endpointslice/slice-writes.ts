// Writing a reconciler's changes to EndpointSlices (kube's finalize), shared by the EndpointSlice
// and mirroring controllers: creates (not for a Service being deleted), updates, then deletes,
// each remembered by the tracker, with the last-change-trigger-time annotation set or cleared.

import type { EndpointSlice } from '@capstan/common/api-types/discovery-v1';
import { isNotFound, type RestClient } from '@capstan/common/client';
import type { EndpointSliceTracker } from './slice-tracker.ts';
import { formatTriggerTime, lastChangeTriggerTimeAnnotation } from './trigger-time-tracker.ts';
import { isNamespaceTerminating } from '../workload/namespace-terminating.ts';

export const endpointSlicesResource = { group: 'discovery.k8s.io', version: 'v1', resource: 'endpointslices' } as const;

export interface SliceWrites {
  readonly create: readonly EndpointSlice[];
  readonly update: readonly EndpointSlice[];
  readonly delete: readonly EndpointSlice[];
}

function withTriggerTime(slice: EndpointSlice, triggerTime: number | undefined): EndpointSlice {
  const { [lastChangeTriggerTimeAnnotation]: _old, ...annotations }: Record<string, string> = { ...slice.metadata?.annotations };
  if (triggerTime !== undefined) annotations[lastChangeTriggerTimeAnnotation] = formatTriggerTime(triggerTime);
  return { ...slice, metadata: { ...slice.metadata, annotations } };
}

export interface WriteOptions {
  readonly client: RestClient;
  readonly tracker: EndpointSliceTracker;
  readonly namespace: string;
  /** "namespace/name" of the Service, for messages. */
  readonly serviceKey: string;
  readonly serviceDeleting: boolean;
  /** undefined: no trigger time (the annotation is removed); null: the annotation is left as it is. */
  readonly triggerTime: number | undefined | null;
}

export async function writeSlices(options: WriteOptions, writes: SliceWrites): Promise<void> {
  const { client, tracker, namespace, serviceKey } = options;
  const annotate = (slice: EndpointSlice): EndpointSlice => (options.triggerTime === null ? slice : withTriggerTime(slice, options.triggerTime));
  const target = { ...endpointSlicesResource, namespace };
  if (!options.serviceDeleting) {
    for (const slice of writes.create) {
      try {
        tracker.update(await client.create<EndpointSlice>(target, annotate(slice)));
      } catch (error) {
        // The namespace is going: so are its Services.
        if (isNamespaceTerminating(error)) return;
        throw new Error(`failed to create EndpointSlice for Service ${serviceKey}: ${(error as Error).message}`, { cause: error });
      }
    }
  }
  for (const slice of writes.update) {
    const name = slice.metadata?.name ?? '';
    try {
      tracker.update(await client.update<EndpointSlice>({ ...target, name }, annotate(slice)));
    } catch (error) {
      throw new Error(`failed to update ${name} EndpointSlice for Service ${serviceKey}: ${(error as Error).message}`, { cause: error });
    }
  }
  for (const slice of writes.delete) {
    const name = slice.metadata?.name ?? '';
    try {
      await client.delete({ ...target, name });
      tracker.expectDeletion(slice);
    } catch (error) {
      if (isNotFound(error)) continue;
      throw new Error(`failed to delete ${name} EndpointSlice for Service ${serviceKey}: ${(error as Error).message}`, { cause: error });
    }
  }
}
