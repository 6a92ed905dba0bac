// Defaulting of a custom object by its structural schema (apiextensions-apiserver's
// schema/defaulting): the defaults of properties, of list items and of map values, and the
// pruning of the defaults themselves against the schema before a version is served.

import { cloneJson } from '@capstan/common';
import { pruneUnknownFields } from './prune.ts';
import { additionalPropertiesSchema, isJsonMap, type Structural } from './structural-schema.ts';

/** A null the schema neither allows nor keeps: defaulting replaces it with the schema's default. */
const isNonNullableNull = (value: unknown, schema: Structural | undefined): boolean => value === null && schema !== undefined && !schema.nullable;

/**
 * Sets, in place, the defaults of `value`'s schema (kube's defaulting.Default): a property that is
 * missing, or null without nullable, takes its schema's default; a null list item or map value
 * without nullable takes the default of the items or additionalProperties schema. Defaults are
 * applied from the outside in, so a defaulted object's own fields are defaulted too.
 */
export function applyDefaults(value: unknown, schema: Structural | undefined): void {
  if (schema === undefined) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    for (let i = 0; i < value.length; i++) {
      if (isNonNullableNull(value[i], items) && items?.default !== undefined) value[i] = cloneJson(items.default);
      applyDefaults(value[i], items);
    }
    return;
  }
  if (!isJsonMap(value)) return;
  for (const [key, property] of schema.properties ?? []) {
    if (property.default === undefined) continue;
    if (!Object.hasOwn(value, key) || isNonNullableNull(value[key], property)) value[key] = cloneJson(property.default);
  }
  const values = additionalPropertiesSchema(schema);
  for (const key of Object.keys(value)) {
    const property = schema.properties?.get(key);
    if (property !== undefined) applyDefaults(value[key], property);
    else if (schema.additionalProperties !== undefined) {
      if (isNonNullableNull(value[key], values) && values?.default !== undefined) value[key] = cloneJson(values.default);
      applyDefaults(value[key], values);
    }
  }
}

/** One step from an object to a value inside it: a property or map key, or a list item. */
type Step = { readonly key: string } | 'item';

/**
 * The schema with each default pruned as an object written with that default would be (kube's
 * PruneDefaults): the default is placed where it applies inside an otherwise empty object, the
 * object is pruned by the whole schema, and what remains is the default. Map values sit under the
 * key "*", list items in a one-item list. kube serves a version with its defaults so pruned.
 */
export function pruneDefaults(root: Structural): Structural {
  return pruneDefaultsAt(root, root, []);
}

function pruneDefaultsAt(root: Structural, schema: Structural, steps: readonly Step[]): Structural {
  let changed: { -readonly [K in keyof Structural]: Structural[K] } | undefined;
  const change = (): { -readonly [K in keyof Structural]: Structural[K] } => (changed ??= { ...schema });
  if (schema.default !== undefined) {
    const pruned = prunedDefault(root, schema.default, steps);
    if (pruned === undefined) delete change().default;
    else if (JSON.stringify(pruned) !== JSON.stringify(schema.default)) change().default = pruned;
  }
  const values = additionalPropertiesSchema(schema);
  if (values !== undefined) {
    const next = pruneDefaultsAt(root, values, [...steps, { key: '*' }]);
    if (next !== values) change().additionalProperties = next;
  }
  if (schema.items !== undefined) {
    const next = pruneDefaultsAt(root, schema.items, [...steps, 'item']);
    if (next !== schema.items) change().items = next;
  }
  if (schema.properties !== undefined) {
    let properties: Map<string, Structural> | undefined;
    for (const [name, property] of schema.properties) {
      const next = pruneDefaultsAt(root, property, [...steps, { key: name }]);
      if (next !== property) (properties ??= new Map(schema.properties)).set(name, next);
    }
    if (properties !== undefined) change().properties = properties;
  }
  return changed ?? schema;
}

/** A default as pruning an object holding it at `steps` leaves it; undefined when nothing is left. */
function prunedDefault(root: Structural, value: unknown, steps: readonly Step[]): unknown {
  let object: unknown = cloneJson(value);
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as Step;
    object = step === 'item' ? [object] : { [step.key]: object };
  }
  pruneUnknownFields(object, root, true);
  let found: unknown = object;
  for (const step of steps) {
    if (step === 'item') {
      if (!Array.isArray(found) || found.length === 0) return undefined;
      found = found[0];
    } else {
      if (!isJsonMap(found) || !Object.hasOwn(found, step.key)) return undefined;
      found = found[step.key];
    }
  }
  return found;
}
