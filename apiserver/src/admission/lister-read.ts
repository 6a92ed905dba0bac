// How admission plugins read the objects they consult (namespaces, nodes, classes), as kube's read
// their informers' listers: from the watch cache, so that a request costs no store read (on etcd, a
// quorum read each); and from the store only when the cache does not have the object, which may
// have been created a moment ago (kube's live lookup on a lister miss).

import { isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';

/** The object; the store's 404 when neither the cache nor the store has it. */
export async function listerGet(store: Pick<GenericStore, 'get'>, namespace: string | undefined, name: string): Promise<JsonObject> {
  try {
    return await store.get(namespace, name, 0);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  return store.get(namespace, name);
}
