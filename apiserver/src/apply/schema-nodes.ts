// How server-side apply sees a value through the declarations: a scalar, a struct of declared
// fields, a map, a list (atomic, a set of scalars, or a map keyed by some item fields), or an
// untyped value whose shape is deduced. As kube converts its OpenAPI for structured-merge-diff:
// a list without listType whose patch strategy is merge is a map keyed by its patchMergeKey (a set
// without one), other lists without listType are atomic; maps and structs are granular unless
// marked atomic.

import type { FieldDeclaration, Schema, TypeLookup } from '@capstan/common/schema';

export type SchemaNode =
  | { readonly kind: 'scalar' }
  | { readonly kind: 'struct'; readonly atomic: boolean; readonly fields: Readonly<Record<string, FieldDeclaration>> }
  | { readonly kind: 'map'; readonly atomic: boolean; readonly values: () => SchemaNode }
  | { readonly kind: 'list'; readonly listType: 'atomic' | 'set' | 'map'; readonly keys: readonly string[]; readonly items: () => SchemaNode }
  /** Free-form values (RawExtension, JSON): maps are granular, lists atomic. */
  | { readonly kind: 'deduced' };

const scalar: SchemaNode = { kind: 'scalar' };
const deduced: SchemaNode = { kind: 'deduced' };

export class SchemaNodes {
  readonly #lookup: TypeLookup;

  constructor(lookup: TypeLookup) {
    this.#lookup = lookup;
  }

  get lookup(): TypeLookup {
    return this.#lookup;
  }

  /** The node of a declared type by its schema name (the kind's top-level type). */
  ofType(name: string): SchemaNode {
    return this.of({ type: 'ref', name });
  }

  /** Nodes made once per declared schema (and field markers): every write walks the same ones. */
  readonly #bySchema = new WeakMap<Schema, SchemaNode>();
  readonly #byField = new WeakMap<FieldDeclaration, SchemaNode>();

  /** The node of a value with this schema, read with the markers of the field that holds it. */
  of(schema: Schema | undefined, field?: FieldDeclaration): SchemaNode {
    if (schema === undefined) return deduced;
    const cached = field === undefined ? this.#bySchema.get(schema) : this.#byField.get(field);
    if (cached !== undefined) return cached;
    const node = this.#make(schema, field);
    if (field === undefined) this.#bySchema.set(schema, node);
    else this.#byField.set(field, node);
    return node;
  }

  #make(schema: Schema, field: FieldDeclaration | undefined): SchemaNode {
    switch (schema.type) {
      case 'string':
      case 'integer':
      case 'number':
      case 'boolean':
        return scalar;
      case 'object':
        return deduced;
      case 'map':
        return { kind: 'map', atomic: field?.mapType === 'atomic', values: () => this.of(schema.values) };
      case 'list':
        return this.#list(schema.items, field);
      case 'ref': {
        const declaration = this.#lookup(schema.name);
        if (declaration === undefined) return deduced;
        if (declaration.kind === 'opaque') return declaration.openApi.type === 'object' ? deduced : scalar;
        return { kind: 'struct', atomic: declaration.mapType === 'atomic' || field?.mapType === 'atomic', fields: declaration.fields };
      }
    }
  }

  /** The node of a struct field's value, or undefined when the struct does not declare it. */
  fieldOf(node: SchemaNode, name: string): SchemaNode | undefined {
    switch (node.kind) {
      case 'struct': {
        const field = Object.hasOwn(node.fields, name) ? node.fields[name] : undefined;
        return field === undefined ? undefined : this.of(field.schema, field);
      }
      case 'map':
        return node.values();
      default:
        return deduced;
    }
  }

  #list(items: Schema, field: FieldDeclaration | undefined): SchemaNode {
    const itemNode = () => this.of(items);
    const merging = field?.patchStrategy === 'merge' || field?.patchStrategy === 'merge,retainKeys';
    const listType = field?.listType ?? (merging ? (field?.patchMergeKey === undefined ? 'set' : 'map') : 'atomic');
    const keys = field?.listMapKeys ?? (field?.patchMergeKey === undefined ? [] : [field.patchMergeKey]);
    return { kind: 'list', listType, keys: listType === 'map' ? keys : [], items: itemNode };
  }
}

/** Whether a node is replaced as a whole (owned as one leaf). */
export function isAtomic(node: SchemaNode): boolean {
  switch (node.kind) {
    case 'scalar':
      return true;
    case 'list':
      return node.listType === 'atomic';
    case 'struct':
    case 'map':
      return node.atomic;
    case 'deduced':
      return false;
  }
}
