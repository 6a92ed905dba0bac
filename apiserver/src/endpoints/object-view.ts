// One object as an endpoint reads and writes it: the object itself, its status, or its scale.
// get, update (PUT) and patch of every subresource go through the same two calls.

import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import { scaleOf, updateScale } from '../registry/scale.ts';

export interface ObjectView {
  get(): Promise<JsonObject>;
  update(body: JsonObject): Promise<JsonObject>;
}

export function mainView(store: GenericStore, namespace: string | undefined, name: string, hooks?: ResourceHooks): ObjectView {
  return {
    get: () => store.get(namespace, name),
    update: async (body) => {
      if (hooks?.beforeUpdate !== undefined) await hooks.beforeUpdate(body, await store.get(namespace, name));
      return store.update(namespace, name, body);
    },
  };
}

export function statusView(store: GenericStore, namespace: string | undefined, name: string): ObjectView {
  return {
    get: () => store.get(namespace, name),
    update: (body) => store.updateStatus(namespace, name, body),
  };
}

export function scaleView(store: GenericStore, namespace: string | undefined, name: string): ObjectView {
  return {
    get: async () => scaleOf(store.definition, await store.get(namespace, name)),
    update: (body) => updateScale(store, namespace, name, body),
  };
}
