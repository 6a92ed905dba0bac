// Structural schemas (kube's pkg/apiserver/schema): whether a CRD's OpenAPI v3 schema can be
// read as one (NewStructural's error, shown only when nothing else is wrong), and the rules a
// structural schema follows (ValidateStructural): every specified field typed (or
// x-kubernetes-preserve-unknown-fields / x-kubernetes-int-or-string), an object at the root with
// no additionalProperties there, arrays with items, embedded resources as objects, the
// int-or-string anyOf patterns, value validations (allOf, anyOf, oneOf, not) that only restrict
// what the structural part declares and declare no types, defaults, descriptions or extensions of
// their own, kind and apiVersion strings, and metadata that restricts at most name and
// generateName at the root and is not mentioned in a nested context. Works on the v1 JSON.

import { fieldErrorMessage, fieldForbidden, fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import { compileRegex, RegexSyntaxError } from '@capstan/common/cel';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf } from '../../../registry/defaulting/json-fields.ts';

type Level = 'root' | 'item' | 'field';

const key = (path: string, name: string) => `${path}[${name}]`;
const propertiesOf = (schema: JsonObject): [string, JsonObject][] =>
  isObject(schema.properties)
    ? Object.keys(schema.properties)
        .sort()
        .map((name) => [name, (schema.properties as JsonObject)[name] as JsonObject])
    : [];
const schemasAt = (schema: JsonObject, name: string): JsonObject[] => (Array.isArray(schema[name]) ? (schema[name] as unknown[]).map((s) => (isObject(s) ? s : {})) : []);
const isTrue = (schema: JsonObject, name: string) => schema[name] === true;
const nonEmptyObject = (value: unknown) => isObject(value) && Object.keys(value).length > 0;
const present = (value: unknown) => value !== undefined && value !== null;

/** NewStructural's refusal of a schema, if it refuses it (its first reason). */
export function structuralConversionError(schema: JsonObject): string | undefined {
  if (stringOf(schema.id) !== '') return "OpenAPIV3Schema 'id' is not supported";
  if (stringOf(schema.$schema) !== '') return "OpenAPIV3Schema 'schema' is not supported";
  if (stringOf(schema.$ref) !== '') return "OpenAPIV3Schema '$ref' is not supported";
  if (nonEmptyObject(schema.patternProperties)) return "OpenAPIV3Schema 'patternProperties' is not supported";
  if (nonEmptyObject(schema.dependencies)) return "OpenAPIV3Schema 'dependencies' is not supported";
  if (present(schema.additionalItems)) return "OpenAPIV3Schema 'additionalItems' is not supported";
  if (nonEmptyObject(schema.definitions)) return "OpenAPIV3Schema 'definitions' is not supported";
  for (const nested of [...(isObject(schema.not) ? [schema.not] : []), ...schemasAt(schema, 'allOf'), ...schemasAt(schema, 'anyOf'), ...schemasAt(schema, 'oneOf')]) {
    const error = structuralConversionError(nested);
    if (error !== undefined) return error;
  }
  if (schema['x-kubernetes-preserve-unknown-fields'] === false) return "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined";
  if (Array.isArray(schema.items) && schema.items.length > 0) return "OpenAPIV3Schema 'items' must be a schema, but is an array";
  const children = [
    ...(isObject(schema.items) ? [schema.items] : []),
    ...propertiesOf(schema).map(([, s]) => s),
    ...(isObject(schema.additionalProperties) ? [schema.additionalProperties] : []),
  ];
  for (const child of children) {
    const error = structuralConversionError(child);
    if (error !== undefined) return error;
  }
  return undefined;
}

/** The structural items of a schema (an items list is not structural). */
const itemsOf = (schema: JsonObject): JsonObject | undefined => (isObject(schema.items) ? schema.items : undefined);

function isIntOrStringAnyOf(anyOf: unknown): boolean {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return false;
  const only = (value: unknown, type: string) => isObject(value) && Object.keys(value).length === 1 && value.type === type;
  return only(anyOf[0], 'integer') && only(anyOf[1], 'string');
}

const allOfStartsWithIntOrString = (schema: JsonObject): boolean => {
  const first = schemasAt(schema, 'allOf')[0];
  return first !== undefined && isIntOrStringAnyOf(first.anyOf);
};

/** Value validations (the junctors and pattern) of a schema at `path`. */
function valueValidationErrors(schema: JsonObject, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!skipAnyOf) schemasAt(schema, 'anyOf').forEach((nested, i) => errors.push(...nestedErrors(nested, false, `${path}.anyOf[${i}]`)));
  schemasAt(schema, 'allOf').forEach((nested, i) => errors.push(...nestedErrors(nested, skipFirstAllOfAnyOf && i === 0, `${path}.allOf[${i}]`)));
  schemasAt(schema, 'oneOf').forEach((nested, i) => errors.push(...nestedErrors(nested, false, `${path}.oneOf[${i}]`)));
  if (isObject(schema.not)) errors.push(...nestedErrors(schema.not, false, `${path}.not`));
  const pattern = stringOf(schema.pattern);
  if (pattern !== '') {
    // RE2, as Go's regexp parses it (with its error texts).
    const compiled = compileRegex(pattern);
    if (compiled instanceof RegexSyntaxError) errors.push(fieldInvalid(`${path}.pattern`, pattern, `must be a valid regular expression, but isn't: ${compiled.message}`));
  }
  return errors;
}

/** A schema under allOf, anyOf, oneOf or not: it may only restrict, not declare. */
function nestedErrors(schema: JsonObject, skipAnyOf: boolean, path: string): FieldError[] {
  const errors = valueValidationErrors(schema, skipAnyOf, false, path);
  const items = itemsOf(schema);
  if (items !== undefined) errors.push(...nestedErrors(items, false, `${path}.items`));
  for (const [name, property] of propertiesOf(schema)) errors.push(...nestedErrors(property, false, key(`${path}.properties`, name)));
  if (stringOf(schema.type) !== '') errors.push(fieldForbidden(`${path}.type`, 'must be empty to be structural'));
  if (isObject(schema.additionalProperties) || schema.additionalProperties === true)
    errors.push(fieldForbidden(`${path}.additionalProperties`, 'must be undefined to be structural'));
  if (present(schema.default)) errors.push(fieldForbidden(`${path}.default`, 'must be undefined to be structural'));
  if (stringOf(schema.title) !== '') errors.push(fieldForbidden(`${path}.title`, 'must be empty to be structural'));
  if (stringOf(schema.description) !== '') errors.push(fieldForbidden(`${path}.description`, 'must be empty to be structural'));
  if (isTrue(schema, 'nullable')) errors.push(fieldForbidden(`${path}.nullable`, 'must be false to be structural'));
  if (isTrue(schema, 'x-kubernetes-preserve-unknown-fields')) errors.push(fieldForbidden(`${path}.x-kubernetes-preserve-unknown-fields`, 'must be false to be structural'));
  if (isTrue(schema, 'x-kubernetes-embedded-resource')) errors.push(fieldForbidden(`${path}.x-kubernetes-embedded-resource`, 'must be false to be structural'));
  if (isTrue(schema, 'x-kubernetes-int-or-string')) errors.push(fieldForbidden(`${path}.x-kubernetes-int-or-string`, 'must be false to be structural'));
  if (schemasAt(schema, 'x-kubernetes-list-map-keys').length > 0) errors.push(fieldForbidden(`${path}.x-kubernetes-list-map-keys`, 'must be empty to be structural'));
  if (present(schema['x-kubernetes-list-type'])) errors.push(fieldForbidden(`${path}.x-kubernetes-list-type`, 'must be undefined to be structural'));
  if (present(schema['x-kubernetes-map-type'])) errors.push(fieldForbidden(`${path}.x-kubernetes-map-type`, 'must be undefined to be structural'));
  if (schemasAt(schema, 'x-kubernetes-validations').length > 0) errors.push(fieldForbidden(`${path}.x-kubernetes-validations`, 'must be empty to be structural'));
  if (isObject(schema.properties) && 'metadata' in schema.properties)
    errors.push(fieldForbidden(key(`${path}.properties`, 'metadata'), 'must not be specified in a nested context'));
  return errors;
}

/** What a root metadata schema may say: a type and default (ignored), and properties name and generateName. */
function rootMetadataRestricts(schema: JsonObject): boolean {
  for (const [name, value] of Object.entries(schema)) {
    if (name === 'type' || name === 'default') continue;
    if (name === 'properties') {
      const names = isObject(value) ? Object.keys(value) : [];
      if (names.some((n) => n !== 'name' && n !== 'generateName')) return true;
      continue;
    }
    // Zero values (and empty junctor or enum lists, which the structural form drops) say nothing.
    if (value === null || value === false || value === '') continue;
    if (Array.isArray(value) && value.length === 0 && ['enum', 'allOf', 'anyOf', 'oneOf'].includes(name)) continue;
    return true;
  }
  return false;
}

function metadataErrors(schema: JsonObject, checkMetadata: boolean, level: Level, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const type = stringOf(schema.type);
  if (checkMetadata && type !== 'object') errors.push(fieldInvalid(`${path}.type`, type, 'must be object'));
  if (level === 'root' && rootMetadataRestricts(schema)) {
    errors.push(fieldForbidden(path, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  }
  return errors;
}

function invariantErrors(schema: JsonObject, level: Level, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const type = stringOf(schema.type);
  const items = itemsOf(schema);
  if (type === 'array' && items === undefined) errors.push(fieldRequired(`${path}.items`, 'must be specified'));
  if (items !== undefined) errors.push(...invariantErrors(items, 'item', `${path}.items`));
  const properties = propertiesOf(schema);
  for (const [name, property] of properties) errors.push(...invariantErrors(property, 'field', key(`${path}.properties`, name)));
  const additional = schema.additionalProperties;
  if (present(additional)) {
    if (level === 'root') errors.push(fieldForbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    if (isObject(additional)) errors.push(...invariantErrors(additional, 'field', `${path}.additionalProperties`));
  }
  const intOrString = isTrue(schema, 'x-kubernetes-int-or-string');
  const preserveUnknown = isTrue(schema, 'x-kubernetes-preserve-unknown-fields');
  const embedded = isTrue(schema, 'x-kubernetes-embedded-resource');
  if (intOrString && preserveUnknown) errors.push(fieldInvalid(`${path}.x-kubernetes-preserve-unknown-fields`, true, 'must be false if x-kubernetes-int-or-string is true'));
  if (intOrString && embedded) errors.push(fieldInvalid(`${path}.x-kubernetes-embedded-resource`, true, 'must be false if x-kubernetes-int-or-string is true'));
  errors.push(...valueValidationErrors(schema, isIntOrStringAnyOf(schema.anyOf), allOfStartsWithIntOrString(schema), path));
  const checkMetadata = level === 'root' || embedded;
  if (embedded && type !== 'object') {
    if (type === '') errors.push(fieldRequired(`${path}.type`, 'must be object if x-kubernetes-embedded-resource is true'));
    else errors.push(fieldInvalid(`${path}.type`, type, 'must be object if x-kubernetes-embedded-resource is true'));
  } else if (type === '' && !intOrString && !preserveUnknown) {
    const where = { root: 'at the root', item: 'for specified array items', field: 'for specified object fields' }[level];
    errors.push(fieldRequired(`${path}.type`, `must not be empty ${where}`));
  }
  if (embedded && present(additional)) errors.push(fieldForbidden(`${path}.additionalProperties`, 'must not be used if x-kubernetes-embedded-resource is set'));
  if (level === 'root' && type !== '' && type !== 'object') errors.push(fieldInvalid(`${path}.type`, type, 'must be object at the root'));
  const byName = new Map(properties);
  for (const meta of ['kind', 'apiVersion']) {
    const property = byName.get(meta);
    if (property !== undefined && checkMetadata && stringOf(property.type) !== 'string') {
      errors.push(fieldInvalid(`${key(`${path}.properties`, meta)}.type`, stringOf(property.type), 'must be string'));
    }
  }
  const metadata = byName.get('metadata');
  if (metadata !== undefined) errors.push(...metadataErrors(metadata, checkMetadata, level, key(`${path}.properties`, 'metadata')));
  if (embedded && !preserveUnknown && properties.length === 0) {
    errors.push(fieldRequired(`${path}.properties`, 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
  return errors;
}

/** Every property or item a value validation restricts is declared in the structural part too. */
function completenessErrors(nested: JsonObject, structural: JsonObject | undefined, sPath: string, vPath: string): FieldError[] {
  if (structural === undefined) return [fieldRequired(sPath, `because it is defined in ${vPath}`)];
  const errors = junctorCompletenessErrors(nested, structural, sPath, vPath);
  const items = itemsOf(nested);
  if (items !== undefined) errors.push(...completenessErrors(items, itemsOf(structural), `${sPath}.items`, `${vPath}.items`));
  const declared = new Map(propertiesOf(structural));
  for (const [name, property] of propertiesOf(nested)) {
    const counterpart = declared.get(name);
    if (counterpart === undefined) errors.push(fieldRequired(key(`${sPath}.properties`, name), `because it is defined in ${key(`${vPath}.properties`, name)}`));
    else errors.push(...completenessErrors(property, counterpart, key(`${sPath}.properties`, name), key(`${vPath}.properties`, name)));
  }
  return errors;
}

function junctorCompletenessErrors(schema: JsonObject, structural: JsonObject, sPath: string, vPath: string): FieldError[] {
  const errors: FieldError[] = [];
  if (isObject(schema.not)) errors.push(...completenessErrors(schema.not, structural, sPath, `${vPath}.not`));
  for (const junctor of ['allOf', 'anyOf', 'oneOf'] as const) {
    schemasAt(schema, junctor).forEach((nested, i) => errors.push(...completenessErrors(nested, structural, sPath, `${vPath}.${junctor}[${i}]`)));
  }
  return errors;
}

/** ValidateStructural: the errors, sorted by their text as kube sorts them. */
export function structuralSchemaErrors(schema: JsonObject, path: string): FieldError[] {
  const errors = [...invariantErrors(schema, 'root', path), ...junctorCompletenessErrors(schema, schema, path, path)];
  const texts = new Map(errors.map((error) => [error, fieldErrorMessage(error)]));
  return errors.sort((a, b) => {
    const [x, y] = [texts.get(a) as string, texts.get(b) as string];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
