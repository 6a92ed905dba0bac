// Every served resource by group, version and resource, with the generic store of the stored ones.

import type { Storage } from '../storage/storage.ts';
import { GenericStore, type GenericStoreOptions } from './generic-store.ts';
import type { ResourceDefinition } from './resource-definition.ts';

export class Registry {
  readonly #stores = new Map<string, GenericStore>();
  readonly #definitions = new Map<string, ResourceDefinition>();

  constructor(definitions: readonly ResourceDefinition[], storage: Storage, options: GenericStoreOptions = {}) {
    for (const definition of definitions) {
      const id = idOf(definition.group, definition.version, definition.resource);
      this.#definitions.set(id, definition);
      if (definition.storagePrefix !== undefined) this.#stores.set(id, new GenericStore(definition, storage, options));
    }
  }

  definition(group: string, version: string, resource: string): ResourceDefinition | undefined {
    return this.#definitions.get(idOf(group, version, resource));
  }

  store(group: string, version: string, resource: string): GenericStore | undefined {
    return this.#stores.get(idOf(group, version, resource));
  }

  /** The store of core/v1 namespaces, which every namespaced create consults. */
  get namespaces(): GenericStore {
    return this.#stores.get(idOf('', 'v1', 'namespaces')) as GenericStore;
  }
}

const idOf = (group: string, version: string, resource: string): string => `${group}/${version}/${resource}`;
