// How kube-apiserver prints a CRD's internal values in a field error: encoding/json of the internal
// Go types (fields by their Go names, in declaration order, none left out; maps with sorted keys;
// <, > and & escaped). Used for the bad values that are whole versions or schemas.

import type { FieldBadValue } from '@capstan/common';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject } from '../../../registry/defaulting/json-fields.ts';
import type { InternalVersion } from './crd-internal.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON value as Go marshals an interface{} (map keys sorted). */
function sortedJson(value: unknown): Json {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (isObject(value)) {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) out[key] = sortedJson(value[key]);
    return out;
  }
  if (value === undefined) return null;
  return value as Json;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const bool = (value: unknown): boolean => value === true;
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const strPtr = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const list = <T>(value: unknown, each: (item: unknown) => T): T[] | null => (Array.isArray(value) ? value.map(each) : null);
const anyJson = (value: unknown): Json => (value === undefined ? null : sortedJson(value));

function schemaMap(value: unknown): { [key: string]: Json } | null {
  if (!isObject(value)) return null;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) out[key] = goSchema(value[key]);
  return out;
}

function schemaOrBool(value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return { Allows: value, Schema: null };
  return { Allows: true, Schema: goSchema(value) };
}

/** The internal JSONSchemaProps of a v1 schema. */
export function goSchema(value: unknown): Json {
  if (!isObject(value)) return null;
  const s = value;
  const items =
    s.items === undefined || s.items === null
      ? null
      : Array.isArray(s.items)
        ? { Schema: null, JSONSchemas: s.items.map(goSchema) }
        : { Schema: goSchema(s.items), JSONSchemas: null };
  const dependencies = isObject(s.dependencies)
    ? Object.fromEntries(
        Object.keys(s.dependencies)
          .sort()
          .map((key) => {
            const dependency = (s.dependencies as JsonObject)[key];
            return [key, Array.isArray(dependency) ? { Schema: null, Property: dependency.map(String) } : { Schema: goSchema(dependency), Property: null }];
          }),
      )
    : null;
  const docs = isObject(s.externalDocs) ? { Description: str(s.externalDocs.description), URL: str(s.externalDocs.url) } : null;
  const rules = list(s['x-kubernetes-validations'], (rule) => {
    const r = isObject(rule) ? rule : {};
    return {
      Rule: str(r.rule),
      Message: str(r.message),
      MessageExpression: str(r.messageExpression),
      Reason: strPtr(r.reason),
      FieldPath: str(r.fieldPath),
      OptionalOldSelf: typeof r.optionalOldSelf === 'boolean' ? r.optionalOldSelf : null,
    };
  });
  return {
    ID: str(s.id),
    Schema: str(s.$schema),
    Ref: strPtr(s.$ref),
    Description: str(s.description),
    Type: str(s.type),
    Nullable: bool(s.nullable),
    Format: str(s.format),
    Title: str(s.title),
    Default: anyJson(s.default),
    Maximum: num(s.maximum),
    ExclusiveMaximum: bool(s.exclusiveMaximum),
    Minimum: num(s.minimum),
    ExclusiveMinimum: bool(s.exclusiveMinimum),
    MaxLength: num(s.maxLength),
    MinLength: num(s.minLength),
    Pattern: str(s.pattern),
    MaxItems: num(s.maxItems),
    MinItems: num(s.minItems),
    UniqueItems: bool(s.uniqueItems),
    MultipleOf: num(s.multipleOf),
    Enum: list(s.enum, anyJson),
    MaxProperties: num(s.maxProperties),
    MinProperties: num(s.minProperties),
    Required: list(s.required, String),
    Items: items,
    AllOf: list(s.allOf, goSchema),
    OneOf: list(s.oneOf, goSchema),
    AnyOf: list(s.anyOf, goSchema),
    Not: goSchema(s.not),
    Properties: schemaMap(s.properties),
    AdditionalProperties: schemaOrBool(s.additionalProperties),
    PatternProperties: schemaMap(s.patternProperties),
    Dependencies: dependencies,
    AdditionalItems: schemaOrBool(s.additionalItems),
    Definitions: schemaMap(s.definitions),
    ExternalDocs: docs,
    Example: anyJson(s.example),
    XPreserveUnknownFields: typeof s['x-kubernetes-preserve-unknown-fields'] === 'boolean' ? s['x-kubernetes-preserve-unknown-fields'] : null,
    XEmbeddedResource: bool(s['x-kubernetes-embedded-resource']),
    XIntOrString: bool(s['x-kubernetes-int-or-string']),
    XListMapKeys: list(s['x-kubernetes-list-map-keys'], String),
    XListType: strPtr(s['x-kubernetes-list-type']),
    XMapType: strPtr(s['x-kubernetes-map-type']),
    XValidations: rules,
  };
}

function goSubresources(value: JsonObject | undefined): Json {
  if (value === undefined) return null;
  const scale = isObject(value.scale)
    ? { SpecReplicasPath: str(value.scale.specReplicasPath), StatusReplicasPath: str(value.scale.statusReplicasPath), LabelSelectorPath: strPtr(value.scale.labelSelectorPath) }
    : null;
  return { Status: isObject(value.status) ? {} : null, Scale: scale };
}

function goColumn(value: unknown): Json {
  const c = isObject(value) ? value : {};
  return { Name: str(c.name), Type: str(c.type), Format: str(c.format), Description: str(c.description), Priority: num(c.priority) ?? 0, JSONPath: str(c.jsonPath) };
}

function goVersion(version: InternalVersion): Json {
  return {
    Name: version.name,
    Served: version.served,
    Storage: version.storage,
    Deprecated: version.deprecated,
    DeprecationWarning: version.deprecationWarning ?? null,
    Schema: version.schema === undefined ? null : { OpenAPIV3Schema: goSchema(version.schema.openAPIV3Schema) },
    Subresources: goSubresources(version.subresources),
    AdditionalPrinterColumns: version.additionalPrinterColumns === undefined ? null : version.additionalPrinterColumns.map(goColumn),
    SelectableFields: version.selectableFields === undefined ? null : version.selectableFields.map((f) => ({ JSONPath: str(f.jsonPath) })),
  };
}

/** encoding/json's text: HTML characters and the JavaScript line separators escaped. */
function goMarshal(value: Json): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

/** A bad value printed as kube prints a non-scalar one: its JSON. */
export const goJsonValue = (value: unknown): FieldBadValue => ({ goSyntax: goMarshal(sortedJson(value)) });

export const goVersionsValue = (versions: readonly InternalVersion[]): FieldBadValue => ({ goSyntax: goMarshal(versions.map(goVersion)) });

export const goSchemaValue = (schema: unknown): FieldBadValue => ({ goSyntax: goMarshal(goSchema(schema)) });

/** A JSONSchemaPropsOrArray (a schema's items). */
export const goItemsValue = (items: unknown): FieldBadValue => ({
  goSyntax: goMarshal(Array.isArray(items) ? { Schema: null, JSONSchemas: items.map(goSchema) } : { Schema: goSchema(items), JSONSchemas: null }),
});

/** A []string, as JSON (null for nil). */
export const goStringsValue = (values: readonly string[] | undefined): FieldBadValue => ({ goSyntax: values === undefined ? 'null' : goMarshal([...values]) });
