// Unknown fields of an object, found through its declared type: what Go's decoding of a built-in
// kind drops, each named by its path as kube's strict decoding names it ("spec.containers[0].foo").

import { isJsonObject } from '../json/read-field.ts';
import type { Schema, TypeLookup } from './schema.ts';

/**
 * Removes, in place, every field of `object` that its type does not declare, and answers their
 * paths in document order. Values of opaque and free-form types are kept as they are, and so are
 * the undeclared fields of a struct that preserves them.
 */
export function dropUnknownFields(object: Record<string, unknown>, typeName: string, lookup: TypeLookup): string[] {
  const unknown: string[] = [];
  visit(object, { type: 'ref', name: typeName }, '', lookup, unknown);
  return unknown;
}

const isContainer = (value: unknown): boolean => value !== null && typeof value === 'object';

/** Whether values of a schema can hold fields at all: maps of strings (labels) are not read item by item. */
const mayHoldFields = (schema: Schema): boolean => schema.type === 'list' || schema.type === 'map' || schema.type === 'ref';

function visit(value: unknown, schema: Schema, path: string, lookup: TypeLookup, unknown: string[]): void {
  if (value === null || typeof value !== 'object') return;
  switch (schema.type) {
    // Only objects can hold unknown fields: a scalar item is not visited, nor its path written
    // (a map of 100,000 labels is not read at all).
    case 'list':
      if (Array.isArray(value) && mayHoldFields(schema.items)) value.forEach((item, i) => isContainer(item) && visit(item, schema.items, `${path}[${i}]`, lookup, unknown));
      return;
    case 'map':
      if (isJsonObject(value) && mayHoldFields(schema.values)) {
        for (const key of Object.keys(value)) if (isContainer(value[key])) visit(value[key], schema.values, `${path}[${key}]`, lookup, unknown);
      }
      return;
    case 'ref': {
      const declaration = lookup(schema.name);
      if (declaration?.kind !== 'struct' || !isJsonObject(value)) return;
      for (const key of Object.keys(value)) {
        const field = Object.hasOwn(declaration.fields, key) ? declaration.fields[key] : undefined;
        const fieldPath = path === '' ? key : `${path}.${key}`;
        if (field === undefined) {
          if (declaration.preservesUnknownFields === true) continue;
          unknown.push(fieldPath);
          delete value[key];
        } else visit(value[key], field.schema, fieldPath, lookup, unknown);
      }
      return;
    }
    default:
      return;
  }
}
