// client-go's informer indexers for our informers: the store keys of an informer's objects by an
// index key, kept from its events, so that a sync reads the few objects it needs without scanning
// the store. podControllerIndexKey is kube's pod controller indexer (AddPodControllerIndexer,
// FilterPodsByOwner): the objects of a namespace by the uid of their controller, orphans apart.

import type { Informer, KubeObject } from '@capstan/common/client';
import { objectKey } from '@capstan/common/client';
import { controllerRefOf } from './controller-ref.ts';

/** kube's PodControllerIndexKey for the objects of `namespace` whose controller has this uid. */
export function controlledIndexKey(namespace: string, uid: string): string {
  return `${namespace}/${uid}`;
}

/** The index key of an object by its controller: controlledIndexKey, or its bare namespace for an orphan. */
export function controllerIndexKey(object: KubeObject): string {
  const namespace = object.metadata?.namespace ?? '';
  const reference = controllerRefOf(object);
  return reference === undefined ? namespace : controlledIndexKey(namespace, reference.uid);
}

export class InformerIndex<O extends KubeObject> {
  readonly #informer: Informer<O>;
  readonly #indexKeyOf: (object: O) => string;
  /** Index key → the store keys of its objects. */
  readonly #byIndexKey = new Map<string, Set<string>>();
  /** Store key → its index key, to move or drop it on a change. */
  readonly #indexed = new Map<string, string>();

  /** Indexes the informer's objects from now on; register it before the handlers that read it. */
  constructor(informer: Informer<O>, indexKeyOf: (object: O) => string) {
    this.#informer = informer;
    this.#indexKeyOf = indexKeyOf;
    informer.addEventHandler({
      onAdd: (object) => this.#set(object),
      onUpdate: (_old, object) => this.#set(object),
      onDelete: (object) => this.#remove(objectKey(object)),
    });
  }

  /** The objects of the index key, as the informer has them. */
  objects(indexKey: string): O[] {
    const found: O[] = [];
    for (const storeKey of this.#byIndexKey.get(indexKey) ?? []) {
      const object = this.#informer.store.getByKey(storeKey);
      if (object !== undefined) found.push(object);
    }
    return found;
  }

  #set(object: O): void {
    const storeKey = objectKey(object);
    const indexKey = this.#indexKeyOf(object);
    if (this.#indexed.get(storeKey) === indexKey) return;
    this.#remove(storeKey);
    this.#indexed.set(storeKey, indexKey);
    let keys = this.#byIndexKey.get(indexKey);
    if (keys === undefined) this.#byIndexKey.set(indexKey, (keys = new Set()));
    keys.add(storeKey);
  }

  #remove(storeKey: string): void {
    const indexKey = this.#indexed.get(storeKey);
    if (indexKey === undefined) return;
    this.#indexed.delete(storeKey);
    const keys = this.#byIndexKey.get(indexKey);
    keys?.delete(storeKey);
    if (keys?.size === 0) this.#byIndexKey.delete(indexKey);
  }
}
