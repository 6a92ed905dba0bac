// The informer's in-memory copy of a resource: objects keyed `namespace/name` (or `name` for
// cluster-scoped ones), as client-go's MetaNamespaceKeyFunc keys them.

import type { KubeObject } from './object-types.ts';

export function objectKey(object: KubeObject): string {
  const name = object.metadata?.name ?? '';
  const namespace = object.metadata?.namespace;
  return namespace ? `${namespace}/${name}` : name;
}

/** What the informer's users may read. */
export interface ReadonlyObjectStore<T extends KubeObject> {
  readonly size: number;
  /** By `namespace/name`, or `name` for a cluster-scoped object. */
  getByKey(key: string): T | undefined;
  get(namespace: string | undefined, name: string): T | undefined;
  /** Every object, or those of one namespace. */
  list(namespace?: string): T[];
  keys(): string[];
}

export class ObjectStore<T extends KubeObject> implements ReadonlyObjectStore<T> {
  readonly #objects = new Map<string, T>();

  get size(): number {
    return this.#objects.size;
  }

  getByKey(key: string): T | undefined {
    return this.#objects.get(key);
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.#objects.get(namespace ? `${namespace}/${name}` : name);
  }

  list(namespace?: string): T[] {
    const objects = [...this.#objects.values()];
    return namespace === undefined ? objects : objects.filter((object) => object.metadata?.namespace === namespace);
  }

  keys(): string[] {
    return [...this.#objects.keys()];
  }

  /** Stores the object; answers the one it replaced. */
  set(object: T): T | undefined {
    const key = objectKey(object);
    const old = this.#objects.get(key);
    this.#objects.set(key, object);
    return old;
  }

  /** Removes the object's key; answers what was stored under it. */
  delete(object: KubeObject): T | undefined {
    const key = objectKey(object);
    const old = this.#objects.get(key);
    this.#objects.delete(key);
    return old;
  }
}
