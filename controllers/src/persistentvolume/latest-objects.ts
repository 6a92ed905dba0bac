// The binder's own cache of the newest version it knows of each claim and volume (the
// controller's `volumes` and `claims` stores in kube): what it wrote itself is newer than what the
// informer has yet delivered, and a sync that used the informer's copy would undo or conflict with
// its own writes (binding writes four objects in a row, each update an event of its own).

import type { KubeObject } from '@capstan/common/client';

const revision = (object: KubeObject): bigint | undefined => {
  try {
    return BigInt(object.metadata?.resourceVersion ?? '');
  } catch {
    return undefined;
  }
};

export const keyOf = (object: KubeObject): string => (object.metadata?.namespace ? `${object.metadata.namespace}/${object.metadata.name}` : (object.metadata?.name ?? ''));

export class LatestObjects<T extends KubeObject> {
  readonly #objects = new Map<string, T>();

  /** storeObjectUpdate: keeps the object unless a newer version is known; answers whether it is the newest. */
  remember(object: T): boolean {
    const key = keyOf(object);
    const known = this.#objects.get(key);
    if (known !== undefined) {
      const [old, fresh] = [revision(known), revision(object)];
      if (old !== undefined && fresh !== undefined && old > fresh) return false;
    }
    this.#objects.set(key, object);
    return true;
  }

  get(key: string): T | undefined {
    return this.#objects.get(key);
  }

  forget(key: string): void {
    this.#objects.delete(key);
  }

  values(): IterableIterator<T> {
    return this.#objects.values();
  }
}
