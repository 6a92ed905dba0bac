// The schema language in which every built-in kind is declared once: its fields with their types,
// Protobuf field numbers, defaults and the merge markers that validation, OpenAPI, strategic merge
// patch, server-side apply, Protobuf and Table output all derive from.

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The shape of one value: a field's, a list item's or a map value's. */
export type Schema =
  /** `enum`: the only values allowed (a Go enum type); kube publishes them in OpenAPI v2 only. */
  | { readonly type: 'string'; readonly format?: 'byte' | 'date-time'; readonly default?: string; readonly enum?: readonly string[] }
  | { readonly type: 'integer'; readonly format: 'int32' | 'int64'; readonly default?: number }
  | { readonly type: 'number'; readonly format: 'double'; readonly default?: number }
  | { readonly type: 'boolean'; readonly default?: boolean }
  | { readonly type: 'list'; readonly items: Schema }
  | { readonly type: 'map'; readonly values: Schema }
  /** Any JSON object, kept as it is (kube's free-form objects). */
  | { readonly type: 'object' }
  /** A named type declared on its own (a struct, or an opaque type such as Time or Quantity). */
  | { readonly type: 'ref'; readonly name: string; readonly default?: JsonValue };

export type ListType = 'atomic' | 'set' | 'map';
export type MapType = 'atomic' | 'granular';
export type PatchStrategy = 'merge' | 'retainKeys' | 'merge,retainKeys' | 'replace';

export interface FieldDeclaration {
  readonly schema: Schema;
  /** What the field means, in Capstan's own words. */
  readonly description: string;
  /**
   * The field's number in Kubernetes' Protobuf message. Absent only for apiVersion and kind,
   * which Protobuf carries outside the message (in runtime.Unknown's typeMeta).
   */
  readonly protobuf?: number;
  /**
   * Set when the field belongs to a Go struct embedded inline (json:",inline", such as VolumeSource
   * in Volume): JSON flattens it, Protobuf keeps it a message, which is this field of the outer
   * message; `protobuf` is then the field's number inside that embedded message. A list says where
   * embeddings nest, outermost first (Rule in RuleWithOperations in NamedRuleWithOperations: [2, 2]).
   */
  readonly protobufEmbeddedIn?: number | readonly number[];
  readonly required?: boolean;
  /**
   * The Go field is a pointer (*int32, *bool, *PodSecurityContext): Protobuf carries it only when it
   * is set, so a zero it carries was sent and is kept (replicas: 0). A non-pointer field is always
   * written, its zero meaning unset.
   */
  readonly pointer?: boolean;
  /**
   * Whether Go's JSON omits the non-pointer field at its zero value (`omitempty`). Needed only where
   * the OpenAPI default says otherwise: kube-openapi gives a zero default to the fields without
   * omitempty, and a `+default` marker can give an omitempty field the same zero (see zeroIsShown).
   */
  readonly omitEmpty?: boolean;
  readonly listType?: ListType;
  /** With listType "map": the item fields that identify an item. */
  readonly listMapKeys?: readonly string[];
  readonly mapType?: MapType;
  /** Strategic merge patch: how a list merges (with patchMergeKey) or which keys a union retains. */
  readonly patchStrategy?: PatchStrategy;
  readonly patchMergeKey?: string;
}

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

/** A union of fields one of which a discriminator field names (x-kubernetes-unions). */
export interface FieldUnion {
  readonly discriminator: string;
  /** Field name -> the discriminator's value that selects it. */
  readonly fieldsToDiscriminateBy: Readonly<Record<string, string>>;
}

/** A struct: a named object type with declared fields. */
export interface StructDeclaration {
  readonly kind: 'struct';
  /** The OpenAPI schema name, e.g. io.k8s.api.core.v1.Pod. */
  readonly name: string;
  readonly description: string;
  /** In the order of the Go struct (Protobuf numbers usually follow it). */
  readonly fields: Readonly<Record<string, FieldDeclaration>>;
  /** The kinds this type is the top-level object of (x-kubernetes-group-version-kind). */
  readonly groupVersionKinds?: readonly GroupVersionKind[];
  /** "atomic": the struct is replaced as a whole by apply and strategic merge patch. */
  readonly mapType?: MapType;
  readonly unions?: readonly FieldUnion[];
  /**
   * Fields the struct does not declare are kept as free-form values rather than unknown (a custom
   * resource schema's x-kubernetes-preserve-unknown-fields next to its properties).
   */
  readonly preservesUnknownFields?: boolean;
}

/**
 * A named type whose OpenAPI schema is not a struct's (Time, Quantity, IntOrString, RawExtension,
 * ...): its schema is given as kube publishes it, its wire form by the codecs that know it.
 */
export interface OpaqueDeclaration {
  readonly kind: 'opaque';
  readonly name: string;
  readonly description: string;
  /** The OpenAPI v3 schema, without description. */
  readonly openApi: { readonly [key: string]: JsonValue };
}

export type TypeDeclaration = StructDeclaration | OpaqueDeclaration;

/** Finds a declared type by its schema name. */
export type TypeLookup = (name: string) => TypeDeclaration | undefined;

// Builders: terse declarations that read like the schema they make.

export const string = (options: { readonly default?: string; readonly enum?: readonly string[] } = {}): Schema => ({ type: 'string', ...options });
export const bytes = (): Schema => ({ type: 'string', format: 'byte' });
export const int32 = (options: { readonly default?: number } = {}): Schema => ({ type: 'integer', format: 'int32', ...options });
export const int64 = (options: { readonly default?: number } = {}): Schema => ({ type: 'integer', format: 'int64', ...options });
export const double = (options: { readonly default?: number } = {}): Schema => ({ type: 'number', format: 'double', ...options });
export const boolean = (options: { readonly default?: boolean } = {}): Schema => ({ type: 'boolean', ...options });
export const list = (items: Schema): Schema => ({ type: 'list', items });
export const map = (values: Schema): Schema => ({ type: 'map', values });
export const freeForm = (): Schema => ({ type: 'object' });
export const ref = (name: string, options: { readonly default?: JsonValue } = {}): Schema => ({ type: 'ref', name, ...options });

export function struct(
  name: string,
  description: string,
  fields: Readonly<Record<string, FieldDeclaration>>,
  extra: Partial<Pick<StructDeclaration, 'groupVersionKinds' | 'mapType' | 'unions'>> = {},
): StructDeclaration {
  return { kind: 'struct', name, description, fields, ...extra };
}

export function opaque(name: string, description: string, openApi: OpaqueDeclaration['openApi']): OpaqueDeclaration {
  return { kind: 'opaque', name, description, openApi };
}

/** A field: its number, its schema, what it means, and any markers. */
export function field(protobuf: number, schema: Schema, description: string, markers: Omit<FieldDeclaration, 'schema' | 'description' | 'protobuf'> = {}): FieldDeclaration {
  return { protobuf, schema, description, ...markers };
}

/**
 * A field of a Go struct embedded inline (json:",inline"): flat in JSON, in Protobuf field `inner`
 * of the embedded message that is field `outer` of the outer message.
 */
export function embedded(
  outer: number | readonly number[],
  inner: number,
  schema: Schema,
  description: string,
  markers: Omit<FieldDeclaration, 'schema' | 'description' | 'protobuf' | 'protobufEmbeddedIn'> = {},
): FieldDeclaration {
  return { protobuf: inner, protobufEmbeddedIn: outer, schema, description, ...markers };
}

/** Marks a field whose Go type is a pointer (see FieldDeclaration.pointer). */
export const pointer = (declaration: FieldDeclaration): FieldDeclaration => ({ ...declaration, pointer: true });

/** Go's zero value of a scalar schema; undefined for the others. */
export function scalarZero(schema: Schema): string | number | boolean | undefined {
  switch (schema.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/**
 * Whether Go's JSON writes this non-pointer scalar field at its zero value (no omitempty): the
 * fields to which kube's OpenAPI gives the zero as default, unless marked omitEmpty.
 */
export function zeroIsShown(field: FieldDeclaration): boolean {
  if (field.omitEmpty !== undefined) return !field.omitEmpty;
  const { schema } = field;
  return 'default' in schema && schema.default !== undefined && schema.default === scalarZero(schema);
}

/** The schema name of a type in Kubernetes' API packages, e.g. apiName('core', 'v1', 'Pod'). */
export function apiName(group: string, version: string, type: string): string {
  return `io.k8s.api.${group}.${version}.${type}`;
}
