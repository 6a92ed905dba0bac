// Go's JSON decoding reads an escaped UTF-16 surrogate without its partner ("\ud800") as U+FFFD;
// JSON.parse keeps the lone surrogate, a string no UTF-8 encoder can write back. These make the
// strings and keys of a parsed value well-formed as Go would have them, without recursion.

import { isJsonObject, type JsonObject } from './read-field.ts';

const surrogateEscape = /\\u[dD][89a-fA-F]/;

/** Whether a JSON text may hold a lone surrogate: only an escape can put one in a parsed string. */
export const mayHoldLoneSurrogates = (text: string): boolean => surrogateEscape.test(text);

/** The value with every lone surrogate of its strings and keys replaced by U+FFFD (containers in place). */
export function replaceLoneSurrogates(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  const pending: Container[] = [];
  if (Array.isArray(value) || isJsonObject(value)) pending.push(value);
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length; index++) container[index] = wellFormed(container[index], pending);
      continue;
    }
    const keys = Object.keys(container);
    if (keys.every((key) => key.isWellFormed())) {
      for (const key of keys) container[key] = wellFormed(container[key], pending);
      continue;
    }
    // Keys change: write them again in their order (a key made equal to an earlier one takes its
    // place and the last value, as Go's map does). defineProperty, so "__proto__" stays a key.
    const entries = keys.map((key) => [key.toWellFormed(), wellFormed(container[key], pending)] as const);
    for (const key of keys) delete container[key];
    for (const [key, item] of entries) Object.defineProperty(container, key, { value: item, writable: true, enumerable: true, configurable: true });
  }
  return value;
}

type Container = unknown[] | JsonObject;

function wellFormed(item: unknown, pending: Container[]): unknown {
  if (typeof item === 'string') return item.isWellFormed() ? item : item.toWellFormed();
  if ((Array.isArray(item) || isJsonObject(item)) && !Object.isFrozen(item)) pending.push(item);
  return item;
}
