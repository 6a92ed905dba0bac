// Stored objects read as their generated API types (@capstan/common/api-types): what the store
// holds passed validation against the same schema declarations the types are generated from.

import type { JsonObject } from './object-meta.ts';

/** The stored object as its kind's type, e.g. storedObjectAs<Pod>(await pods.get(namespace, name)). */
export function storedObjectAs<T extends { readonly metadata?: object }>(object: JsonObject): T {
  return object as T;
}
