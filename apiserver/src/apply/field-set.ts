// Sets of field paths, as managedFields records who owns what: a trie whose edges are path
// elements written as kube writes them in FieldsV1 (`f:name` a field or map key, `k:{...}` a list
// item by its keys, `v:...` a set item by its value, `i:N` an item by index), and whose nodes may
// be members of the set themselves (FieldsV1's "."). FieldsV1 lists "." first, then fields by
// name, then keys, values and indices, as structured-merge-diff orders path elements.

import { isPlainObject } from '../patch/merge-patch.ts';

/** What a leaf answers for its children: leaves allocate no map (a set may hold 100,000 labels). */
const noChildren: ReadonlyMap<string, FieldSet> = new Map();

export class FieldSet {
  /** Whether the path that leads here is itself in the set. */
  member = false;
  #children: Map<string, FieldSet> | undefined;

  /** The subtrees by path element. */
  get children(): ReadonlyMap<string, FieldSet> {
    return this.#children ?? noChildren;
  }

  setChild(element: string, set: FieldSet): void {
    (this.#children ??= new Map()).set(element, set);
  }

  deleteChild(element: string): void {
    this.#children?.delete(element);
  }

  static fromPaths(paths: Iterable<readonly string[]>): FieldSet {
    const set = new FieldSet();
    for (const path of paths) set.insert(path);
    return set;
  }

  /** A set read from a managedFields entry's fieldsV1. */
  static fromFieldsV1(fields: unknown): FieldSet {
    const set = new FieldSet();
    // The top level is never a member: an empty FieldsV1 is an empty set.
    if (isPlainObject(fields)) for (const [key, value] of Object.entries(fields)) if (key !== '.') readFieldsV1(set.child(key), value);
    return set;
  }

  insert(path: readonly string[]): void {
    let node: FieldSet = this;
    for (const element of path) node = node.child(element);
    node.member = true;
  }

  child(element: string): FieldSet {
    let next = this.#children?.get(element);
    if (next === undefined) {
      next = new FieldSet();
      this.setChild(element, next);
    }
    return next;
  }

  has(path: readonly string[]): boolean {
    let node: FieldSet | undefined = this;
    for (const element of path) {
      node = node.children.get(element);
      if (node === undefined) return false;
    }
    return node.member;
  }

  get isEmpty(): boolean {
    if (this.member) return false;
    for (const child of this.children.values()) if (!child.isEmpty) return false;
    return true;
  }

  /** Every member path, depth first. */
  *paths(prefix: readonly string[] = []): Generator<string[]> {
    if (this.member) yield [...prefix];
    for (const [element, child] of this.children) yield* child.paths([...prefix, element]);
  }

  /** Member paths in structured-merge-diff's order: at each level the members, then the subtrees, each sorted. */
  *sortedPaths(prefix: readonly string[] = []): Generator<string[]> {
    const elements = sortedPathElements(this.children.keys());
    for (const element of elements) if (this.children.get(element)?.member) yield [...prefix, element];
    for (const element of elements) yield* this.children.get(element)?.sortedPaths([...prefix, element]) ?? [];
  }

  union(other: FieldSet): FieldSet {
    const result = this.copy();
    result.#add(other);
    return result;
  }

  #add(other: FieldSet): void {
    if (other.member) this.member = true;
    // Into a node with no children yet (a copy, or a union with an empty set) the subtrees are
    // cloned without a lookup per element: a map of 100,000 labels is one pass.
    if (this.children.size === 0) for (const [element, child] of other.children) this.setChild(element, child.copy());
    else for (const [element, child] of other.children) this.child(element).#add(child);
  }

  difference(other: FieldSet): FieldSet {
    return this.#combine(other, (mine, theirs) => mine && !theirs, true);
  }

  intersection(other: FieldSet): FieldSet {
    return this.#combine(other, (mine, theirs) => mine && theirs, false);
  }

  /** Membership by `keep`, node by node; `keepUnmatched` keeps the subtrees `other` lacks. */
  #combine(other: FieldSet | undefined, keep: (mine: boolean, theirs: boolean) => boolean, keepUnmatched: boolean): FieldSet {
    const result = new FieldSet();
    result.member = keep(this.member, other?.member ?? false);
    for (const [element, child] of this.children) {
      const theirs = other?.children.get(element);
      if (theirs === undefined && !keepUnmatched) continue;
      const combined = theirs === undefined ? child.copy() : child.#combine(theirs, keep, keepUnmatched);
      if (!combined.isEmpty) result.setChild(element, combined);
    }
    return result;
  }

  copy(): FieldSet {
    const result = new FieldSet();
    result.member = this.member;
    for (const [element, child] of this.children) result.setChild(element, child.copy());
    return result;
  }

  equals(other: FieldSet): boolean {
    if (this.member !== other.member) return false;
    const mine = [...this.children].filter(([, child]) => !child.isEmpty);
    const theirs = [...other.children].filter(([, child]) => !child.isEmpty);
    if (mine.length !== theirs.length) return false;
    return mine.every(([element, child]) => {
      const match = other.children.get(element);
      return match !== undefined && child.equals(match);
    });
  }

  /** The FieldsV1 form: members as "." (a leaf member is just {}), children in kube's order. */
  toFieldsV1(): Record<string, unknown> {
    return this.#fieldsV1() ?? {};
  }

  /** The FieldsV1 form, or undefined for an empty set: one pass, where asking isEmpty at each level would walk subtrees again. */
  #fieldsV1(): Record<string, unknown> | undefined {
    if (this.children.size === 0) return this.member ? {} : undefined;
    const out: Record<string, unknown> = {};
    if (this.member && this.children.size > 0) out['.'] = {};
    let any = false;
    for (const element of sortedPathElements(this.children.keys())) {
      const child = this.children.get(element);
      const fields = child === undefined ? undefined : child.#fieldsV1();
      if (fields === undefined) continue;
      out[element] = fields;
      any = true;
    }
    return any || this.member ? out : undefined;
  }
}

function readFieldsV1(node: FieldSet, fields: unknown): void {
  if (!isPlainObject(fields)) return;
  const keys = Object.keys(fields);
  if (keys.length === 0) node.member = true;
  for (const key of keys) {
    if (key === '.') node.member = true;
    else readFieldsV1(node.child(key), fields[key]);
  }
}

// Path elements.

export const fieldElement = (name: string): string => `f:${name}`;
export const valueElement = (value: unknown): string => `v:${JSON.stringify(value)}`;
export const indexElement = (index: number): string => `i:${index}`;

/** An associative list item by its key fields, sorted by name as kube writes them. */
export function keyElement(item: Record<string, unknown>, keys: readonly string[]): string {
  const entries = [...keys]
    .sort()
    .filter((key) => item[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${JSON.stringify(item[key])}`);
  return `k:{${entries.join(',')}}`;
}

/**
 * Path elements in structured-merge-diff's order: fields by name, then keys, values and indices,
 * each by its parsed content. Each element is read once, not at every comparison of the sort.
 */
export function sortedPathElements(elements: Iterable<string>): string[] {
  const fields: string[] = [];
  const keys: string[] = [];
  const values: string[] = [];
  const indices: string[] = [];
  const others: string[] = [];
  for (const element of elements) {
    const kind = element[0];
    if (kind === 'f') fields.push(element);
    else if (kind === 'k') keys.push(element);
    else if (kind === 'v') values.push(element);
    else if (kind === 'i') indices.push(element);
    else others.push(element);
  }
  // All fields share the prefix "f:", so whole elements compare as their names do.
  fields.sort(compareStrings);
  return fields.concat(
    sortedBy(keys, (body) => Object.entries<unknown>(JSON.parse(body)), compareKeyLists),
    sortedBy(values, (body) => JSON.parse(body) as unknown, compareValues),
    sortedBy(indices, Number, (a, b) => a - b),
    // Elements of no known kind (a malformed stored managedFields) in a stable order.
    others.sort(compareStrings),
  );
}

function sortedBy<T>(elements: readonly string[], read: (body: string) => T, compare: (a: T, b: T) => number): string[] {
  if (elements.length < 2) return [...elements];
  const decorated = elements.map((element) => ({ element, key: read(element.slice(2)) }));
  decorated.sort((a, b) => compare(a.key, b.key));
  return decorated.map(({ element }) => element);
}

/** Key lists (a `k:` element's fields, as entries) field by field: by name, then by value. */
function compareKeyLists(left: readonly (readonly [string, unknown])[], right: readonly (readonly [string, unknown])[]): number {
  for (let i = 0; ; i++) {
    const leftEntry = left[i];
    const rightEntry = right[i];
    if (leftEntry === undefined || rightEntry === undefined) return left.length - right.length;
    const [leftName, leftValue] = leftEntry;
    const [rightName, rightValue] = rightEntry;
    const byName = compareStrings(leftName, rightName);
    if (byName !== 0) return byName;
    const byValue = compareValues(leftValue, rightValue);
    if (byValue !== 0) return byValue;
  }
}

/** structured-merge-diff's order of scalars: null, then numbers, strings, booleans. */
function compareValues(a: unknown, b: unknown): number {
  const rank = (value: unknown) => (value === null ? 0 : typeof value === 'number' ? 1 : typeof value === 'string' ? 2 : typeof value === 'boolean' ? 3 : 4);
  const byKind = rank(a) - rank(b);
  if (byKind !== 0) return byKind;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareStrings(JSON.stringify(a), JSON.stringify(b));
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A path as kube prints it in conflicts: .spec.containers[name="c"].image, [="v"], [0]. */
export function printPath(path: readonly string[]): string {
  return path
    .map((element) => {
      const body = element.slice(2);
      switch (element[0]) {
        case 'f':
          return `.${body}`;
        case 'i':
          return `[${body}]`;
        case 'v':
          return `[=${body}]`;
        default: {
          const keys = Object.entries<unknown>(JSON.parse(body)).map(([name, value]) => `${name}=${JSON.stringify(value)}`);
          return `[${keys.join(',')}]`;
        }
      }
    })
    .join('');
}
