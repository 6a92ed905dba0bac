// The structural schema of a CustomResourceDefinition version (apiextensions-apiserver's
// schema.Structural): what pruning, defaulting and value validation read of the version's
// openAPIV3Schema, given as the JSON of apiextensions.k8s.io/v1 JSONSchemaProps.

import { isRawJSON } from '@capstan/common';

/**
 * One node of a structural schema. The nested value validations of allOf, anyOf, oneOf and not are
 * nodes too (kube's NestedValueValidation): structural schemas keep types, defaults and
 * extensions out of them, so only their value validations and the shapes below them are read.
 */
export interface Structural {
  readonly type?: string;
  readonly nullable?: boolean;
  /** The default value; undefined when the schema sets none. */
  readonly default?: unknown;
  readonly properties?: ReadonlyMap<string, Structural>;
  readonly items?: Structural;
  /**
   * Present when the schema sets additionalProperties: a schema, or `true` / `false` alone
   * (kube's StructuralOrBool: present even without a schema, so unknown keys are kept as map keys).
   */
  readonly additionalProperties?: Structural | boolean;
  readonly preserveUnknownFields?: boolean;
  readonly embeddedResource?: boolean;
  readonly intOrString?: boolean;
  readonly listType?: string;
  readonly listMapKeys?: readonly string[];
  readonly mapType?: string;
  /** x-kubernetes-validations, kept for the CEL rules (not read here). */
  readonly validations?: readonly unknown[];

  // The value validations (kube's ValueValidation).
  /** Left out when kube strips it: a format kube does not support validates nothing. */
  readonly format?: string;
  readonly maximum?: number;
  readonly exclusiveMaximum?: boolean;
  readonly minimum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly maxItems?: number;
  readonly minItems?: number;
  readonly uniqueItems?: boolean;
  readonly multipleOf?: number;
  readonly enum?: readonly unknown[];
  readonly maxProperties?: number;
  readonly minProperties?: number;
  readonly required?: readonly string[];
  readonly allOf?: readonly Structural[];
  readonly anyOf?: readonly Structural[];
  readonly oneOf?: readonly Structural[];
  readonly not?: Structural;
}

/**
 * The formats kube-apiserver 1.35 validates custom objects by (apiextensions' supported formats
 * at its compatibility version, 1.34 and later adding k8s-short-name and k8s-long-name), named as
 * go-openapi normalizes them: without dashes. Any other format is stripped from the schema
 * before validation, so it checks nothing (not even the value's type).
 */
export const supportedFormats: ReadonlySet<string> = new Set([
  'bsonobjectid',
  'uri',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'cidr',
  'mac',
  'uuid',
  'uuid3',
  'uuid4',
  'uuid5',
  'isbn',
  'isbn10',
  'isbn13',
  'creditcard',
  'ssn',
  'hexcolor',
  'rgbcolor',
  'byte',
  'password',
  'date',
  'duration',
  'datetime',
  'k8sshortname',
  'k8slongname',
]);

/** A format's name as go-openapi's registry looks it up ("date-time" is "datetime"). */
export const normalizedFormat = (format: string): string => format.replaceAll('-', '');

/** The schema is not structural in a way the conversion cannot carry (kube's NewStructural errors). */
export class NotStructuralError extends Error {}

/** JSONSchemaProps fields a structural schema cannot hold (kube's validateUnsupportedFields). */
const unsupportedFields = ['$ref', 'patternProperties', 'dependencies', 'additionalItems', 'definitions', 'id', '$schema'];

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const numberField = (schema: Json, key: string): number | undefined => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);

const stringsField = (schema: Json, key: string): string[] | undefined =>
  Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter((item): item is string => typeof item === 'string') : undefined;

/**
 * The structural schema of an openAPIV3Schema (kube's NewStructural, with the unsupported formats
 * stripped as the value validator strips them). Throws NotStructuralError for a field structural
 * schemas cannot have; the CRD's own validation refuses such schemas before they are served.
 */
export function structuralOf(schema: unknown): Structural {
  if (!isObject(schema)) throw new NotStructuralError('OpenAPIV3Schema must be an object');
  return convert(schema, 'openAPIV3Schema');
}

function convert(schema: Json, path: string): Structural {
  for (const field of unsupportedFields) {
    if (schema[field] !== undefined) throw new NotStructuralError(`${path}.${field}: not supported in structural schemas`);
  }
  const node: { -readonly [K in keyof Structural]: Structural[K] } = {};
  if (typeof schema.type === 'string' && schema.type !== '') node.type = schema.type;
  if (schema.nullable === true) node.nullable = true;
  // A default of JSON null is no default (kube holds it as a nil interface).
  if (schema.default !== undefined && schema.default !== null) node.default = schema.default;
  if (schema['x-kubernetes-preserve-unknown-fields'] === true) node.preserveUnknownFields = true;
  if (schema['x-kubernetes-embedded-resource'] === true) node.embeddedResource = true;
  if (schema['x-kubernetes-int-or-string'] === true) node.intOrString = true;
  if (typeof schema['x-kubernetes-list-type'] === 'string') node.listType = schema['x-kubernetes-list-type'];
  const mapKeys = stringsField(schema, 'x-kubernetes-list-map-keys');
  if (mapKeys !== undefined && mapKeys.length > 0) node.listMapKeys = mapKeys;
  if (typeof schema['x-kubernetes-map-type'] === 'string') node.mapType = schema['x-kubernetes-map-type'];
  if (Array.isArray(schema['x-kubernetes-validations'])) node.validations = schema['x-kubernetes-validations'];

  if (typeof schema.format === 'string' && supportedFormats.has(normalizedFormat(schema.format))) node.format = schema.format;
  node.maximum = numberField(schema, 'maximum');
  if (schema.exclusiveMaximum === true) node.exclusiveMaximum = true;
  node.minimum = numberField(schema, 'minimum');
  if (schema.exclusiveMinimum === true) node.exclusiveMinimum = true;
  node.maxLength = numberField(schema, 'maxLength');
  node.minLength = numberField(schema, 'minLength');
  if (typeof schema.pattern === 'string' && schema.pattern !== '') node.pattern = schema.pattern;
  node.maxItems = numberField(schema, 'maxItems');
  node.minItems = numberField(schema, 'minItems');
  if (schema.uniqueItems === true) node.uniqueItems = true;
  node.multipleOf = numberField(schema, 'multipleOf');
  if (Array.isArray(schema.enum) && schema.enum.length > 0) node.enum = schema.enum;
  node.maxProperties = numberField(schema, 'maxProperties');
  node.minProperties = numberField(schema, 'minProperties');
  const required = stringsField(schema, 'required');
  if (required !== undefined && required.length > 0) node.required = required;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const clauses = schema[key];
    if (Array.isArray(clauses) && clauses.length > 0) node[key] = clauses.map((clause, i) => convert(isObject(clause) ? clause : {}, `${path}.${key}[${i}]`));
  }
  if (isObject(schema.not)) node.not = convert(schema.not, `${path}.not`);

  if (schema.items !== undefined && schema.items !== null) {
    if (!isObject(schema.items)) throw new NotStructuralError(`OpenAPIV3Schema 'items' must be a schema, but is an array`);
    node.items = convert(schema.items, `${path}.items`);
  }
  if (isObject(schema.properties)) {
    const properties = new Map<string, Structural>();
    for (const [name, property] of Object.entries(schema.properties)) properties.set(name, convert(isObject(property) ? property : {}, `${path}.properties[${name}]`));
    if (properties.size > 0) node.properties = properties;
  }
  if (typeof schema.additionalProperties === 'boolean') node.additionalProperties = schema.additionalProperties;
  else if (isObject(schema.additionalProperties)) node.additionalProperties = convert(schema.additionalProperties, `${path}.additionalProperties`);

  for (const key of Object.keys(node) as (keyof Structural)[]) if (node[key] === undefined) delete node[key];
  return node;
}

/** The schema of the values of a map's unknown keys, if it has one. */
export const additionalPropertiesSchema = (schema: Structural | undefined): Structural | undefined =>
  typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;

/**
 * The schema a key of an object is read by: its property, else the additionalProperties schema.
 * `known` is false for a key neither declares.
 */
export function fieldSchemaOf(schema: Structural, key: string): { known: boolean; schema: Structural | undefined } {
  const property = schema.properties?.get(key);
  if (property !== undefined) return { known: true, schema: property };
  if (schema.additionalProperties !== undefined) return { known: true, schema: additionalPropertiesSchema(schema) };
  return { known: false, schema: undefined };
}

/** A copy of a schema with some fields changed. */
export const withChanges = (schema: Structural, changes: Partial<Structural>): Structural => ({ ...schema, ...changes });

/** The JSON object type the library works on: a decoded custom object or a part of one. */
export type JsonMap = Record<string, unknown>;

export const isJsonMap = (value: unknown): value is JsonMap => value !== null && typeof value === 'object' && !Array.isArray(value) && !isRawNumber(value);

/** Integers beyond 2^53 arrive from Capstan's JSON decoding as raw JSON text (JSON.rawJSON). */
export const isRawNumber = (value: unknown): boolean => value !== null && typeof value === 'object' && isRawJSON(value);
