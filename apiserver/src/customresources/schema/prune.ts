// Pruning of a custom object by its structural schema (apiextensions-apiserver's
// schema/pruning, the coercion of embedded resources' ObjectMeta in schema/objectmeta, and the
// removal of nulls that neither a default nor nullable allows): the fields the schema does not
// declare are dropped on every write and named as kube names them for fieldValidation Warn and
// Strict (`unknown field "spec.foo"`, the wording of Capstan's built-in kinds).

import { byCodePoint, cloneJson, fieldInvalid, type FieldError } from '@capstan/common';
import { goTimeLayout, parseGoTime } from '@capstan/common/cel';
import type { TypeLookup } from '@capstan/common/schema';
import { builtinTypeLookup, loadSchemaModule } from '../../openapi/builtin-type-lookup.ts';
import { fieldErrorValue } from './value-formats.ts';
import { fieldSchemaOf, isJsonMap, type JsonMap, type Structural, withChanges } from './structural-schema.ts';

/** The fields every object's root keeps whatever its schema says; the ObjectMeta rules handle metadata. */
const typeAndObjectMetaFields: ReadonlySet<string> = new Set(['apiVersion', 'kind', 'metadata']);

/** The schema name of ObjectMeta in Capstan's built-in type declarations. */
export const objectMetaTypeName = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/**
 * What reading ObjectMeta needs of Capstan's built-in type declarations (loaded lazily: they are
 * large): the lookup by schema name and Go's decoding checks.
 */
export interface ObjectMetaTypes {
  readonly lookup: TypeLookup;
  readonly dropUnknownFields: typeof import('@capstan/common/schema').dropUnknownFields;
  readonly goJsonTypeError: typeof import('@capstan/common/schema').goJsonTypeError;
}

/** The built-in type declarations, loaded once. */
export async function objectMetaTypes(): Promise<ObjectMetaTypes> {
  const { dropUnknownFields, goJsonTypeError } = await loadSchemaModule();
  return { lookup: await builtinTypeLookup(), dropUnknownFields, goJsonTypeError };
}

/** kube's message for each pruned field (the Warning header text, and the strict decoding error's parts). */
export const unknownFieldMessages = (paths: readonly string[]): string[] => paths.map((path) => `unknown field ${JSON.stringify(path)}`);

const childPath = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);

/**
 * A root schema treated as an embedded resource (its apiVersion, kind and metadata are kept):
 * kube prunes an object's root so, with or without a schema.
 */
const asResourceRoot = (schema: Structural | undefined): Structural =>
  schema === undefined ? { embeddedResource: true } : schema.embeddedResource ? schema : withChanges(schema, { embeddedResource: true });

/**
 * Drops, in place, the fields of `value` its schema does not declare, keeping those under
 * x-kubernetes-preserve-unknown-fields and the apiVersion, kind and metadata of embedded resources
 * (and of the root when `isResourceRoot`). Answers the dropped fields' paths ("spec.foo",
 * "spec.items[0].bar"), sorted as kube sorts them.
 */
export function pruneUnknownFields(value: unknown, schema: Structural | undefined, isResourceRoot: boolean): string[] {
  const pruned: string[] = [];
  prune(value, isResourceRoot ? asResourceRoot(schema) : schema, '', pruned);
  return pruned.sort(byBytes);
}

/** Go's sort.Strings order: by UTF-8 bytes, which is code point order. */
const byBytes = (a: string, b: string): number => byCodePoint(a, b);

function prune(value: unknown, schema: Structural | undefined, path: string, pruned: string[]): void {
  if (schema?.preserveUnknownFields) {
    pruneDeclared(value, schema, path, pruned);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => prune(item, schema?.items, `${path}[${i}]`, pruned));
    return;
  }
  if (!isJsonMap(value)) return;
  if (schema === undefined) {
    for (const key of Object.keys(value)) {
      pruned.push(childPath(path, key));
      delete value[key];
    }
    return;
  }
  for (const key of Object.keys(value)) {
    if (schema.embeddedResource && typeAndObjectMetaFields.has(key)) continue;
    const field = fieldSchemaOf(schema, key);
    if (field.known) prune(value[key], field.schema, childPath(path, key), pruned);
    else {
      // A nested object's "metadata" that no schema declares is unknown; the root's is not.
      if (!typeAndObjectMetaFields.has(key) || path !== '') pruned.push(childPath(path, key));
      delete value[key];
    }
  }
}

/** Under x-kubernetes-preserve-unknown-fields: unknown fields stay, declared ones are pruned by their schemas. */
function pruneDeclared(value: unknown, schema: Structural, path: string, pruned: string[]): void {
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items !== undefined) value.forEach((item, i) => pruneDeclared(item, items, `${path}[${i}]`, pruned));
    return;
  }
  if (!isJsonMap(value)) return;
  for (const key of Object.keys(value)) {
    if (schema.embeddedResource && typeAndObjectMetaFields.has(key)) continue;
    const field = fieldSchemaOf(schema, key);
    if (field.known) prune(value[key], field.schema, childPath(path, key), pruned);
  }
}

/**
 * Drops, in place, the nulls of fields whose schema neither allows null (nullable) nor defaults
 * them (kube's PruneNonNullableNullsWithoutDefaults): Go's decoding into a typed field forgets
 * them, and custom objects behave alike.
 */
export function pruneNonNullableNulls(value: unknown, schema: Structural | undefined): void {
  if (Array.isArray(value)) {
    for (const item of value) pruneNonNullableNulls(item, schema?.items);
    return;
  }
  if (!isJsonMap(value)) return;
  for (const key of Object.keys(value)) {
    const field = schema === undefined ? undefined : fieldSchemaOf(schema, key).schema;
    if (value[key] === null && field !== undefined && !field.nullable && field.default === undefined) delete value[key];
    else pruneNonNullableNulls(value[key], field);
  }
}

/** The outcome of reading an object's metadata as kube's ObjectMeta. */
export interface ObjectMetaCoercion {
  /** The fields ObjectMeta lacks, with their paths ("metadata.foo", "spec.template.metadata.foo"). */
  readonly unknownFields: string[];
  /** The field error of a value Go cannot decode into ObjectMeta (a string for labels). */
  readonly error?: FieldError;
}

/**
 * Reads `object.metadata` as kube decodes it into ObjectMeta and writes it back in place: unknown
 * fields dropped, empty ones left out (ObjectMeta's fields are omitempty), times written in UTC
 * to the second, the zero creation timestamp removed. `path` is the object's own path ("" for the root). `types` is what
 * objectMetaTypes() loads.
 */
export function coerceObjectMeta(object: JsonMap, path: string, types: ObjectMetaTypes): ObjectMetaCoercion {
  if (!Object.hasOwn(object, 'metadata')) return { unknownFields: [] };
  const metadataPath = childPath(path, 'metadata');
  const metadata = object.metadata;
  if (!isJsonMap(metadata)) {
    if (metadata === null) {
      delete object.metadata;
      return { unknownFields: [] };
    }
    const why = `json: cannot unmarshal ${Array.isArray(metadata) ? 'array' : typeof metadata === 'boolean' ? 'bool' : typeof metadata} into Go value of type v1.ObjectMeta`;
    return { unknownFields: [], error: fieldInvalid(metadataPath, fieldErrorValue(metadata), why) };
  }
  const typeError = types.goJsonTypeError(metadata, objectMetaTypeName, types.lookup);
  if (typeError !== undefined) return { unknownFields: [], error: fieldInvalid(metadataPath, fieldErrorValue(metadata), typeError) };
  const copy = cloneJson(metadata);
  const unknownFields = types.dropUnknownFields(copy, objectMetaTypeName, types.lookup).map((field) => `${metadataPath}.${field}`);
  const written = withoutEmptyFields(copy);
  if ('error' in written) return { unknownFields, error: fieldInvalid(metadataPath, fieldErrorValue(metadata), written.error) };
  object.metadata = written.metadata;
  return { unknownFields };
}

const rfc3339 = goTimeLayout('2006-01-02T15:04:05Z07:00');

/** A metav1.Time as Go reads and writes it: parsed as RFC 3339, written in UTC to the second; Go's error text when it does not parse. */
function metaTimeOf(text: string): { time: string | undefined } | { error: string } {
  const parsed = parseGoTime(rfc3339, text);
  if (typeof parsed === 'function') return { error: parsed() };
  const written = new Date(Number(parsed.seconds) * 1000).toISOString();
  // The zero time (year 1) is no time: ObjectMeta leaves it out.
  return { time: written.startsWith('0001-01-01T00:00:00') ? undefined : `${written.slice(0, 19)}Z` };
}

/** The ObjectMeta fields Go holds by pointer: their zero values are kept, only null leaves them out. */
const pointerFields: ReadonlySet<string> = new Set(['deletionGracePeriodSeconds']);
const timeFields: ReadonlySet<string> = new Set(['creationTimestamp', 'deletionTimestamp']);

/**
 * ObjectMeta written back from Go: its omitempty fields left out when empty, null map and list
 * values read as "", times in UTC to the second. Go's error text for a time that does not parse.
 */
function withoutEmptyFields(metadata: JsonMap): { metadata: JsonMap } | { error: string } {
  const out: JsonMap = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (value === null) continue;
    if (pointerFields.has(key)) {
      out[key] = value;
      continue;
    }
    if (timeFields.has(key) && typeof value === 'string') {
      const time = metaTimeOf(value);
      if ('error' in time) return time;
      if (time.time !== undefined) out[key] = time.time;
      continue;
    }
    if (value === '' || value === 0 || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (isJsonMap(value)) {
      if (Object.keys(value).length === 0) continue;
      if (key === 'labels' || key === 'annotations') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, text]) => [name, text ?? '']));
        continue;
      }
    }
    if (key === 'finalizers' && Array.isArray(value)) {
      out[key] = value.map((item) => item ?? '');
      continue;
    }
    out[key] = value;
  }
  return { metadata: out };
}

/** The outcome of coercing a custom object's embedded resources. */
export interface EmbeddedCoercion {
  readonly unknownFields: string[];
  readonly error?: FieldError;
}

/**
 * The embedded resources (x-kubernetes-embedded-resource) of `value`, coerced in place as kube's
 * objectmeta.Coerce does on a write: apiVersion and kind must be strings, metadata is read as
 * ObjectMeta (unknown fields dropped and named, sorted). Stops at the first error, as kube does.
 */
export function coerceEmbeddedResources(value: unknown, schema: Structural | undefined, types: ObjectMetaTypes): EmbeddedCoercion {
  const unknownFields: string[] = [];
  const error = coerce(value, schema, '', types, unknownFields);
  unknownFields.sort(byBytes);
  return error === undefined ? { unknownFields } : { unknownFields, error };
}

function coerce(value: unknown, schema: Structural | undefined, path: string, types: ObjectMetaTypes, unknownFields: string[]): FieldError | undefined {
  if (schema === undefined) return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const error = coerce(item, schema.items, `${path}[${i}]`, types, unknownFields);
      if (error !== undefined) return error;
    }
    return undefined;
  }
  if (!isJsonMap(value)) return undefined;
  if (schema.embeddedResource) {
    for (const key of ['apiVersion', 'kind']) {
      if (Object.hasOwn(value, key) && typeof value[key] !== 'string') return fieldInvalid(childPath(path, key), fieldErrorValue(value[key]), 'must be a string');
    }
    const meta = coerceObjectMeta(value, path, types);
    unknownFields.push(...meta.unknownFields);
    if (meta.error !== undefined) return meta.error;
  }
  for (const key of Object.keys(value)) {
    const field = fieldSchemaOf(schema, key);
    if (!field.known) continue;
    const error = coerce(value[key], field.schema, childPath(path, key), types, unknownFields);
    if (error !== undefined) return error;
  }
  return undefined;
}

/** What a write's decoding does to a custom object before defaulting (kube's unstructuredSchemaCoercer). */
export interface CustomObjectCoercion {
  /** The unknown fields dropped, in kube's order: the root metadata's, the schema's (sorted), the embedded resources' (sorted). */
  readonly unknownFields: string[];
  readonly error?: FieldError;
}

/**
 * A written custom object made to fit its schema, in place, as kube-apiserver's decoding of a
 * custom resource does: the root metadata read as ObjectMeta, unknown fields pruned (unless the
 * CRD keeps them: spec.preserveUnknownFields of a v1beta1-era CRD), nulls the schema forbids
 * dropped, embedded resources coerced. The unknown fields are for fieldValidation Warn and Strict
 * (unknownFieldMessages words them).
 */
export function coerceCustomObject(object: JsonMap, schema: Structural | undefined, types: ObjectMetaTypes, preserveUnknownFields = false): CustomObjectCoercion {
  const root = coerceObjectMeta(object, '', types);
  if (root.error !== undefined) return { unknownFields: root.unknownFields, error: root.error };
  const unknownFields = [...root.unknownFields];
  if (!preserveUnknownFields) {
    unknownFields.push(...pruneUnknownFields(object, schema, true));
    pruneNonNullableNulls(object, schema);
  }
  const embedded = coerceEmbeddedResources(object, schema, types);
  unknownFields.push(...embedded.unknownFields);
  return embedded.error === undefined ? { unknownFields } : { unknownFields, error: embedded.error };
}
