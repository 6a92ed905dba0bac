// The fields of a value read through its schema node, as structured-merge-diff reads them: the
// set an applied configuration owns, the comparison of two versions of an object (what an update
// added, changed or removed), and the named fields a set implies.

import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from '../patch/merge-patch.ts';
import { FieldSet, fieldElement, indexElement, keyElement, printPath, valueElement } from './field-set.ts';
import { isAtomic, type SchemaNode, type SchemaNodes } from './schema-nodes.ts';

export interface ValueChild {
  readonly element: string;
  readonly value: unknown;
  readonly node: SchemaNode;
  /** A field the struct declares (not a map key or list item). */
  readonly declared: boolean;
}

const deduced: SchemaNode = { kind: 'deduced' };

/** Whether a value is taken whole: atomic by its schema, or not of the shape its schema walks. */
export function isLeaf(value: unknown, node: SchemaNode): boolean {
  if (isAtomic(node)) return true;
  if (node.kind === 'list') return !Array.isArray(value);
  return !isPlainObject(value);
}

/**
 * The path element of a list item: its keys, its value (sets), or else its index. A key field the
 * item leaves out counts with its declared default (a port's protocol is TCP), as kube keys it.
 */
export function listItemElement(item: unknown, index: number, node: SchemaNode): string {
  if (node.kind === 'list' && node.listType === 'map' && isPlainObject(item)) {
    const items = node.items();
    const missing = node.keys.filter((key) => item[key] === undefined);
    if (missing.length === 0 || items.kind !== 'struct') return keyElement(item, node.keys);
    const withDefaults: Record<string, unknown> = { ...item };
    for (const key of missing) {
      const schema = Object.hasOwn(items.fields, key) ? items.fields[key]?.schema : undefined;
      if (schema !== undefined && 'default' in schema && schema.default !== undefined) withDefaults[key] = schema.default;
    }
    return keyElement(withDefaults, node.keys);
  }
  if (node.kind === 'list' && node.listType === 'set') return valueElement(item);
  return indexElement(index);
}

export function childrenOf(value: unknown, node: SchemaNode, nodes: SchemaNodes): ValueChild[] {
  if (node.kind === 'list' && Array.isArray(value)) {
    const items = node.items();
    return value.map((item, index) => ({ element: listItemElement(item, index, node), value: item, node: items, declared: false }));
  }
  if (!isPlainObject(value)) return [];
  return Object.entries(value).map(([key, item]) => {
    const declaredNode = node.kind === 'struct' ? nodes.fieldOf(node, key) : undefined;
    const childNode = declaredNode ?? (node.kind === 'map' ? node.values() : deduced);
    return { element: fieldElement(key), value: item, node: childNode, declared: declaredNode !== undefined };
  });
}

/** The fields an applied configuration sets (structured-merge-diff's ToFieldSet). */
export function fieldSetOf(value: unknown, node: SchemaNode, nodes: SchemaNodes): FieldSet {
  const set = new FieldSet();
  collect(value, node, nodes, [], set);
  return set;
}

function collect(value: unknown, node: SchemaNode, nodes: SchemaNodes, path: string[], set: FieldSet): void {
  if (isLeaf(value, node)) {
    set.insert(path);
    return;
  }
  const list = node.kind === 'list';
  for (const child of childrenOf(value, node, nodes)) {
    const childPath = [...path, child.element];
    collect(child.value, child.node, nodes, childPath, set);
    const emptyMap = isPlainObject(child.value) && Object.keys(child.value).length === 0;
    if (list || child.value === null || emptyMap || !child.declared) set.insert(childPath);
  }
}

export interface Comparison {
  readonly added: FieldSet;
  readonly modified: FieldSet;
  readonly removed: FieldSet;
}

/** What changed from `before` to `after`, path by path; containers count as added or removed too. */
export function compareValues(before: unknown, after: unknown, node: SchemaNode, nodes: SchemaNodes): Comparison {
  const comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  compareAt(before, after, node, nodes, [], comparison);
  return comparison;
}

/** Whether a present value is taken whole; a null container (a Go nil slice or map) is an empty one. */
const comparesAsLeaf = (value: unknown, node: SchemaNode): boolean => value !== undefined && !(value === null && !isAtomic(node)) && isLeaf(value, node);

function compareAt(before: unknown, after: unknown, node: SchemaNode, nodes: SchemaNodes, path: string[], out: Comparison): void {
  const leaf = comparesAsLeaf(before, node) || comparesAsLeaf(after, node);
  // A container's children are read once: they also tell whether it is empty (listing the keys
  // of a map of 100,000 labels costs as much as reading them).
  const beforeChildren = leaf ? [] : childrenOf(before, node, nodes);
  const afterList = leaf ? [] : childrenOf(after, node, nodes);
  if (leaf || (beforeChildren.length === 0 && afterList.length === 0)) {
    if (before === undefined) out.added.insert(path);
    else if (after === undefined) out.removed.insert(path);
    else if (before !== after && (typeof before !== 'object' || typeof after !== 'object' || !isDeepStrictEqual(before, after))) out.modified.insert(path);
    return;
  }
  // A container only one side has (a create's) needs no pairing of children; only a list may
  // repeat an element, and there the last item of a repeated one counts, as the pairing below has it.
  if (afterList.length === 0 || (beforeChildren.length === 0 && node.kind !== 'list')) {
    for (const child of beforeChildren) {
      path.push(child.element);
      compareAt(child.value, undefined, child.node, nodes, path, out);
      path.pop();
    }
    for (const child of afterList) {
      path.push(child.element);
      compareAt(undefined, child.value, child.node, nodes, path, out);
      path.pop();
    }
    if (path.length === 0) return;
    if (before === undefined) out.added.insert(path);
    else if (after === undefined) out.removed.insert(path);
    return;
  }
  const afterChildren = new Map<string, ValueChild>();
  for (const child of afterList) afterChildren.set(child.element, child);
  // The path is extended in place for each child and restored after it.
  for (const from of beforeChildren) {
    const to = afterChildren.get(from.element);
    afterChildren.delete(from.element);
    path.push(from.element);
    compareAt(from.value, to?.value, (to ?? from).node, nodes, path, out);
    path.pop();
  }
  for (const to of afterChildren.values()) {
    path.push(to.element);
    compareAt(undefined, to.value, to.node, nodes, path, out);
    path.pop();
  }
  if (path.length === 0) return;
  if (before === undefined) out.added.insert(path);
  else if (after === undefined) out.removed.insert(path);
}

/**
 * The set with every declared struct field along its paths made a member
 * (structured-merge-diff's EnsureNamedFieldsAreMembers): owning spec.replicas owns spec too.
 */
export function withNamedFieldsAsMembers(set: FieldSet, node: SchemaNode, nodes: SchemaNodes): FieldSet {
  const result = new FieldSet();
  markNamed(set, node, nodes, [], result);
  return result;
}

function markNamed(set: FieldSet, node: SchemaNode, nodes: SchemaNodes, path: string[], out: FieldSet): void {
  if (set.member) out.insert(path);
  for (const [element, child] of set.children) {
    let childNode: SchemaNode = deduced;
    let named = false;
    if (node.kind === 'list') childNode = node.items();
    else if (element.startsWith('f:')) {
      const declared = node.kind === 'struct' ? nodes.fieldOf(node, element.slice(2)) : undefined;
      named = declared !== undefined;
      childNode = declared ?? (node.kind === 'map' ? node.values() : deduced);
    }
    const childPath = [...path, element];
    if (named) out.insert(childPath);
    markNamed(child, childNode, nodes, childPath, out);
  }
}

/**
 * The first list item a value repeats by its key or value (structured-merge-diff refuses such a
 * configuration), as `.spec.containers: duplicate entries for key [name="c"]`.
 */
export function duplicateListEntry(value: unknown, node: SchemaNode, nodes: SchemaNodes, path: string[] = []): string | undefined {
  if (isLeaf(value, node)) return undefined;
  const seen = new Set<string>();
  for (const child of childrenOf(value, node, nodes)) {
    if (node.kind === 'list') {
      if (seen.has(child.element)) return `${printPath(path)}: duplicate entries for key ${printPath([child.element])}`;
      seen.add(child.element);
    }
    const found = duplicateListEntry(child.value, child.node, nodes, [...path, child.element]);
    if (found !== undefined) return found;
  }
  return undefined;
}
