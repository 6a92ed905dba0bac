// Keeps the node authorizer's graph (node-graph.ts) in step with the stores, as kube's
// AddGraphEventHandlers does with informers: pods, persistent volumes, VolumeAttachments and
// ResourceSlices, watched in the API server itself.

import type { Logger } from '@capstan/common';
import type { PostStartHook } from '../../health/post-start-hooks.ts';
import { objectOf, stringOf } from '../../registry/defaulting/json-fields.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import type { Registry } from '../../registry/registry.ts';
import { persistentVolumeResource } from '../../resources/core/persistentvolumes.ts';
import { podResource } from '../../resources/core/pods.ts';
import { resourceSliceResource } from '../../resources/resource/resourceslices.ts';
import { volumeAttachmentResource } from '../../resources/storage/volumeattachments.ts';
import type { NodeGraph } from './node-graph.ts';
import { StoreInformer, type InformerHandler } from '../../registry/store-informer.ts';

const nameOf = (object: JsonObject): string => stringOf(metadataOf(object).name);

/** The graph's side of one store: an object set (added or changed), or removed. */
interface GraphHandlers {
  set(object: JsonObject): void;
  remove(object: JsonObject): void;
}

/** The informer's handler for graph handlers: a relist sets what it found and removes what went meanwhile. */
function graphHandler(handlers: GraphHandlers): InformerHandler {
  const known = new Map<string, JsonObject>();
  const keyOf = (object: JsonObject): string => `${stringOf(metadataOf(object).namespace)}/${nameOf(object)}`;
  return {
    replace: (objects) => {
      const listed = new Map(objects.map((object) => [keyOf(object), object] as const));
      for (const [key, object] of known) if (!listed.has(key)) handlers.remove(object);
      known.clear();
      for (const [key, object] of listed) {
        known.set(key, object);
        handlers.set(object);
      }
    },
    upsert: (object) => {
      known.set(keyOf(object), object);
      handlers.set(object);
    },
    remove: (object) => {
      known.delete(keyOf(object));
      handlers.remove(object);
    },
  };
}
const nodeNameOf = (object: JsonObject): string => stringOf(objectOf(object.spec).nodeName);

/** How long the first list waits before it tries again (the storage may not be ready yet). */
const retryDelayMs = 1000;

/**
 * The post-start hook that fills the graph and keeps it filled; it finishes once every store is
 * listed (kube starts the authorizer's informers in generic-apiserver-start-informers, and its
 * readiness waits for their sync).
 */
export function graphPopulatorHook(graph: NodeGraph, registry: Registry, stopping: AbortSignal, logger: Logger): PostStartHook {
  const handlers: readonly (readonly [Parameters<Registry['builtinStore']>[0], GraphHandlers])[] = [
    [podResource, { set: (pod) => graph.setPod(pod), remove: (pod) => graph.deletePod(stringOf(metadataOf(pod).namespace), nameOf(pod)) }],
    [persistentVolumeResource, { set: (pv) => graph.setPersistentVolume(pv), remove: (pv) => graph.deletePersistentVolume(nameOf(pv)) }],
    [volumeAttachmentResource, { set: (va) => graph.setVolumeAttachment(nameOf(va), nodeNameOf(va)), remove: (va) => graph.deleteVolumeAttachment(nameOf(va)) }],
    [resourceSliceResource, { set: (slice) => graph.setResourceSlice(nameOf(slice), nodeNameOf(slice)), remove: (slice) => graph.deleteResourceSlice(nameOf(slice)) }],
  ];
  const startOne = async (informer: StoreInformer): Promise<void> => {
    for (;;) {
      try {
        return await informer.start();
      } catch (error) {
        if (stopping.aborted) return;
        logger.warn({ err: error }, 'the node authorizer could not list; retrying');
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs).unref());
      }
    }
  };
  return {
    name: 'generic-apiserver-start-informers',
    run: async () => {
      await Promise.all(handlers.map(([definition, handler]) => startOne(new StoreInformer(registry.builtinStore(definition), graphHandler(handler), logger, stopping))));
    },
  };
}
