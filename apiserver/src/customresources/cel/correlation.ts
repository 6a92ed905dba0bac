// How kube-apiserver pairs the values of an object with those of its old version, for transition
// rules (oldSelf) and for ratcheting: an object's field with the old object's same field, a map's
// value with the old map's value under the same key, and an item of a list with
// x-kubernetes-list-type: map with the old list's first item of the same keys. Items of other
// lists (atomic and set) have no old value.

import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from './json-values.ts';
import { additionalPropertiesOf, isSchemaObject, itemsOf, type RuleSchema } from './rule-schema.ts';

/** A map list's key of an item: every key property present and scalar, else undefined (the item matches nothing). */
function itemKey(item: unknown, keyNames: readonly string[]): string | undefined {
  if (!isPlainObject(item)) return undefined;
  const parts: string[] = [];
  for (const name of keyNames) {
    if (!Object.hasOwn(item, name)) return undefined;
    const value = item[name];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
    parts.push(`${typeof value}:${String(value)}`);
  }
  return JSON.stringify(parts);
}

/** The old items of a list, looked up by the keys of a new item (kube's MapList). */
export interface OldItems {
  get(item: unknown): unknown;
}

const noOldItems: OldItems = { get: () => undefined };

/** The old items of a list of `schema`: by key for a map list with keys, none otherwise. */
export function oldItemsOf(schema: RuleSchema, old: unknown): OldItems {
  const keyNames = schema['x-kubernetes-list-map-keys'];
  if (schema.type !== 'array' || schema['x-kubernetes-list-type'] !== 'map' || !Array.isArray(keyNames) || keyNames.length === 0) return noOldItems;
  if (!Array.isArray(old) || old.length === 0) return noOldItems;
  let byKey: Map<string, unknown> | undefined;
  return {
    get(item) {
      const key = itemKey(item, keyNames);
      if (key === undefined) return undefined;
      if (byKey === undefined) {
        byKey = new Map();
        for (const oldItem of old) {
          const oldKey = itemKey(oldItem, keyNames);
          // The first of duplicate items is the one found.
          if (oldKey !== undefined && !byKey.has(oldKey)) byKey.set(oldKey, oldItem);
        }
      }
      return byKey.get(key);
    },
  };
}

const isNil = (value: unknown): boolean => value === undefined || value === null;

/** A value and its old value, with the schema that describes both (kube's CorrelatedObject). */
export class Correlated {
  readonly value: unknown;
  readonly old: unknown;
  readonly schema: RuleSchema;
  #equal: boolean | undefined;
  #oldItems: OldItems | undefined;
  readonly #children = new Map<string | number, Correlated | undefined>();

  constructor(value: unknown, old: unknown, schema: RuleSchema) {
    this.value = value;
    this.old = old;
    this.schema = schema;
  }

  /** The field or map key of both values, when both have it and the schema describes it. */
  key(field: string): Correlated | undefined {
    if (this.#children.has(field)) return this.#children.get(field);
    let child: Correlated | undefined;
    if (isPlainObject(this.value) && isPlainObject(this.old) && Object.hasOwn(this.value, field) && Object.hasOwn(this.old, field)) {
      const properties = this.schema.properties;
      const schema = isSchemaObject(properties) && isSchemaObject(properties[field]) ? properties[field] : additionalPropertiesOf(this.schema);
      if (schema !== undefined) child = new Correlated(this.value[field], this.old[field], schema);
    }
    this.#children.set(field, child);
    return child;
  }

  /** The item at `index` of the new list and its old item (only map lists correlate items). */
  index(index: number): Correlated | undefined {
    if (this.#children.has(index)) return this.#children.get(index);
    let child: Correlated | undefined;
    const items = itemsOf(this.schema);
    if (Array.isArray(this.value) && Array.isArray(this.old) && index < this.value.length && items !== undefined) {
      this.#oldItems ??= oldItemsOf(this.schema, this.old);
      const old = this.#oldItems.get(this.value[index]);
      if (old !== undefined) child = new Correlated(this.value[index], old, items);
    }
    this.#children.set(index, child);
    return child;
  }

  /** Whether the value equals its old value (compared through the correlated children). */
  unchanged(): boolean {
    this.#equal ??= this.#compare();
    return this.#equal;
  }

  #compare(): boolean {
    if (isNil(this.value) || isNil(this.old)) return isNil(this.value) && isNil(this.old);
    if (Array.isArray(this.value) !== Array.isArray(this.old) || isPlainObject(this.value) !== isPlainObject(this.old)) return false;
    if (Array.isArray(this.value) && Array.isArray(this.old)) {
      if (this.value.length !== this.old.length) return false;
      for (let i = 0; i < this.value.length; i++) {
        const child = this.index(i);
        // Items that cannot be correlated: the lists compare as a whole, unless this is a map list.
        if (child === undefined) return this.schema['x-kubernetes-list-type'] !== 'map' && isDeepStrictEqual(this.value, this.old);
        if (!child.unchanged()) return false;
      }
      return true;
    }
    if (isPlainObject(this.value) && isPlainObject(this.old)) {
      const keys = Object.keys(this.value);
      if (keys.length !== Object.keys(this.old).length) return false;
      return keys.every((key) => this.key(key)?.unchanged() === true);
    }
    return isDeepStrictEqual(this.value, this.old);
  }
}

/**
 * Where a node stands for ratcheting: its correlated value, or (when it has none) the nearest
 * ancestor's. An error of a rule that does not use oldSelf, at a node whose value (or nearest
 * correlated ancestor's) did not change, is only a warning.
 */
export class Ratchet {
  static readonly none = new Ratchet(undefined, undefined);
  readonly #current: Correlated | undefined;
  readonly #nearestParent: Correlated | undefined;

  constructor(current: Correlated | undefined, nearestParent: Correlated | undefined) {
    this.#current = current;
    this.#nearestParent = nearestParent;
  }

  get ratchets(): boolean {
    return this.#current !== undefined ? this.#current.unchanged() : this.#nearestParent?.unchanged() === true;
  }

  key(field: string): Ratchet {
    if (this.#current === undefined) return this;
    // apiVersion and kind are the same in both versions as converted: a change to them cannot be seen.
    if (this.#nearestParent === undefined && (field === 'apiVersion' || field === 'kind')) return Ratchet.none;
    return new Ratchet(this.#current.key(field), this.#current);
  }

  index(index: number): Ratchet {
    if (this.#current === undefined) return this;
    return new Ratchet(this.#current.index(index), this.#current);
  }
}
