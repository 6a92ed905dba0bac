// The static types of CEL as the checker reasons about them: primitives, dyn, list(T), map(K, V),
// optional_type(T), type(T), type parameters, opaque library types, and object types with named
// fields (Kubernetes' DeclType, the type of an object in a schema). Types built from a schema also
// carry what the schema says about the size of their values, for the cost estimator.

import { celReservedWords } from './property-names.ts';

/** Kubernetes' size facts of a schema type (DeclType.MaxElements and MinSerializedSize). */
export interface SchemaSizes {
  /**
   * The most elements a value may hold: bytes of a string (4 per code point of maxLength), items of
   * a list, entries of a map; estimated from the request size limit when the schema sets no maximum.
   * 0 for types whose values have no size (numbers, booleans, objects).
   */
  readonly maxElements: number;
  /** The fewest bytes a value takes in JSON ("" is 2, {} is 2, 0 is 1, true is 4). */
  readonly minSerializedSize: number;
}

/** What the schema a type was built from said, beyond the type itself. */
interface FromSchema {
  readonly sizes?: SchemaSizes;
  /** The schema allowed null (nullable: true). */
  readonly nullable?: boolean;
}

export type PrimitiveTypeKind = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'null_type' | 'timestamp' | 'duration';

export interface PrimitiveType extends FromSchema {
  readonly kind: PrimitiveTypeKind;
}

/** dyn: checked at run time; `any` is google.protobuf.Any, which behaves alike for the checker. */
export interface DynType extends FromSchema {
  readonly kind: 'dyn' | 'any';
}

/** The type of an expression the checker could not type (printed `!error!` in its messages). */
export interface ErrorType {
  readonly kind: 'error';
}

/**
 * x-kubernetes-list-type: atomic lists compare in order and `+` concatenates; sets and maps
 * compare ignoring order, and `+` is a union (set) or a merge by the map keys, right-hand side
 * winning (map).
 */
export type ListType = 'atomic' | 'set' | 'map';

export interface ListCelType extends FromSchema {
  readonly kind: 'list';
  readonly elem: CelType;
  readonly listType?: ListType;
  /** x-kubernetes-list-map-keys, for listType map. */
  readonly listMapKeys?: readonly string[];
}

export interface MapCelType extends FromSchema {
  readonly kind: 'map';
  readonly key: CelType;
  readonly value: CelType;
}

/** A field of an object type: reached by its escaped name, declared under its schema name. */
export interface DeclField {
  /** The CEL identifier (see escapePropertyName). */
  readonly name: string;
  /** The property name in the schema. */
  readonly propertyName: string;
  readonly type: CelType;
  readonly required: boolean;
  /** The schema's enum values, as JSON. */
  readonly enum?: readonly unknown[];
  /** The schema's default, as JSON. */
  readonly default?: unknown;
}

/**
 * A type with named fields: an object of a schema (named "object" until assignTypeNames gives it a
 * name from its place in the schema), or a library type whose values only have functions
 * (kubernetes.Quantity, kubernetes.URL, ...), which has no fields.
 */
export interface ObjectCelType extends FromSchema {
  readonly kind: 'object';
  readonly name: string;
  /** By escaped name. */
  readonly fields: ReadonlyMap<string, DeclField>;
  /**
   * A library's value type (kubernetes.Quantity, ...), which Kubernetes registers with no type
   * provider: the checker cannot resolve a field selection on it at all.
   */
  readonly unresolvable?: boolean;
  /**
   * The type of any field not in `fields`, for types that accept every field name: dyn for
   * Kubernetes' dynamic mutation types (Object, Object.spec, ...), untypedFieldType for JSONPatch.
   */
  readonly otherFields?: CelType;
}

/** optional_type(T), the type of optional.of(x), `a.?b` and `m[?k]`. */
export interface OptionalCelType {
  readonly kind: 'optional';
  readonly value: CelType;
}

/** type(T), the type of a type value; `type` alone when T is not known. */
export interface TypeCelType {
  readonly kind: 'type';
  readonly type?: CelType;
}

/** A named type without fields, optionally parameterized (net.IP, net.CIDR). */
export interface OpaqueCelType {
  readonly kind: 'opaque';
  readonly name: string;
  readonly params: readonly CelType[];
}

/** A type variable of an overload signature (A, K, V), bound while checking a call. */
export interface TypeParamCelType {
  readonly kind: 'type_param';
  readonly name: string;
}

export type CelType = PrimitiveType | DynType | ErrorType | ListCelType | MapCelType | ObjectCelType | OptionalCelType | TypeCelType | OpaqueCelType | TypeParamCelType;

const primitive = (kind: PrimitiveTypeKind): PrimitiveType => ({ kind });

export const intType = primitive('int');
export const uintType = primitive('uint');
export const doubleType = primitive('double');
export const boolType = primitive('bool');
export const stringType = primitive('string');
export const bytesType = primitive('bytes');
export const nullType = primitive('null_type');
export const timestampType = primitive('timestamp');
export const durationType = primitive('duration');
export const dynType: DynType = { kind: 'dyn' };
export const anyType: DynType = { kind: 'any' };
export const errorType: ErrorType = { kind: 'error' };

export const listOf = (elem: CelType): ListCelType => ({ kind: 'list', elem });
export const mapOf = (key: CelType, value: CelType): MapCelType => ({ kind: 'map', key, value });
export const optionalOf = (value: CelType): OptionalCelType => ({ kind: 'optional', value });
export const typeOfType = (type?: CelType): TypeCelType => (type === undefined ? { kind: 'type' } : { kind: 'type', type });
export const typeParam = (name: string): TypeParamCelType => ({ kind: 'type_param', name });
export const opaqueType = (name: string, ...params: CelType[]): OpaqueCelType => ({ kind: 'opaque', name, params });
export const objectType = (name: string, fields: Iterable<DeclField> = []): ObjectCelType => ({
  kind: 'object',
  name,
  fields: new Map([...fields].map((field) => [field.name, field])),
});

// The Kubernetes library types. Quantity, URL, Semver, the named formats and the authorizer's
// types are object types without fields that no type provider knows (a field selection on them is
// an unexpected failed resolution); IP and CIDR are opaque (a field selection on them is not
// supported at all).
const libraryType = (name: string): ObjectCelType => ({ ...objectType(name), unresolvable: true });
export const quantityType = libraryType('kubernetes.Quantity');
export const urlType = libraryType('kubernetes.URL');
export const semverType = libraryType('kubernetes.Semver');
export const namedFormatType = libraryType('kubernetes.NamedFormat');
export const authorizerType = libraryType('kubernetes.authorization.Authorizer');
export const pathCheckType = libraryType('kubernetes.authorization.PathCheck');
export const groupCheckType = libraryType('kubernetes.authorization.GroupCheck');
export const resourceCheckType = libraryType('kubernetes.authorization.ResourceCheck');
export const decisionType = libraryType('kubernetes.authorization.Decision');
export const ipType = opaqueType('net.IP');
export const cidrType = opaqueType('net.CIDR');

/**
 * The field an identifier selects on an object type. With `keywordsAsFieldNames` (Kubernetes' admission
 * policies) a reserved word also finds its escaped field: `params.namespace` is `params.__namespace__`.
 */
export function findField(type: ObjectCelType, identifier: string, keywordsAsFieldNames = false): DeclField | undefined {
  const field = type.fields.get(identifier) ?? (keywordsAsFieldNames && celReservedWords.has(identifier) ? type.fields.get(`__${identifier}__`) : undefined);
  if (field !== undefined || type.otherFields === undefined) return field;
  return { name: identifier, propertyName: identifier, type: type.otherFields, required: false };
}

/**
 * The type cel-go's checker gives a field its type provider finds without a type (JSONPatch's
 * provider answers so for any field it does not have): printed '' in messages, only dyn is
 * assignable to it, and Kubernetes cannot compile an expression left with a value of it.
 */
export const untypedFieldType: OpaqueCelType = opaqueType('');

/** Whether two types are the same type, parameters included (sizes and schema facts aside). */
export function sameType(a: CelType, b: CelType): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case 'list':
      return b.kind === 'list' && sameType(a.elem, b.elem);
    case 'map':
      return b.kind === 'map' && sameType(a.key, b.key) && sameType(a.value, b.value);
    case 'optional':
      return b.kind === 'optional' && sameType(a.value, b.value);
    case 'type':
      return b.kind === 'type' && (a.type === undefined || b.type === undefined ? a.type === b.type : sameType(a.type, b.type));
    case 'object':
    case 'type_param':
      return b.kind === a.kind && b.name === a.name;
    case 'opaque':
      return b.kind === 'opaque' && b.name === a.name && b.params.length === a.params.length && a.params.every((param, i) => sameType(param, b.params[i]!));
    default:
      return b.kind === a.kind;
  }
}
