// What Go's encoding/json says of a JSON value that does not fit a built-in kind's Go types (a
// number for a string, a string for an int32, an array for a map, 1.5 or 2^40 for an int32, text
// that is not base64 for a []byte): kube decodes every written body into the Go struct, refuses
// the first such value, and so never stores an object its clients cannot read back. The message is
// Go's: `json: cannot unmarshal <what> into Go struct field <Struct>.<path> of type <type>`, where
// Struct is the innermost struct and the path runs from the top through inline-embedded structs.

import { decodeGoStdBase64 } from '../codec/go-std-base64.ts';
import { isRawJSON } from '../json/raw-json.ts';
import { isJsonObject } from '../json/read-field.ts';
import { goNamedStringTypes } from './go-named-string-types.ts';
import type { FieldDeclaration, Schema, StructDeclaration, TypeLookup } from './schema.ts';

/** The first value of `object` Go cannot decode into the named struct, in Go's words; undefined when all fit. */
export function goJsonTypeError(object: Record<string, unknown>, typeName: string, lookup: TypeLookup): string | undefined {
  const declaration = lookup(typeName);
  if (declaration?.kind !== 'struct') return undefined;
  return checkStruct(object, declaration, '', lookup);
}

interface FieldContext {
  /** The Go struct the field belongs to, without its package ("ContainerPort"), and its schema name. */
  readonly struct: string;
  readonly owner: string;
  /** The JSON names from the top, dotted, with no list or map positions ("spec.containers.ports.containerPort"). */
  readonly path: string;
  /** Its Go named string type, if it is one ("v1.Protocol"). */
  readonly namedString: string | undefined;
  /** Whether the value is a map's value (a list there is a named type, ExtraValue). */
  readonly inMap?: boolean;
}

/**
 * The Go field names of inline-embedded structs (json:",inline"), by the struct and the Protobuf
 * number that embeds them: Go's decoder names them in the path ("spec.volumes.VolumeSource.hostPath").
 */
const embeddedGoFields: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'io.k8s.api.admissionregistration.v1.NamedRuleWithOperations': { '2': 'RuleWithOperations', '2,2': 'RuleWithOperations.Rule' },
  'io.k8s.api.admissionregistration.v1.RuleWithOperations': { '2': 'Rule' },
  'io.k8s.api.admissionregistration.v1beta1.NamedRuleWithOperations': { '2': 'RuleWithOperations', '2,2': 'RuleWithOperations.Rule' },
  'io.k8s.api.core.v1.EphemeralContainer': { '1': 'EphemeralContainerCommon' },
  'io.k8s.api.core.v1.ConfigMapEnvSource': { '1': 'LocalObjectReference' },
  'io.k8s.api.core.v1.SecretEnvSource': { '1': 'LocalObjectReference' },
  'io.k8s.api.core.v1.ConfigMapKeySelector': { '1': 'LocalObjectReference' },
  'io.k8s.api.core.v1.SecretKeySelector': { '1': 'LocalObjectReference' },
  'io.k8s.api.core.v1.ConfigMapVolumeSource': { '1': 'LocalObjectReference' },
  'io.k8s.api.core.v1.SecretProjection': { '1': 'LocalObjectReference' },
  'io.k8s.api.core.v1.ConfigMapProjection': { '1': 'LocalObjectReference' },
  'io.k8s.api.core.v1.Probe': { '1': 'ProbeHandler' },
  'io.k8s.api.core.v1.Volume': { '2': 'VolumeSource' },
  'io.k8s.api.core.v1.PersistentVolumeSpec': { '2': 'PersistentVolumeSource' },
  'io.k8s.api.networking.v1.IngressRule': { '2': 'IngressRuleValue' },
  'io.k8s.api.resource.v1.DeviceClassConfiguration': { '1': 'DeviceConfiguration' },
  'io.k8s.api.resource.v1.DeviceClaimConfiguration': { '2': 'DeviceConfiguration' },
  'io.k8s.api.resource.v1.DeviceAllocationConfiguration': { '3': 'DeviceConfiguration' },
};

/** "io.k8s.api.core.v1.ContainerPort" -> "v1.ContainerPort", as Go prints a named type. */
const goTypeName = (declarationName: string): string => declarationName.slice(declarationName.lastIndexOf('.', declarationName.lastIndexOf('.') - 1) + 1);
const structName = (declarationName: string): string => declarationName.slice(declarationName.lastIndexOf('.') + 1);

function checkStruct(object: Record<string, unknown>, declaration: StructDeclaration, path: string, lookup: TypeLookup): string | undefined {
  const named = goNamedStringTypes[declaration.name];
  const embedded = embeddedGoFields[declaration.name];
  for (const key of Object.keys(object)) {
    const field: FieldDeclaration | undefined = Object.hasOwn(declaration.fields, key) ? declaration.fields[key] : undefined;
    if (field === undefined) continue;
    const through = field.protobufEmbeddedIn === undefined ? undefined : embedded?.[String(field.protobufEmbeddedIn)];
    const fieldPath = [path, through, key].filter((part) => part !== undefined && part !== '').join('.');
    const error = checkValue(object[key], field.schema, { struct: structName(declaration.name), owner: declaration.name, path: fieldPath, namedString: named?.[key] }, lookup);
    if (error !== undefined) return error;
  }
  return undefined;
}

/** Go's name of a JSON value's kind, as UnmarshalTypeError words it. */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || isRawJSON(value)) return 'number';
  return typeof value === 'string' ? 'string' : 'object';
}

function mismatch(what: string, context: FieldContext, goType: string): string {
  return `json: cannot unmarshal ${what} into Go struct field ${context.struct}.${context.path} of type ${goType}`;
}

function checkValue(value: unknown, schema: Schema, context: FieldContext, lookup: TypeLookup): string | undefined {
  if (value === null) return undefined;
  switch (schema.type) {
    case 'string':
      if (schema.format === 'byte') {
        if (typeof value !== 'string') return mismatch(jsonKind(value), context, '[]uint8');
        const decoded = decodeGoStdBase64(Buffer.from(value, 'utf8'));
        return typeof decoded === 'string' ? decoded : undefined;
      }
      return typeof value === 'string' ? undefined : mismatch(jsonKind(value), context, context.namedString ?? 'string');
    case 'integer':
      return integerError(value, schema.format, context);
    case 'number':
      return typeof value === 'number' || isRawJSON(value) ? undefined : mismatch(jsonKind(value), context, 'float64');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : mismatch(jsonKind(value), context, 'bool');
    case 'object':
      return undefined;
    case 'list': {
      if (!Array.isArray(value)) return mismatch(jsonKind(value), context, goTypeOf(schema, context, lookup));
      for (const item of value) {
        const error = checkValue(item, schema.items, context, lookup);
        if (error !== undefined) return error;
      }
      return undefined;
    }
    case 'map': {
      if (!isJsonObject(value) || isRawJSON(value)) return mismatch(jsonKind(value), context, goTypeOf(schema, context, lookup));
      for (const key of Object.keys(value)) {
        const error = checkValue(value[key], schema.values, { ...context, inMap: true }, lookup);
        if (error !== undefined) return error;
      }
      return undefined;
    }
    case 'ref': {
      const target = lookup(schema.name);
      if (target === undefined) return undefined;
      if (target.kind === 'opaque') {
        // Time and MicroTime read a JSON string, IntOrString a string or an int32 (their own
        // UnmarshalJSON); the other opaque types (Quantity, RawExtension, FieldsV1) take what their
        // own readers take.
        if ((target.name.endsWith('.Time') || target.name.endsWith('.MicroTime')) && typeof value !== 'string') return mismatch(jsonKind(value), context, 'string');
        if (target.name.endsWith('.IntOrString') && typeof value !== 'string') return integerError(value, 'int32', context);
        // A CRD schema's dependencies: a schema, or a list of property names (strings).
        if (target.name.endsWith('.JSONSchemaPropsOrStringArray') && Array.isArray(value)) {
          const item = value.find((name) => name !== null && typeof name !== 'string');
          return item === undefined ? undefined : mismatch(jsonKind(item), context, 'string');
        }
        return undefined;
      }
      if (!isJsonObject(value) || isRawJSON(value)) return mismatch(jsonKind(value), context, goTypeName(target.name));
      return checkStruct(value, target, context.path, lookup);
    }
  }
}

const int32Range = 2 ** 31;

/** A JSON number Go can put in an int32 or int64: no fraction, no exponent, in range. */
function integerError(value: unknown, format: 'int32' | 'int64', context: FieldContext): string | undefined {
  if (isRawJSON(value)) {
    // Beyond 2^53: parseJson kept its digits; only an int64 may hold it, and only up to 2^63.
    const digits = JSON.stringify(value);
    return format === 'int64' && BigInt(digits) < 2n ** 63n && BigInt(digits) >= -(2n ** 63n) ? undefined : mismatch(`number ${digits}`, context, format);
  }
  if (typeof value !== 'number') return mismatch(jsonKind(value), context, format);
  if (!Number.isInteger(value) || (format === 'int32' && (value >= int32Range || value < -int32Range))) return mismatch(`number ${JSON.stringify(value)}`, context, format);
  return undefined;
}

/** A value's Go type as UnmarshalTypeError prints it. */
function goTypeOf(schema: Schema, context: FieldContext, lookup: TypeLookup): string {
  switch (schema.type) {
    case 'string':
      return schema.format === 'byte' ? '[]uint8' : (context.namedString ?? 'string');
    case 'integer':
      return schema.format;
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'object':
      return 'interface {}';
    case 'list':
      // A list of strings as a map's values is authentication's and authorization's ExtraValue.
      return context.inMap === true && schema.items.type === 'string' ? 'v1.ExtraValue' : `[]${goTypeOf(schema.items, context, lookup)}`;
    case 'map':
      // Maps of quantities: core's ResourceList (requests, limits, capacity, hard, ...), and
      // resource.k8s.io's capacities keyed by QualifiedName.
      if (schema.values.type === 'ref' && schema.values.name.endsWith('.Quantity'))
        return context.owner.startsWith('io.k8s.api.resource.') ? 'map[v1.QualifiedName]resource.Quantity' : 'v1.ResourceList';
      return `map[string]${goTypeOf(schema.values, { ...context, inMap: true }, lookup)}`;
    case 'ref':
      return goTypeName(schema.name);
  }
}
