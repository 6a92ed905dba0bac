// Lists of a schema with x-kubernetes-list-type set or map, as Kubernetes gives them to rules:
// plain arrays of the items' CEL values (so the interpreter indexes and iterates them like any
// list, and slices or maps of them are plain lists), marked with the items as Kubernetes holds
// them, which their `==` and `+` work on. The left operand decides: `set == list` ignores order,
// `list == set` does not.
//
// set: `a == b` when they have as many items and every item of b is an item of a; `a + b` is a,
// then the items of b not yet in it, in b's order. map: `a == b` when they have as many items and
// every item of b equals the item of a with its keys; `a + b` is a with each item replaced by b's
// item of the same keys, then b's items with other keys, in b's order.
//
// Items match as Go map keys of the JSON Kubernetes read and the Go values of the other list's CEL
// items (see go-values.ts). So, as in Kubernetes, a set of whole numbers never equals a set of
// numbers (JSON 1 is an int64, the double 1.0 a float64), nor a set of date-times another (text
// against time values), and a set of bytes is an internal error. Map keys are looked up under
// their escaped names (Kubernetes' escapeKeyProps): a key property such as "my-key" is missing in
// every item, so all items have the same key.

import type { CelType } from '../types/cel-types.ts';
import { escapePropertyName } from '../types/property-names.ts';
import { goMapKey, goSprint } from './go-values.ts';
import { schemaObjectSource } from './schema-objects.ts';
import { CelError, fromJson, isPlainMap, type CelValue } from './values.ts';

/** The CEL value of an item's JSON (or of a Go value a `+` took from its right side). */
export type ItemValue = (json: unknown) => unknown;

type Equal = (a: CelValue, b: CelValue) => boolean | CelError;

const noSuchOverload = (other: CelValue): CelError => (other instanceof CelError ? other : new CelError('no such overload'));

const listItems = Symbol('set or map list items');

type KeyedList = unknown[] & { [listItems]?: KeyedItems };

/** The set or map semantics of a list, or undefined for a plain list. */
export const keyedItems = (list: readonly unknown[]): KeyedItems | undefined => (list as KeyedList)[listItems];

/** A list with these semantics of `values` (the items' CEL values, a new array it takes), or made from the items. */
function keyedList(semantics: KeyedItems, values: unknown[] | undefined): unknown[] {
  const { items, itemValue } = semantics;
  let list: KeyedList;
  if (values !== undefined) list = values;
  else if (itemValue === undefined) list = [...items];
  else {
    list = new Array<unknown>(items.length);
    for (let i = 0; i < items.length; i++) list[i] = itemValue(items[i]);
  }
  list[listItems] = semantics;
  return list;
}

/** The Go value behind a CEL value, as Kubernetes' Value() answers it: a schema object's or list's JSON. */
function goValueOf(value: CelValue): unknown {
  if (Array.isArray(value)) return keyedItems(value)?.items ?? value;
  return (isPlainMap(value) ? schemaObjectSource(value)?.json : undefined) ?? value;
}

/** The items of a set or map list as Kubernetes holds them, and what `==` and `+` do with them. */
export abstract class KeyedItems {
  /** The items as Kubernetes holds them: what set and map keys are made of. */
  readonly items: readonly unknown[];
  readonly itemType: CelType;
  /** Undefined when an item's JSON is its CEL value. */
  readonly itemValue: ItemValue | undefined;

  constructor(items: readonly unknown[], itemType: CelType, itemValue: ItemValue | undefined) {
    this.items = items;
    this.itemType = itemType;
    this.itemValue = itemValue;
  }

  /** `list == other`, `list` being the list of these items. */
  abstract equal(list: readonly unknown[], other: CelValue, equal: Equal): boolean | CelError;
  /** `list + other`. */
  abstract add(list: readonly unknown[], other: CelValue): CelValue;

  /** The CEL value of an item `+` takes from the other list: an object of this list's item type already is one. */
  protected valueOfAdded(value: CelValue, goValue: unknown): unknown {
    if (goValue !== value && isPlainMap(value) && schemaObjectSource(value)?.shape.type === this.itemType) return value;
    return this.itemValue === undefined ? goValue : this.itemValue(goValue);
  }
}

/** A list with x-kubernetes-list-type set, of items read from JSON (or of the given CEL values). */
export const setList = (items: readonly unknown[], itemType: CelType, itemValue: ItemValue | undefined, values?: unknown[]): unknown[] =>
  keyedList(new SetItems(items, itemType, itemValue), values);

class SetItems extends KeyedItems {
  #keys: Set<string> | CelError | undefined;

  #keySet(): Set<string> | CelError {
    if (this.#keys === undefined) {
      const keys = new Set<string>();
      for (const item of this.items) {
        const key = goMapKey(item);
        if (key instanceof CelError) return (this.#keys = key);
        if (key !== undefined) keys.add(key);
      }
      this.#keys = keys;
    }
    return this.#keys;
  }

  equal(list: readonly unknown[], other: CelValue): boolean | CelError {
    if (!Array.isArray(other)) return noSuchOverload(other);
    if (other.length !== list.length) return false;
    const keys = this.#keySet();
    if (keys instanceof CelError) return keys;
    for (const item of other) {
      const key = goMapKey(goValueOf(fromJson(item)));
      if (key instanceof CelError) return key;
      if (key === undefined || !keys.has(key)) return false;
    }
    return true;
  }

  add(list: readonly unknown[], other: CelValue): CelValue {
    if (!Array.isArray(other)) return noSuchOverload(other);
    const keys = this.#keySet();
    if (keys instanceof CelError) return keys;
    const seen = new Set(keys);
    const items = [...this.items];
    const values = [...list];
    for (const item of other) {
      const value = fromJson(item);
      const goValue = goValueOf(value);
      const key = goMapKey(goValue);
      if (key instanceof CelError) return key;
      if (key !== undefined) {
        if (seen.has(key)) continue;
        seen.add(key);
      }
      items.push(goValue);
      values.push(this.valueOfAdded(value, goValue));
    }
    return setList(items, this.itemType, this.itemValue, values);
  }
}

/** x-kubernetes-list-map-keys as Kubernetes looks them up in items: escaped where they can be. */
export const mapListKeyNames = (keys: readonly string[]): readonly string[] => keys.map((key) => escapePropertyName(key) ?? key);

/** A list with x-kubernetes-list-type map, keyed by the properties `keyNames` (see mapListKeyNames). */
export const mapList = (items: readonly unknown[], itemType: CelType, itemValue: ItemValue | undefined, keyNames: readonly string[], values?: unknown[]): unknown[] =>
  keyedList(new MapItems(items, itemType, itemValue, keyNames), values);

class MapItems extends KeyedItems {
  readonly keyNames: readonly string[];
  #positions: Map<string, number> | CelError | undefined;

  constructor(items: readonly unknown[], itemType: CelType, itemValue: ItemValue | undefined, keyNames: readonly string[]) {
    super(items, itemType, itemValue);
    this.keyNames = keyNames;
  }

  /** The key of an item's Go value: undefined when it matches nothing (not an object), an error when Go cannot hash it. */
  #keyOf(item: unknown): string | undefined | CelError {
    if (!isPlainMap(item)) return undefined;
    const names = this.keyNames;
    if (names.length === 1) return goMapKey(Object.hasOwn(item, names[0]!) ? item[names[0]!] : null);
    const parts = names.map((name) => (Object.hasOwn(item, name) ? item[name] : null));
    // Kubernetes keys one to three properties by their Go values, more (or none) by their printed form.
    if (parts.length === 0 || parts.length > 3) return `fmt${goSprint(parts)}`;
    const keys: string[] = [];
    for (const part of parts) {
      const key = goMapKey(part);
      if (key === undefined || key instanceof CelError) return key;
      keys.push(key);
    }
    return JSON.stringify(keys);
  }

  /** Each key's position among the items (the last item with it). */
  #positionMap(): Map<string, number> | CelError {
    if (this.#positions === undefined) {
      const positions = new Map<string, number>();
      for (let i = 0; i < this.items.length; i++) {
        const key = this.#keyOf(this.items[i]);
        if (key instanceof CelError) return (this.#positions = key);
        if (key !== undefined) positions.set(key, i);
      }
      this.#positions = positions;
    }
    return this.#positions;
  }

  equal(list: readonly unknown[], other: CelValue, equal: Equal): boolean | CelError {
    if (!Array.isArray(other)) return noSuchOverload(other);
    if (other.length !== list.length) return false;
    const positions = this.#positionMap();
    if (positions instanceof CelError) return positions;
    for (const item of other) {
      const value = fromJson(item);
      const key = this.#keyOf(goValueOf(value));
      if (key instanceof CelError) return key;
      const position = key === undefined ? undefined : positions.get(key);
      if (position === undefined) return false;
      const same = equal(fromJson(list[position]), value);
      if (same !== true) return same;
    }
    return true;
  }

  add(list: readonly unknown[], other: CelValue): CelValue {
    if (!Array.isArray(other)) return noSuchOverload(other);
    const found = this.#positionMap();
    if (found instanceof CelError) return found;
    const items = [...this.items];
    const values = [...list];
    for (const item of other) {
      const value = fromJson(item);
      const goValue = goValueOf(value);
      const key = this.#keyOf(goValue);
      if (key instanceof CelError) return key;
      const position = key === undefined ? undefined : found.get(key);
      const added = this.valueOfAdded(value, goValue);
      if (position === undefined) {
        items.push(goValue);
        values.push(added);
      } else {
        items[position] = goValue;
        values[position] = added;
      }
    }
    return mapList(items, this.itemType, this.itemValue, this.keyNames, values);
  }
}
