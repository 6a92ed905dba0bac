// Every served resource by group, version and resource, with the generic store of the stored ones;
// and the stores of the built-in and optional resources --runtime-config leaves off, which requests
// do not reach but the server itself still reads and writes (its admission plugins, authorizers, bootstrap).

import type { Storage } from '../storage/storage.ts';
import { versionedResourceKeyOf } from '../resources/resource-keys.ts';
import { GenericStore, type GenericStoreOptions } from './generic-store.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { namespaceResource } from '../resources/core/namespaces.ts';

export class Registry {
  /** By versioned resource key ("v1/pods", "apps/v1/deployments"). */
  readonly #stores = new Map<string, GenericStore>();
  readonly #definitions = new Map<string, ResourceDefinition>();
  /** The stores of the built-in and optional resources not served, by versioned resource key. */
  readonly #unserved = new Map<string, GenericStore>();
  readonly #storage: Storage;
  readonly #options: GenericStoreOptions;

  constructor(definitions: readonly ResourceDefinition[], storage: Storage, options: GenericStoreOptions = {}, unserved: readonly ResourceDefinition[] = []) {
    this.#storage = storage;
    this.#options = options;
    for (const definition of definitions) this.#add(definition);
    for (const definition of unserved) {
      if (definition.storagePrefix !== undefined) this.#unserved.set(versionedResourceKeyOf(definition), new GenericStore(definition, storage, options));
    }
  }

  #add(definition: ResourceDefinition): void {
    const key = versionedResourceKeyOf(definition);
    this.#definitions.set(key, definition);
    if (definition.storagePrefix !== undefined) this.#stores.set(key, new GenericStore(definition, this.#storage, this.#options));
    else this.#stores.delete(key);
  }

  /**
   * Serves a set of resources made at run time (a CustomResourceDefinition's served versions)
   * in place of `previous`: requests find the new declarations from now on; a declaration served
   * already keeps its store. Answers the stores no longer served, whose watches are to end.
   */
  replace(previous: readonly ResourceDefinition[], next: readonly ResourceDefinition[]): GenericStore[] {
    const retired: GenericStore[] = [];
    const kept = new Set(next.map(versionedResourceKeyOf));
    for (const definition of previous) {
      const key = versionedResourceKeyOf(definition);
      if (kept.has(key) || this.#definitions.get(key) !== definition) continue;
      this.#definitions.delete(key);
      const store = this.#stores.get(key);
      if (store !== undefined) retired.push(store);
      this.#stores.delete(key);
    }
    for (const definition of next) {
      const key = versionedResourceKeyOf(definition);
      if (this.#definitions.get(key) === definition) continue;
      const store = this.#stores.get(key);
      if (store !== undefined) retired.push(store);
      this.#add(definition);
    }
    return retired;
  }

  /** Every resource served now, in the order they were added. */
  get definitions(): readonly ResourceDefinition[] {
    return [...this.#definitions.values()];
  }

  /** Whether any resource of the group is served, in any version. */
  servesGroup(group: string): boolean {
    for (const definition of this.#definitions.values()) if (definition.group === group) return true;
    return false;
  }

  definition(group: string, version: string, resource: string): ResourceDefinition | undefined {
    return this.#definitions.get(versionedResourceKeyOf({ group, version, resource }));
  }

  store(group: string, version: string, resource: string): GenericStore | undefined {
    return this.#stores.get(versionedResourceKeyOf({ group, version, resource }));
  }

  /** The store of a built-in resource the server itself reads or writes, served or not: its absence is a bug, thrown at once. */
  builtinStore(definition: ResourceDefinition): GenericStore {
    const key = versionedResourceKeyOf(definition);
    const store = this.#stores.get(key) ?? this.#unserved.get(key);
    if (store === undefined) throw new Error(`the built-in resource ${key} has no store`);
    return store;
  }

  /** The store of core/v1 namespaces, which every namespaced create consults. */
  get namespaces(): GenericStore {
    return this.builtinStore(namespaceResource);
  }
}
