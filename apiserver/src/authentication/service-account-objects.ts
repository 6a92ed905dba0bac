// What service account tokens are checked against: the ServiceAccount, and the Pod, Secret or Node
// a token is bound to, read from the stores (kube's ServiceAccountTokenGetter).

import { isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { Registry } from '../registry/registry.ts';
import { nodeResource } from '../resources/core/nodes.ts';
import { podResource } from '../resources/core/pods.ts';
import { secretResource } from '../resources/core/secrets.ts';
import { serviceAccountResource } from '../resources/core/serviceaccounts.ts';

export interface ServiceAccountObjects {
  /** The stored object; a 404 StatusError when there is none. */
  serviceAccount(namespace: string, name: string): Promise<JsonObject>;
  pod(namespace: string, name: string): Promise<JsonObject>;
  secret(namespace: string, name: string): Promise<JsonObject>;
  node(name: string): Promise<JsonObject>;
}

export function serviceAccountObjectsOf(registry: Registry): ServiceAccountObjects {
  const get = (store: GenericStore) => (namespace: string | undefined, name: string) => store.get(namespace, name);
  const serviceAccounts = get(registry.builtinStore(serviceAccountResource));
  const pods = get(registry.builtinStore(podResource));
  const secrets = get(registry.builtinStore(secretResource));
  const nodes = get(registry.builtinStore(nodeResource));
  return {
    serviceAccount: serviceAccounts,
    pod: pods,
    secret: secrets,
    node: (name) => nodes(undefined, name),
  };
}

/** The object, or undefined when the store has none (other failures are thrown). */
export async function unlessNotFound(read: Promise<JsonObject>): Promise<JsonObject | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}
