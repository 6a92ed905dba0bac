// Every served resource by group, version and resource, with the generic store of the stored ones.

import type { Storage } from '../storage/storage.ts';
import { versionedResourceKeyOf } from '../resources/resource-keys.ts';
import { GenericStore, type GenericStoreOptions } from './generic-store.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { namespaceResource } from '../resources/core/namespaces.ts';

export class Registry {
  /** By versioned resource key ("v1/pods", "apps/v1/deployments"). */
  readonly #stores = new Map<string, GenericStore>();
  readonly #definitions = new Map<string, ResourceDefinition>();

  constructor(definitions: readonly ResourceDefinition[], storage: Storage, options: GenericStoreOptions = {}) {
    for (const definition of definitions) {
      const key = versionedResourceKeyOf(definition);
      this.#definitions.set(key, definition);
      if (definition.storagePrefix !== undefined) this.#stores.set(key, new GenericStore(definition, storage, options));
    }
  }

  definition(group: string, version: string, resource: string): ResourceDefinition | undefined {
    return this.#definitions.get(versionedResourceKeyOf({ group, version, resource }));
  }

  store(group: string, version: string, resource: string): GenericStore | undefined {
    return this.#stores.get(versionedResourceKeyOf({ group, version, resource }));
  }

  /** The store of a built-in resource the server itself reads or writes: its absence is a bug, thrown at once. */
  builtinStore(definition: ResourceDefinition): GenericStore {
    const key = versionedResourceKeyOf(definition);
    const store = this.#stores.get(key);
    if (store === undefined) throw new Error(`the built-in resource ${key} has no store`);
    return store;
  }

  /** The store of core/v1 namespaces, which every namespaced create consults. */
  get namespaces(): GenericStore {
    return this.builtinStore(namespaceResource);
  }
}
