// The watch cache's index of pods by spec.nodeName, kube's one indexed trigger (NodeNameTriggerFunc):
// every node's agent watches the pods bound to it, and without the index each pod event went to
// every node's watcher to be matched against its field selector.

import type { GroupResource } from '@capstan/common';
import type { WatchIndex } from '../storage/cacher/resource-cache.ts';
import type { KeyValue } from '../storage/storage.ts';
import { exactMatch, type FieldSelector } from './field-selector.ts';
import { decodeShared } from './stored-object.ts';

export interface IndexedWatchField {
  /** The field label of the field selector. */
  readonly field: string;
  /** Its value in a stored object. */
  readonly value: WatchIndex;
}

/** The field by which the watch cache indexes the resource's watchers, if any. */
export function indexedWatchField(resource: GroupResource): IndexedWatchField | undefined {
  return resource.group === '' && resource.resource === 'pods' ? { field: 'spec.nodeName', value: storedNodeName } : undefined;
}

/** The indexed field's value a watch's field selector requires (an equality term), if any. */
export function watchIndexValue(resource: GroupResource, selector: FieldSelector | undefined): string | undefined {
  const indexed = indexedWatchField(resource);
  if (indexed === undefined || selector === undefined) return undefined;
  return exactMatch(selector.requirements, indexed.field);
}

/** A stored pod's spec.nodeName for the watch cache; the stored object is decoded once for all its watchers. */
function storedNodeName(kv: KeyValue): string | undefined {
  try {
    const spec = decodeShared(kv).spec as { nodeName?: unknown } | undefined;
    return typeof spec?.nodeName === 'string' ? spec.nodeName : '';
  } catch {
    return undefined;
  }
}
