// The schema kube-apiserver serves a CRD version by: structural, with its defaults pruned.

import { pruneDefaults } from './default-values.ts';
import { type Structural, structuralOf } from './structural-schema.ts';

/** By openAPIV3Schema object: a CRD's declarations and its reads (custom-resource-reads.ts) share one. */
const built = new WeakMap<object, Structural>();

/** structuralOf, then pruneDefaults: what defaulting and validation of the version's objects read. */
export function servingSchemaOf(openAPIV3Schema: unknown): Structural {
  const key = typeof openAPIV3Schema === 'object' && openAPIV3Schema !== null ? openAPIV3Schema : undefined;
  let schema = key === undefined ? undefined : built.get(key);
  if (schema === undefined) {
    schema = pruneDefaults(structuralOf(openAPIV3Schema));
    if (key !== undefined) built.set(key, schema);
  }
  return schema;
}
