// kube's pod controller indexer (AddPodControllerIndexer, FilterPodsByOwner) for any informer: the
// objects of a namespace by the uid of their controller, orphans apart, kept from the informer's
// events so that a workload's sync reads its own objects without scanning the namespace.

import type { Informer, KubeObject } from '@capstan/common/client';
import { objectKey } from '@capstan/common/client';
import { controllerRefOf } from './controller-ref.ts';

/** kube's PodControllerIndexKey: "namespace/uid" for a controlled object, "namespace" for an orphan. */
function indexKey(object: KubeObject): string {
  const namespace = object.metadata?.namespace ?? '';
  const reference = controllerRefOf(object);
  return reference === undefined ? namespace : `${namespace}/${reference.uid}`;
}

export class ControllerIndex<O extends KubeObject> {
  readonly #informer: Informer<O>;
  /** Index key → the store keys of its objects. */
  readonly #byController = new Map<string, Set<string>>();
  /** Store key → its index key, to move or drop it on a change. */
  readonly #indexed = new Map<string, string>();

  /** Indexes the informer's objects from now on (call before it starts, or it replays what it has). */
  constructor(informer: Informer<O>) {
    this.#informer = informer;
    informer.addEventHandler({
      onAdd: (object) => this.#set(object),
      onUpdate: (_old, object) => this.#set(object),
      onDelete: (object) => this.#remove(objectKey(object)),
    });
  }

  /** The objects whose controller has this uid in the namespace. */
  controlledBy(namespace: string, uid: string): O[] {
    return this.#objects(`${namespace}/${uid}`);
  }

  /** The objects of the namespace without a controller. */
  orphans(namespace: string): O[] {
    return this.#objects(namespace);
  }

  #objects(key: string): O[] {
    const found: O[] = [];
    for (const storeKey of this.#byController.get(key) ?? []) {
      const object = this.#informer.store.getByKey(storeKey);
      if (object !== undefined) found.push(object);
    }
    return found;
  }

  #set(object: O): void {
    const storeKey = objectKey(object);
    const key = indexKey(object);
    if (this.#indexed.get(storeKey) === key) return;
    this.#remove(storeKey);
    this.#indexed.set(storeKey, key);
    let keys = this.#byController.get(key);
    if (keys === undefined) {
      keys = new Set();
      this.#byController.set(key, keys);
    }
    keys.add(storeKey);
  }

  #remove(storeKey: string): void {
    const key = this.#indexed.get(storeKey);
    if (key === undefined) return;
    this.#indexed.delete(storeKey);
    const keys = this.#byController.get(key);
    keys?.delete(storeKey);
    if (keys?.size === 0) this.#byController.delete(key);
  }
}
